package failopenmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A handler that asks for several answers counts the missing ones as it
// adds their questions to the builder, and asks when it counted any: a
// path without an answer never falls into the work.

var valueForm = map[string]any{"type": "object", "properties": map[string]any{"value": map[string]any{"type": "string"}}}

// labelAll counts the questions it adds.
func labelAll(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b := server.NewInputRequestBuilder("")
	asked := 0
	for _, k := range []string{"owner", "team"} {
		res := server.ElicitationResponse(req.Params.InputResponses, k)
		if res == nil {
			b = b.Elicit(k, mcp.ElicitationParams{Message: "Which " + k + "?", RequestedSchema: valueForm})
			asked++
			continue
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("kept"), nil
		default:
			return nil, errors.New("unknown action")
		}
	}
	if asked > 0 {
		return b.ToolResult(), nil
	}
	wipe(ctx)
	return mcp.NewToolResultText("labelled"), nil
}

// labelSkipped counts only some: a missing answer for "team" goes on.
func labelSkipped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b := server.NewInputRequestBuilder("")
	asked := 0
	for _, k := range []string{"owner", "team"} {
		res := server.ElicitationResponse(req.Params.InputResponses, k)
		if res == nil {
			if k != "team" {
				b = b.Elicit(k, mcp.ElicitationParams{Message: "Which " + k + "?", RequestedSchema: valueForm})
				asked++
			}
			continue
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("kept"), nil
		default:
			return nil, errors.New("unknown action")
		}
	}
	if asked > 0 {
		return b.ToolResult(), nil
	}
	wipe(ctx) // want `labelSkipped reaches wipe\(...\) when InputResponses has no answer.*\(fail-open\)`
	return mcp.NewToolResultText("labelled"), nil
}
