// Command mixed serves over stdio, or statelessly over HTTP when given an address.
package main

import (
	"context"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "eras"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "ask"}, ask)
	if addr := os.Getenv("ADDR"); addr != "" {
		http.ListenAndServe(addr, mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
		return
	}
	s.Run(context.Background(), &mcp.StdioTransport{})
}

func ask(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}) // want `can never be answered over a stateless streamable HTTP handler, on any protocol: .*; over stdio, it fails with .* on sessions that negotiate protocol 2026-07-28, as current clients do by default: return.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Action}}}, nil, nil
}
