// Command stdio serves mcp-go over stdio.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("eras", "1")
	s.AddTool(mcp.NewTool("ask"), ask(s))
	server.ServeStdio(s)
}

func ask(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}}) // want `returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default over stdio: return the request .*which works with old and new clients \(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	}
}
