package failopenmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var runIt = mcp.ElicitationParams{Message: "Run it?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}

// A tool-handler middleware that runs the tool unasked where the client
// cannot be asked: next is the handler it wraps, the work.
func runOpen(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(request.Params.InputResponses, "run")
		if res == nil {
			if !canAskUser(ctx) {
				return next(ctx, request) // want `the function literal calls next\(\.\.\.\) when InputResponses has no answer "run", as it does when the user accepts.*\(fail-open\)`
			}
			return server.NewInputRequestBuilder("").Elicit("run", runIt).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return next(ctx, request)
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultError("not run"), nil
		}
		return mcp.NewToolResultError("unknown action"), nil
	}
}

// Its near miss: the same middleware refuses a client it cannot ask.
func runClosed(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(request.Params.InputResponses, "run2")
		if res == nil {
			if !canAskUser(ctx) {
				return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("run2", runIt).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return next(ctx, request)
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultError("not run"), nil
		}
		return mcp.NewToolResultError("unknown action"), nil
	}
}

// A middleware kept as a struct: next is a field.
type confirmMW struct{ next server.ToolHandlerFunc }

// Handle runs the wrapped tool unasked where the client cannot be asked.
func (m *confirmMW) Handle(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "run3")
	if res == nil {
		if !canAskUser(ctx) {
			return m.next(ctx, request) // want `confirmMW.Handle calls m.next\(\.\.\.\) when InputResponses has no answer "run3", as it does when the user accepts.*\(fail-open\)`
		}
		return server.NewInputRequestBuilder("").Elicit("run3", runIt).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return m.next(ctx, request)
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultError("not run"), nil
	}
	return mcp.NewToolResultError("unknown action"), nil
}

// HandleClosed is its near miss.
func (m *confirmMW) HandleClosed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "run4")
	if res == nil {
		if !canAskUser(ctx) {
			return mcp.NewToolResultError("cannot ask"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("run4", runIt).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return m.next(ctx, request)
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultError("not run"), nil
	}
	return mcp.NewToolResultError("unknown action"), nil
}
