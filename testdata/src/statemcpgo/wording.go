package statemcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var wipeSchema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

// askAgain words its question by whether it asked before: the state
// chooses the text, nothing else.
func askAgain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		message := "Wipe the cache?"
		if req.Params.RequestState != "" && req.Params.RequestState == "asked" {
			message = "Please answer: " + message
		}
		return server.NewInputRequestBuilder("asked").
			Elicit("wipe", mcp.ElicitationParams{Message: message, RequestedSchema: wipeSchema}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("wiped"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultError("unknown action"), nil
}

// Near miss: the same test chooses the answer's text in the result.
func resultWording(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text := "wiped"
	if req.Params.RequestState == "all" { // want `RequestState decides what the tool does through a comparison with "all".*\(request-state\)`
		text = "wiped everything"
	}
	return mcp.NewToolResultText(text), nil
}
