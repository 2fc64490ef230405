package capsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A second question asked where the first was accepted: the client
// answered a form on this very call.
func secondConfirmation(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if again := server.ElicitationResponse(req.Params.InputResponses, "rollback2"); again != nil {
		return mcp.NewToolResultText(string(again.Action)), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "rollback1")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("cannot ask"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("rollback1", mcp.ElicitationParams{Message: "Roll back?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return server.NewInputRequestBuilder("").Elicit("rollback2", mcp.ElicitationParams{Message: "Sure?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultError("unknown action"), nil
}

// Its near miss: the second question is asked in the decline case, where
// nothing was tested on this path.
func secondOnDecline(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if again := server.ElicitationResponse(req.Params.InputResponses, "why"); again != nil {
		return mcp.NewToolResultText(string(again.Action)), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "proceed_why")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("cannot ask"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("proceed_why", mcp.ElicitationParams{Message: "Proceed?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("done"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return server.NewInputRequestBuilder("").Elicit("why", mcp.ElicitationParams{Message: "Why not?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil // want `form elicitation request "why" is sent without a test that the client declared elicitation.*\(capabilities\)`
	}
	return mcp.NewToolResultError("unknown action"), nil
}
