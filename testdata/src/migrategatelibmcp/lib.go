// Package migrategatelibmcp holds an mcp-go confirmation gate that other
// packages call (migrategateusemcp).
package migrategatelibmcp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Approve asks through the server its caller passes; it gets the call's
// request after its context, and a key.
func Approve(ctx context.Context, s *server.MCPServer, what string) (bool, error) { // want Approve:`decision\(0=true,none=false,MCPServer\.RequestElicitation,always\)`
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Approve " + what + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*: return the request from the tool, prompt or resource handler that needs the answer.* \(round-trip\)`
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}
