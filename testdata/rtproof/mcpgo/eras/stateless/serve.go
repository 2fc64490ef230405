// Package stateless serves a tool that elicits directly over a stateless streamable HTTP server.
package stateless

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Handler serves the "ask" tool over HTTP at baseURL.
func Handler(baseURL string) http.Handler {
	s := server.NewMCPServer("eras", "0.0.1")
	s.AddTool(mcp.NewTool("ask", mcp.WithDescription("Ask the user")), ask(s))
	return server.NewStreamableHTTPServer(s, server.WithStateLess(true))
}

func ask(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Go ahead?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}})
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("answered " + string(res.Action)), nil
	}
}
