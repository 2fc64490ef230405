// Command sse serves mcp-go over SSE, whose sessions cannot send requests, even with the legacy option.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("eras", "1", server.WithLegacyServerInitiatedRequests())
	s.AddTool(mcp.NewTool("ask"), ask(s))
	server.NewSSEServer(s, server.WithBaseURL("http://localhost:8080")).Start(":8080")
}

func ask(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}}) // want `can never be answered over an SSE server, on any protocol: mcp-go.s SSE sessions cannot send a request to the client, and sessions of protocol 2026-07-28 refuse it: return.*\(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	}
}
