// Package missingmcpgo holds the round-trip check's fixtures for answers
// that go missing (mcp-go).
package missingmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var confirm = mcp.ElicitationParams{Message: "Go?", RequestedSchema: map[string]any{"type": "object"}}

func failsOnRetry(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "" {
		return server.NewInputRequestBuilder("asked").Elicit("confirm", confirm).ToolResult(), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if res == nil {
		return mcp.NewToolResultError("missing confirmation"), nil // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("cancelled"), nil
	}
	return mcp.NewToolResultText("done"), nil
}

func jsonRPCError(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if res == nil {
		return nil, errors.New("missing confirmation") // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

func asksAgain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// someAnswered fails when the client answered something but not this.
func someAnswered(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if res == nil && len(req.Params.InputResponses) > 0 {
		return nil, errors.New("missing confirmation") // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// strict fails on a missing answer only where a setting says so: a
// term on anything but the answers is not taken.
func strict(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if res == nil && strictMode {
		return nil, errors.New("missing confirmation")
	}
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

var strictMode = true
