package failopengosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// wipe runs on the first call, before anything is asked.
func wipe(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok || res.Action == "accept" {
		store.Wipe(ctx) // want `wipe reaches store.Wipe\(...\) when InputResponses has no answer "wipe", as only an accepted answer should: the first call has none yet, so it goes ahead before the question is asked; fail closed \(leave before the work\), and ask: return the request in the result's InputRequests when the answer is missing; no automatic fix: that path needs a return of its own \(fail-open\)`
		return text("wiped"), nil
	}
	return text("kept"), nil
}

// approved says yes when there is no answer yet.
func approved(req *mcp.CallToolRequest) bool {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	return !ok || res.Action == "accept" // want `approved returns true when InputResponses has no answer "wipe", as it does when the user accepts:.*; no automatic fix: the return is shared with other paths \(fail-open\)`
}

// approvedEarly says yes in a return of its own: fixable.
func approvedEarly(req *mcp.CallToolRequest) bool {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return true // want `approvedEarly returns true when InputResponses has no answer "wipe".*\(fail-open\)`
	}
	if res.Action != "accept" {
		return false
	}
	return true
}

// nilAnswer tests the answer itself.
func nilAnswer(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, _ := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if res == nil || res.Action == "accept" {
		store.Wipe(ctx) // want `nilAnswer reaches store.Wipe\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
	}
	return text("done"), nil
}

// Near misses.

// asks when the answer is missing.
func asks(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
	}
	switch res.Action {
	case "accept":
		store.Wipe(ctx)
		return text("wiped"), nil
	case "decline":
		return text("kept"), nil
	default:
		return text("cancelled"), nil
	}
}

// asksFirst tests ok and the action in one condition, the other way round.
func asksFirst(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if ok && res.Action == "accept" {
		store.Wipe(ctx)
		return text("wiped"), nil
	}
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
	}
	return text("kept"), nil
}

// notApproved fails closed.
func notApproved(req *mcp.CallToolRequest) bool {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	return ok && res.Action == "accept"
}
