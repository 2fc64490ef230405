// Command flagged chooses stateless mode with a flag: the era is unknown, so the finding keeps the general wording.
package main

import (
	"context"
	"flag"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var stateless = flag.Bool("stateless", false, "serve statelessly")

func main() {
	flag.Parse()
	s := mcp.NewServer(&mcp.Implementation{Name: "eras"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "ask"}, ask)
	http.ListenAndServe(":8080", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: *stateless}))
}

func ask(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object"}}) // want `on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default: return the request.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Action}}}, nil, nil
}
