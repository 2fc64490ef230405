package statemcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// The state picks the step that runs from a table of functions.

var handlers = map[string]func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error){}

// dispatchState: a forged state runs any step.
func dispatchState(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	h, ok := handlers[request.Params.RequestState] // want `RequestState decides what the tool does through a lookup in a map of functions.*\(request-state\)`
	if !ok {
		return mcp.NewToolResultError("unknown step"), nil
	}
	return h(ctx, request)
}

// dispatchTool picks by the tool's name: its near miss.
func dispatchTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	h, ok := handlers[request.Params.Name]
	if !ok {
		return mcp.NewToolResultError("unknown tool"), nil
	}
	return h(ctx, request)
}
