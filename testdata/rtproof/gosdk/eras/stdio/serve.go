// Package stdio serves a tool that elicits directly over stdio: a session
// there negotiates protocol 2026-07-28 with a current client, which refuses
// the request.
package stdio

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Serve serves the "ask" tool on the process's stdin and stdout.
func Serve(ctx context.Context) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "eras", Version: "v0.0.1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "ask", Description: "Ask the user"}, ask)
	return s.Run(ctx, &mcp.StdioTransport{})
}

func ask(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Go ahead?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	})
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "answered " + res.Action}}}, nil, nil
}
