// Package stepsgosdk is go-sdk's conformance multi-round handler with the
// state of round 1 left out: the step that reads it never runs.
package stepsgosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var nameSchema = map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func multiRound(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	state := req.Params.RequestState
	switch {
	case state == "":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"step1": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}, nil, nil
	case state == "round=1": // want `RequestState is compared with "round=1", which no result of this package sets: the step it selects never runs.*\(round-trip\)`
		name := "unknown"
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"step2": &mcp.ElicitParams{Message: "Your colour?", RequestedSchema: nameSchema}},
			RequestState:  "round=2;name=" + name,
		}, nil, nil
	}
	return text("done"), nil, nil
}

// A switch on the state, and a prefix that no minted text starts with.
func review(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState {
	case "review": // want `RequestState is compared with "review", which no result of this package sets.*\(round-trip\)`
		return text("reviewed"), nil, nil
	case "round=2;name=ann":
		return text("ann"), nil, nil
	}
	return text("start"), nil, nil
}
