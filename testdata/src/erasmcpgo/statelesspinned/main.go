// Command statelesspinned narrows its streamable HTTP server to older protocols, which would keep direct requests working, but makes it stateless.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("eras", "1")
	s.AddTool(mcp.NewTool("ask"), ask(s))
	server.NewStreamableHTTPServer(s, server.WithStreamableHTTPProtocolVersions(mcp.LegacyProtocolVersions()...), server.WithStateLess(true)).Start(":8080")
}

func ask(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}}) // want `can never be answered over a stateless streamable HTTP server, on any protocol.*\(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	}
}
