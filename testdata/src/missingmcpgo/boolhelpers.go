package missingmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A helper that returns only whether the answer is there, tested where it
// is called.

func answered(req mcp.CallToolRequest, id string) bool {
	return server.ElicitationResponse(req.Params.InputResponses, id) != nil
}

// drainQueue asks on the first round only; a retry without the answer
// fails.
func drainQueue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !answered(req, "drain") {
		if req.Params.RequestState != "" {
			return mcp.NewToolResultError("drain was not confirmed"), nil // want `the call fails here when the answer to "drain" is missing.*\(round-trip\)`
		}
		return server.NewInputRequestBuilder("asked").Elicit("drain", confirm).ToolResult(), nil
	}
	return mcp.NewToolResultText("drained"), nil
}

// drainQueueAgain is its near miss: a missing answer always asks again.
func drainQueueAgain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if answered(req, "drain") == false {
		return server.NewInputRequestBuilder("").Elicit("drain", confirm).ToolResult(), nil
	}
	return mcp.NewToolResultText("drained"), nil
}
