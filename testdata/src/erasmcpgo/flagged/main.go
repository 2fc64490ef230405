// Command flagged chooses stateless mode with a flag: the general wording.
package main

import (
	"context"
	"flag"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var stateless = flag.Bool("stateless", false, "serve statelessly")

func main() {
	flag.Parse()
	s := server.NewMCPServer("eras", "1")
	s.AddTool(mcp.NewTool("ask"), ask(s))
	server.NewStreamableHTTPServer(s, server.WithStateLess(*stateless)).Start(":8080")
}

func ask(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}}) // want `on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default: return.*\(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	}
}
