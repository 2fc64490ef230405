// Package stdio serves a tool that elicits directly over stdio: a current
// client sends its requests on protocol 2026-07-28 there, which refuses the
// request.
package stdio

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Serve serves the "ask" tool on the process's stdin and stdout.
func Serve() error {
	s := server.NewMCPServer("eras", "0.0.1")
	s.AddTool(mcp.NewTool("ask", mcp.WithDescription("Ask the user")), ask(s))
	return server.ServeStdio(s)
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
