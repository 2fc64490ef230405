// Package stepsgosdkok is go-sdk's conformance multi-round handler as the
// SDK ships it: every step's state is set by the round before.
package stepsgosdkok

import (
	"context"
	"strings"

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
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"step1": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}},
			RequestState:  "round=1",
		}, nil, nil
	case state == "round=1":
		name := "unknown"
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"step2": &mcp.ElicitParams{Message: "Your colour?", RequestedSchema: nameSchema}},
			RequestState:  "round=2;name=" + name,
		}, nil, nil
	}
	return text("done " + strings.TrimPrefix(state, "round=2;name=")), nil, nil
}

// A value the prefix mint can make, in a switch.
func named(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState {
	case "round=2;name=unknown":
		return text("no name"), nil, nil
	case "round=1":
		return text("first"), nil, nil
	}
	return text("other"), nil, nil
}
