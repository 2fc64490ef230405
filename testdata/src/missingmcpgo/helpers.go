package missingmcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Missing answers read through a helper of the package, and in a loop over
// the keys the handler asks for (issue 36 §2).

// mustAnswer returns the answer to id, or an error when there is none.
func mustAnswer(req mcp.CallToolRequest, id string) (*mcp.ElicitationResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, id)
	if res == nil {
		return nil, fmt.Errorf("no answer to %q", id)
	}
	return res, nil
}

// byHelper fails on the helper's error, in the if's init.
func byHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "" {
		return server.NewInputRequestBuilder("asked").Elicit("confirm", confirm).ToolResult(), nil
	}
	if _, err := mustAnswer(req, "confirm"); err != nil {
		return mcp.NewToolResultErrorFromErr("cannot go on", err), nil // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return mcp.NewToolResultText("done"), nil
}

// answerOf is a helper that returns nil when there is no answer.
func answerOf(req mcp.CallToolRequest, id string) *mcp.ElicitationResult {
	if len(req.Params.InputResponses) == 0 {
		return nil
	}
	return server.ElicitationResponse(req.Params.InputResponses, id)
}

// byLoop asks for each key, and fails on the first one missing, through a
// helper that returns nil.
func byLoop(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	fields := []string{"city", "date"}
	if req.Params.RequestState == "" {
		b := server.NewInputRequestBuilder("asked")
		for _, f := range fields {
			b = b.Elicit(f, mcp.ElicitationParams{Message: "Your " + f + "?"})
		}
		return b.ToolResult(), nil
	}
	for _, f := range fields {
		res := answerOf(req, f)
		if res == nil {
			return mcp.NewToolResultError("missing " + f), nil // want `the call fails here when the answer to "city" is missing.*\(round-trip\)`
		}
	}
	return mcp.NewToolResultText("booked"), nil
}

// Near misses.

// helperAsksAgain asks again when the helper finds no answer.
func helperAsksAgain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := mustAnswer(req, "confirm")
	if err != nil {
		return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// loopAsksAgain asks again for every key not answered yet.
func loopAsksAgain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b := server.NewInputRequestBuilder("")
	again := false
	for _, f := range []string{"city", "date"} {
		if answerOf(req, f) == nil {
			b = b.Elicit(f, mcp.ElicitationParams{Message: "Your " + f + "?"})
			again = true
		}
	}
	if again {
		return b.ToolResult(), nil
	}
	return mcp.NewToolResultText("booked"), nil
}
