package capsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A helper that takes the request, as a handler does, and returns the
// answer or the question: called, never registered, it is judged at its
// calls.

func answerOrAsk(req mcp.CallToolRequest, key, msg string) (*mcp.ElicitationResult, *mcp.CallToolResult) { // want answerOrAsk:`elicitWrapper\(2:Message\) mode=form`
	if res := server.ElicitationResponse(req.Params.InputResponses, key); res != nil {
		return res, nil
	}
	return nil, server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{Message: msg, RequestedSchema: map[string]any{"type": "object"}}).ToolResult()
}

func drainTested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("cannot ask"), nil
	}
	res, ask := answerOrAsk(req, "drain", "Drain?")
	if ask != nil {
		return ask, nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

func evacuateUntested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ask := answerOrAsk(req, "evacuate", "Evacuate?") // want `form elicitation request "evacuate" that answerOrAsk builds is sent from here without a test .*\(capabilities\)`
	if ask != nil {
		return ask, nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}
