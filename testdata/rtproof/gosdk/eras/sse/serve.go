// Package sse serves a tool that elicits directly over the deprecated HTTP+SSE transport, which serves only protocols before 2026-07-28.
package sse

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Handler serves the "ask" tool over HTTP.
func Handler() http.Handler {
	s := mcp.NewServer(&mcp.Implementation{Name: "eras", Version: "v0.0.1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "ask", Description: "Ask the user"}, ask)
	return mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return s }, nil)
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
