package mrtr

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func wipe(ctx context.Context) {}

// WipeFirst wipes on the first call, before anything is asked.
func WipeFirst(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	answer, ok := req.Params.InputResponses["approve"].(*mcp.ElicitResult)
	if !ok || answer.Action == "accept" {
		wipe(ctx) // want `WipeFirst reaches wipe\(...\) when InputResponses has no answer "approve", as only an accepted answer should: the first call has none yet, so it goes ahead before the question is asked.*\(fail-open\)`
		return text("wiped"), nil, nil
	}
	switch answer.Action {
	case "decline":
		return text("kept"), nil, nil
	case "cancel":
		return text("cancelled"), nil, nil
	}
	return text("unknown answer"), nil, nil
}

// Approved says yes when there is no answer yet.
func Approved(req *mcp.CallToolRequest) bool {
	answer, ok := req.Params.InputResponses["approve"].(*mcp.ElicitResult)
	if !ok {
		return true // want `Approved returns true when InputResponses has no answer "approve", as it does when the user accepts.*\(fail-open\)`
	}
	switch answer.Action {
	case "accept":
		return true
	case "decline", "cancel":
		return false
	}
	return false
}

// WipeAsks returns the request when the answer is missing: fine.
func WipeAsks(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	answer, ok := req.Params.InputResponses["approve"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: approveSchema}}}, nil, nil
	}
	switch answer.Action {
	case "accept":
		wipe(ctx)
		return text("wiped"), nil, nil
	case "decline":
		return text("kept"), nil, nil
	default:
		return text("cancelled"), nil, nil
	}
}
