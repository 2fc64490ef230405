// Command stateless serves mcp-go over stateless streamable HTTP, its options in a slice.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("eras", "1")
	s.AddTool(mcp.NewTool("ask"), ask(s))
	opts := []server.StreamableHTTPOption{server.WithStateLess(true)}
	server.NewStreamableHTTPServer(s, opts...).Start(":8080")
}

func ask(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}}) // want `can never be answered over a stateless streamable HTTP server, on any protocol: a client.s answer cannot reach a stateless server, so on older protocols the call waits until its context ends, and sessions of protocol 2026-07-28 refuse it: return the request .* which clients of protocol 2026-07-28 answer there \(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	}
}
