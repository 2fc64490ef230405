package roundtripmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// nights is written in the round-trip style but reads the answer's
// content with single-value assertions, which panic on a client that
// answers otherwise (mcp-go recovers, the call fails).
func nights(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "nights")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("nights", mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema}).ToolResult(), nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		if res.Action == mcp.ElicitationResponseActionDecline {
			return mcp.NewToolResultText("declined"), nil
		}
		return mcp.NewToolResultText("cancelled"), nil
	}
	m := res.Content.(map[string]any) // want `single-value type assertion res.Content.\(map\[string\]any\) panics when a client answers with another type: round-trip answers are not checked against the requested schema; use the comma-ok form \(round-trip\)`
	n := m["nights"].(float64)        // want `single-value type assertion m\["nights"\].\(float64\) panics.*\(round-trip\)`
	if c, ok := res.Content.(map[string]any); ok {
		_, _ = c["nights"].(float64)
	}
	_ = n
	return mcp.NewToolResultText("booked"), nil
}

// raw reads the struct field that stays nil for 2026-07-28 answers.
func raw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := req.Params.InputResponses["nights"]; !ok {
		return server.NewInputRequestBuilder("").Elicit("nights", mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema}).ToolResult(), nil
	}
	action := req.Params.InputResponses["nights"].Elicitation.Action // want `req.Params.InputResponses\["nights"\].Elicitation stays nil for answers from 2026-07-28 clients until DecodeFor runs: read the answer with server.ElicitationResponse\(req.Params.InputResponses, "nights"\).*\(round-trip\)`
	return mcp.NewToolResultText(string(action)), nil
}

// rawVar reads the same field through a variable.
func rawVar(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, ok := req.Params.InputResponses["nights"]
	if !ok {
		return server.NewInputRequestBuilder("").Elicit("nights", mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema}).ToolResult(), nil
	}
	if r.Elicitation == nil { // want `r.Elicitation stays nil for answers from 2026-07-28 clients until DecodeFor runs.*\(round-trip\)`
		return mcp.NewToolResultText("no answer"), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// decoded calls DecodeFor first: silent.
func decoded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, ok := req.Params.InputResponses["nights"]
	if !ok {
		return server.NewInputRequestBuilder("").Elicit("nights", mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema}).ToolResult(), nil
	}
	if err := r.DecodeFor(mcp.MethodElicitationCreate); err != nil {
		return nil, err
	}
	resp := req.Params.InputResponses
	x := resp["nights"]
	if err := x.DecodeFor(mcp.MethodElicitationCreate); err != nil {
		return nil, err
	}
	_ = resp
	return mcp.NewToolResultText("ok"), nil
}

// unsent builds the result by hand and forgets ResultType: mcp-go never
// sends the requests.
func unsent(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "nights") == nil {
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"nights": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema})}, // want `result has InputRequests but no ResultType: mcp.ResultTypeInputRequired, so NeedsInput\(\) is false and mcp-go never sends the requests.*\(round-trip\)`
		}}, nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// sent sets it, or sets it later: silent.
func sent(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "nights") != nil {
		return mcp.NewToolResultText("ok"), nil
	}
	if ctx == nil {
		return &mcp.CallToolResult{
			Result:               mcp.Result{ResultType: mcp.ResultTypeInputRequired},
			MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: mcp.InputRequests{"nights": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema})}},
		}, nil
	}
	r := &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: mcp.InputRequests{"nights": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema})}}}
	r.ResultType = mcp.ResultTypeInputRequired
	return r, nil
}

// forever asks on every call and never reads the answer.
func forever(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler returns InputRequests on every path and never reads InputResponses.*\(round-trip\)`
	return server.NewInputRequestBuilder("").Elicit("nights", mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema}).ToolResult(), nil
}
