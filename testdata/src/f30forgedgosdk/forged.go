// Package f30forgedgosdk: in the round trip the action is any string the
// client sends (issue 30 §1), for go-sdk.
package f30forgedgosdk

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

var wipeParams = &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}

func wipe(ctx context.Context) {}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func ask() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeParams}}
}

// threeNoDefault names the three actions and falls into the work.
func threeNoDefault(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return ask(), nil
	}
	switch res.Action {
	case "accept":
	case "decline":
		return text("kept"), nil
	case "cancel":
		return text("cancelled"), nil
	}
	wipe(ctx) // want `threeNoDefault reaches wipe\(...\) when the answer's action is none of "accept", "decline" and "cancel", as only an accepted answer should: a round-trip answer is what the client sends, and its action can be any string; refuse the others before the work \(a default case, or a test for "accept"\) \(fail-open\)`
	return text("wiped"), nil
}

// refusalsOnly is the guard-clause style: the refusals leave.
func refusalsOnly(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return ask(), nil, nil
	}
	if res.Action == "decline" || res.Action == "cancel" {
		return text("kept"), nil, nil
	}
	wipe(ctx) // want `refusalsOnly reaches wipe\(...\) when the answer's action is none of.*\(fail-open\)`
	return text("wiped"), nil, nil
}

// approved is a gate: the others go ahead.
func approved(req *mcp.CallToolRequest) bool {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return false
	}
	switch res.Action {
	case "decline", "cancel":
		return false
	}
	return true // want `approved returns true when the answer's action is none of "accept", "decline" and "cancel", as it does when the user accepts:.*\(fail-open\)`
}

// Near misses.

// withDefault refuses the others.
func withDefault(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return ask(), nil
	}
	switch res.Action {
	case "accept":
	case "decline", "cancel":
		return text("kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	wipe(ctx)
	return text("wiped"), nil
}

// workInAccept does the work in accept's case: the others fall to a reply.
func workInAccept(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return ask(), nil
	}
	switch res.Action {
	case "accept":
		wipe(ctx)
		return text("wiped"), nil
	case "decline":
		return text("kept"), nil
	case "cancel":
		return text("cancelled"), nil
	}
	return text("nothing done"), nil
}

// acceptTested tests for accept: the others are refused.
func acceptTested(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return ask(), nil
	}
	switch res.Action {
	case "decline":
		return text("kept"), nil
	case "cancel":
		return text("cancelled"), nil
	}
	if res.Action != "accept" {
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	wipe(ctx)
	return text("wiped"), nil
}

// direct: a direct answer is left alone (docs/fail-open.md says why).
func direct(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, wipeParams)
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "decline":
		return text("kept"), nil
	case "cancel":
		return text("cancelled"), nil
	}
	wipe(ctx)
	return text("wiped"), nil
}
