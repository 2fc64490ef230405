// Command statelesspinned pins its server to older protocols, which keeps direct requests working on stdio, but serves it statelessly, where none is ever answered.
package main

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "eras"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"}})
	mcp.AddTool(s, &mcp.Tool{Name: "ask"}, ask)
	http.ListenAndServe(":8080", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, handlerOptions()))
}

func handlerOptions() *mcp.StreamableHTTPOptions {
	return &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}
}

func ask(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}) // want `can never be answered over a stateless streamable HTTP handler, on any protocol: .*and sessions of protocol 2026-07-28 refuse it: return.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Action}}}, nil, nil
}
