// Command http serves mcp-go over streamable HTTP, which serves 2026-07-28 to current clients whether stateful or not.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("eras", "1")
	s.AddTool(mcp.NewTool("ask"), ask(s))
	server.NewStreamableHTTPServer(s, server.WithStateLess(false)).Start(":8080")
}

func ask(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}}) // want `returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default over a streamable HTTP server: return.*\(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	}
}
