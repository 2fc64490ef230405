// Package stateechomcpgo has rounds that ask under the state they were
// given (issue 38 §3), with mcp-go's builder.
package stateechomcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"value": map[string]any{"type": "string"}}}

// wizard's second round passes the state it was given to the builder.
func wizard(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	state := req.Params.RequestState
	if state == "" {
		return server.NewInputRequestBuilder("name").
			Elicit("name", mcp.ElicitationParams{Message: "Your name?", RequestedSchema: schema}).
			ToolResult(), nil
	}
	if state == "name" && server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		b := server.NewInputRequestBuilder(state) // want `this round asks for "colour" under the RequestState it was given \("name", which selects this step\).*\(round-trip\)`
		return b.Elicit("colour", mcp.ElicitationParams{Message: "Your colour?", RequestedSchema: schema}).ToolResult(), nil
	}
	if state == "colour" { // want `RequestState is compared with "colour", which no result of this package sets.*\(round-trip\)`
		if res := server.ElicitationResponse(req.Params.InputResponses, "colour"); res != nil {
			return mcp.NewToolResultText("done"), nil
		}
	}
	return mcp.NewToolResultError("unknown state"), nil // want `the call fails here when the answer to "colour" is missing.*\(round-trip\)`
}

// Near misses.

// again asks again for its own step's answer under the same state.
func again(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.Params.RequestState {
	case "":
		return server.NewInputRequestBuilder("size").Elicit("size", mcp.ElicitationParams{Message: "Size?", RequestedSchema: schema}).ToolResult(), nil
	case "size":
		if server.ElicitationResponse(req.Params.InputResponses, "size") == nil {
			return server.NewInputRequestBuilder(req.Params.RequestState).Elicit("size", mcp.ElicitationParams{Message: "Size?", RequestedSchema: schema}).ToolResult(), nil
		}
		return mcp.NewToolResultText("ordered"), nil
	case "size+colour": // want `RequestState is compared with "size\+colour", which no result of this package sets.*\(round-trip\)`
		if server.ElicitationResponse(req.Params.InputResponses, "size") != nil {
			return server.NewInputRequestBuilder(req.Params.RequestState).Elicit("colour", mcp.ElicitationParams{Message: "Colour?", RequestedSchema: schema}).ToolResult(), nil // want `this round asks for "colour" under the RequestState it was given \("size\+colour", which selects this step\).*\(round-trip\)`
		}
	}
	return mcp.NewToolResultError("unknown state"), nil
}

// newState builds the next state from the one it was given.
func newState(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	state := req.Params.RequestState
	if state == "a" && server.ElicitationResponse(req.Params.InputResponses, "a") != nil {
		return server.NewInputRequestBuilder(state+"b").Elicit("b", mcp.ElicitationParams{Message: "B?", RequestedSchema: schema}).ToolResult(), nil
	}
	if state == "ab" && server.ElicitationResponse(req.Params.InputResponses, "b") != nil {
		return mcp.NewToolResultText("done"), nil
	}
	return server.NewInputRequestBuilder("a").Elicit("a", mcp.ElicitationParams{Message: "A?", RequestedSchema: schema}).ToolResult(), nil
}

// tierThenBeneficiary names each step after the key it asks for (see
// stateechogosdk): the builder's "beneficiary" is a step, not a read.
func tierThenBeneficiary(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.Params.RequestState {
	case "":
		return server.NewInputRequestBuilder("tier").Elicit("tier", mcp.ElicitationParams{Message: "Tier?", RequestedSchema: schema}).ToolResult(), nil
	case "tier":
		res := server.ElicitationResponse(req.Params.InputResponses, "tier")
		if res == nil || res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("unchanged"), nil
		}
		if c, _ := res.Content.(map[string]any); c["value"] == "spouse" {
			return server.NewInputRequestBuilder("beneficiary").Elicit("beneficiary", mcp.ElicitationParams{Message: "Who?", RequestedSchema: schema}).ToolResult(), nil
		}
		return server.NewInputRequestBuilder(req.Params.RequestState).Elicit("beneficiary", mcp.ElicitationParams{Message: "Who?", RequestedSchema: schema}).ToolResult(), nil // want `this round asks for "beneficiary" under the RequestState it was given \("tier", which selects this step\).*\(round-trip\)`
	case "beneficiary":
		if res := server.ElicitationResponse(req.Params.InputResponses, "beneficiary"); res != nil {
			return mcp.NewToolResultText("saved"), nil
		}
		return server.NewInputRequestBuilder("beneficiary").Elicit("beneficiary", mcp.ElicitationParams{Message: "Who?", RequestedSchema: schema}).ToolResult(), nil
	}
	return mcp.NewToolResultError("unknown state"), nil
}

// question makes the params of a question of the quiz.
func question(text string) mcp.ElicitationParams { // want question:`elicitWrapper\(0:Message\) mode=form`
	return mcp.ElicitationParams{Message: text, RequestedSchema: schema}
}

// quiz makes its params with a function: the call after the builder's
// in the return is not the state.
func quiz(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.Params.RequestState {
	case "":
		return server.NewInputRequestBuilder("q1").Elicit("q1", question("First?")).ToolResult(), nil
	case "q1":
		if server.ElicitationResponse(req.Params.InputResponses, "q1") == nil {
			return server.NewInputRequestBuilder(req.Params.RequestState).Elicit("q1", question("First?")).ToolResult(), nil
		}
		return server.NewInputRequestBuilder(req.Params.RequestState).Elicit("q2", question("Second?")).ToolResult(), nil // want `this round asks for "q2" under the RequestState it was given \("q1", which selects this step\).*\(round-trip\)`
	case "q2": // want `RequestState is compared with "q2", which no result of this package sets.*\(round-trip\)`
		if server.ElicitationResponse(req.Params.InputResponses, "q2") == nil {
			return server.NewInputRequestBuilder(req.Params.RequestState).Elicit("q2", question("Second?")).ToolResult(), nil
		}
		return mcp.NewToolResultText("done"), nil
	}
	return mcp.NewToolResultError("unknown state"), nil
}
