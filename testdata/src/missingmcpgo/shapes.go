package missingmcpgo

import (
	"context"
	"errors"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// More shapes of a missing answer that fails the call (issue 36 §2).

// nilNotNext: the nil test is not the statement right after the read.
func nilNotNext(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	log.Printf("state %q", req.Params.RequestState)
	if req.Params.RequestState == "" {
		return server.NewInputRequestBuilder("asked").Elicit("confirm", confirm).ToolResult(), nil
	}
	if res == nil {
		return nil, errors.New("confirm first") // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// nilCase: a case of a tagless switch.
func nilCase(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	switch {
	case res == nil:
		return mcp.NewToolResultError("no answer to confirm"), nil // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	case res.Action == mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("done"), nil
	}
	return mcp.NewToolResultText("kept"), nil
}

// afterAnswer: the answered branch leaves; what follows fails when the
// client answered something else.
func afterAnswer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "confirm"); res != nil {
		return mcp.NewToolResultText(string(res.Action)), nil
	}
	if len(req.Params.InputResponses) > 0 {
		return mcp.NewToolResultError("unexpected answers"), nil // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
}

// Near misses.

// afterAnswerAsks asks again after the answered branch.
func afterAnswerAsks(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "confirm"); res != nil {
		return mcp.NewToolResultText(string(res.Action)), nil
	}
	return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
}

// nilCaseAsks asks in the case without an answer.
func nilCaseAsks(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	switch {
	case res == nil:
		return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
	case res.Action != mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultError("declined"), nil
	}
	return mcp.NewToolResultText("done"), nil
}
