// Package stateechogosdk has rounds that ask under the state they were
// given (issue 38 §3): go-sdk's conformance server's multi-round handler,
// with the second round's state left as it came.
package stateechogosdk

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func content(responses mcp.InputResponseMap, key string) map[string]any {
	res, ok := responses[key].(*mcp.ElicitResult)
	if !ok || res.Action != "accept" {
		return nil
	}
	return res.Content
}

// multiRound is the conformance server's handler with RequestState: state
// in its second round.
func multiRound(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	state := req.Params.RequestState
	switch {
	case state == "":
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"step1": &mcp.ElicitParams{Message: "Step 1: What is your name?"}},
			RequestState:  "round=1",
		}, nil, nil
	case state == "round=1":
		name, _ := content(req.Params.InputResponses, "step1")["name"].(string)
		_ = name
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"step2": &mcp.ElicitParams{Message: "Step 2: What is your favorite color?"}},
			RequestState:  state, // want `this round asks for "step2" under the RequestState it was given \("round=1", which selects this step\): the next call comes back to the same step, which never reads the answer to "step2", so the client is asked the same question for ever; set RequestState to the state of the step that reads it \(round-trip\)`
		}, nil, nil
	default:
		color, _ := content(req.Params.InputResponses, "step2")["color"].(string)
		name := strings.TrimPrefix(state, "round=2;name=")
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("%s likes %s", name, color)}}}, nil, nil
	}
}

// byTag switches on the state itself, and echoes the request's field.
func byTag(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState {
	case "":
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"amount": &mcp.ElicitParams{Message: "How much?"}},
			RequestState:  "amount",
		}, nil, nil
	case "amount":
		if _, ok := req.Params.InputResponses["amount"]; !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"amount": &mcp.ElicitParams{Message: "How much?"}},
				RequestState:  req.Params.RequestState, // asks again for its own answer: fine
			}, nil, nil
		}
		reqs := mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Send it?"}}
		return &mcp.CallToolResult{InputRequests: reqs, RequestState: req.Params.RequestState}, nil, nil // want `this round asks for "confirm" under the RequestState it was given \("amount", which selects this step\).*\(round-trip\)`
	case "confirm": // want `RequestState is compared with "confirm", which no result of this package sets.*\(round-trip\)`
		if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok && res.Action == "accept" {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "sent"}}}, nil, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
	}
	return nil, nil, fmt.Errorf("unknown state %q", req.Params.RequestState)
}

// Near misses.

// asksAgain asks again for the answer its own step reads, under the
// same state.
func asksAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	state := req.Params.RequestState
	if state == "" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"city": &mcp.ElicitParams{Message: "Which city?"}}, RequestState: "city"}, nil, nil
	}
	if state == "city" {
		c := content(req.Params.InputResponses, "city")
		if c == nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"city": &mcp.ElicitParams{Message: "Which city?"}}, RequestState: state}, nil, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(c["city"])}}}, nil, nil
	}
	return nil, nil, fmt.Errorf("unknown state %q", state)
}

// notAStep carries an ID in the state, which selects no step.
func notAStep(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["ok"].(*mcp.ElicitResult); ok {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(res.Action)}}}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"ok": &mcp.ElicitParams{Message: "Go?"}}, RequestState: req.Params.RequestState}, nil, nil
}

// advanced sets the next step's state: the original handler.
func advanced(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	state := req.Params.RequestState
	switch {
	case state == "":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"first": &mcp.ElicitParams{Message: "First?"}}, RequestState: "round=1"}, nil, nil
	case state == "round=1":
		_ = content(req.Params.InputResponses, "first")
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"second": &mcp.ElicitParams{Message: "Second?"}}, RequestState: "round=2"}, nil, nil
	case state == "round=2":
		_ = content(req.Params.InputResponses, "second")
	}
	return &mcp.CallToolResult{}, nil, nil
}

// tierThenBeneficiary names each step after the key it asks for: the
// state "beneficiary" one branch sets is a step, not a read of the
// answer, and the branch that gives back "tier" still loops.
func tierThenBeneficiary(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	beneficiary := mcp.InputRequestMap{"beneficiary": &mcp.ElicitParams{Message: "Who?"}}
	switch req.Params.RequestState {
	case "":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"tier": &mcp.ElicitParams{Message: "Tier?"}}, RequestState: "tier"}, nil, nil
	case "tier":
		res, ok := req.Params.InputResponses["tier"].(*mcp.ElicitResult)
		if !ok || res.Action != "accept" {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "unchanged"}}}, nil, nil
		}
		if res.Content["tier"] == "spouse" {
			return &mcp.CallToolResult{InputRequests: beneficiary, RequestState: "beneficiary"}, nil, nil
		}
		return &mcp.CallToolResult{InputRequests: beneficiary, RequestState: req.Params.RequestState}, nil, nil // want `this round asks for "beneficiary" under the RequestState it was given \("tier", which selects this step\).*\(round-trip\)`
	case "beneficiary":
		if _, ok := req.Params.InputResponses["beneficiary"].(*mcp.ElicitResult); ok {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "saved"}}}, nil, nil
		}
		return &mcp.CallToolResult{InputRequests: beneficiary, RequestState: "beneficiary"}, nil, nil
	}
	return nil, nil, fmt.Errorf("unknown state %q", req.Params.RequestState)
}
