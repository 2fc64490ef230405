// Command sse serves go-sdk over its SSE handler, which serves only older protocols (near miss: silent).
package main

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "eras"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "ask"}, ask)
	http.ListenAndServe(":8080", mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return s }, nil))
}

func ask(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}})
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Action}}}, nil, nil
}
