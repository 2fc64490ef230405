// Package roundtripmcpgo holds the round-trip check's cases for mcp-go.
package roundtripmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var schema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"nights": map[string]any{"type": "integer"}},
	"required":   []string{"nights"},
}

// register captures the server, as most mcp-go servers do; book gets the
// fix.
func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("book"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema}}) // want `MCPServer.RequestElicitation returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28.*\(round-trip\)`
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText("booked"), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("declined"), nil
		default:
			return mcp.NewToolResultText("cancelled"), nil
		}
	})
}

// connect uses url mode through the positional method: reported, no fix.
func connect(ctx context.Context, s *server.MCPServer, session server.ClientSession, id string) error { // want connect:`elicitWrapper\(3:ElicitationID\) mode=url`
	res, err := s.RequestURLElicitation(ctx, session, id, "https://example.com/connect", "Connect your account") // want `MCPServer.RequestURLElicitation returns ErrServerInitiatedRequestUnsupported.*\(round-trip\)`
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errors.New("declined")
	case mcp.ElicitationResponseActionCancel:
		return errors.New("cancelled")
	}
	return errors.New("unknown action")
}

// The session interface skips mcp-go's protocol gate: the request is sent
// on 2026-07-28 sessions too, and may never be answered.
func viaSession(ctx context.Context, session server.SessionWithElicitation) (*mcp.ElicitationResult, error) {
	return session.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "ok", RequestedSchema: schema}}) // want `SessionWithElicitation.RequestElicitation sends the request even on sessions that negotiate protocol 2026-07-28.*nothing stops it.*\(round-trip\)`
}
