package roundtripgosdk

import (
	"context"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Results that carry a RequestState alone. go-sdk marks a result
// input_required only when it has InputRequests, so these go out complete
// and empty, and the client never calls again with the state.

var stepSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"ok": map[string]any{"type": "boolean"}},
}

// waitForPayment waits for an out-of-band step by returning its state
// alone, as the spec allows and go-sdk does not send.
func waitForPayment(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "paid" { // want `RequestState is compared with "paid", which no result of this package sets.*\(round-trip\)`
		return reply("paid"), nil
	}
	return &mcp.CallToolResult{RequestState: "waiting"}, nil // want `result carries RequestState and no InputRequests: go-sdk sends a result as input-required only when it has requests, so this one goes out complete and empty.*\(round-trip\)`
}

// The same in a variable, in a switch.
func nextStep(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch step := req.Params.RequestState; {
	case step == "":
		res := &mcp.CallToolResult{RequestState: "step-1"} // want `result carries RequestState and no InputRequests.*\(round-trip\)`
		return res, nil
	case strings.HasPrefix(step, "step-"):
		return reply("done"), nil
	}
	return nil, errors.New("unknown step")
}

// A prompt result too.
func promptStep(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if req.Params.RequestState == "" {
		return &mcp.GetPromptResult{RequestState: "step-1"}, nil // want `result carries RequestState and no InputRequests.*\(round-trip\)`
	}
	return &mcp.GetPromptResult{Description: "done"}, nil
}

// Near misses.

// The state beside a request: sent as input_required.
func stepWithRequest(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["ok"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{RequestState: "step-1", InputRequests: mcp.InputRequestMap{"ok": &mcp.ElicitParams{Message: "Go on?", RequestedSchema: stepSchema}}}, nil
	}
	switch res.Action {
	case "accept":
		return reply("done"), nil
	case "decline", "cancel":
		return reply("stopped"), nil
	}
	return nil, errors.New("unknown action")
}

// The requests are added to the variable later.
func stepLater(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["ok"].(*mcp.ElicitResult)
	if !ok {
		asking := &mcp.CallToolResult{RequestState: "step-1"}
		asking.InputRequests = mcp.InputRequestMap{"ok": &mcp.ElicitParams{Message: "Go on?", RequestedSchema: stepSchema}}
		return asking, nil
	}
	switch res.Action {
	case "accept":
		return reply("done"), nil
	case "decline", "cancel":
		return reply("stopped"), nil
	}
	return nil, errors.New("unknown action")
}

// A final result that happens to carry a state: complete, as meant.
func finalWithState(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}, RequestState: "final"}, nil
}

// An empty state.
func emptyState(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{RequestState: ""}, nil
}
