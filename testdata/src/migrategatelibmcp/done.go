package migrategatelibmcp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Grant is a gate that an earlier -fix gave its round-trip version,
// GrantRoundTrip below: the callers' packages switch to it.
func Grant(ctx context.Context, s *server.MCPServer, what string) (bool, error) { // want Grant:`decision\(0=true,none=false,MCPServer\.RequestElicitation,always\)`
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Grant " + what + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*; no automatic fix: GrantRoundTrip, its round-trip version, is declared already.* \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// GrantRoundTrip is Grant on the round trip of protocol 2026-07-28.
func GrantRoundTrip(ctx context.Context, request mcp.CallToolRequest, key string, s *server.MCPServer, what string) (bool, *mcp.CallToolResult, error) { // want GrantRoundTrip:`keyedAsk\(2\)`
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		var caps *mcp.ClientCapabilities
		if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
			caps = info.ClientCapabilities
		} else if session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
			c := session.GetClientCapabilities()
			caps = &c
		}
		if caps != nil && caps.Elicitation != nil {
			return false, server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{Message: "Grant " + what + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}).ToolResult(), nil
		}
		return false, nil, server.ErrElicitationNotSupported
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil, nil
}
