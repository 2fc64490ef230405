// Command stateless serves go-sdk over a stateless streamable HTTP handler, its options set field by field.
package main

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "eras"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "ask"}, ask)
	opts := &mcp.StreamableHTTPOptions{}
	opts.Stateless = true
	http.ListenAndServe(":8080", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, opts))
}

func ask(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}) // want `can never be answered over a stateless streamable HTTP handler, on any protocol: a stateless handler has no session to send a request on, so go-sdk fails it on older protocols, and sessions of protocol 2026-07-28 refuse it: return the request .* which clients of protocol 2026-07-28 answer there \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Action}}}, nil, nil
}
