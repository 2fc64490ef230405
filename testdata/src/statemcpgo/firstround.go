package statemcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var regionParams = mcp.ElicitationParams{Message: "Which region?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"region": map[string]any{"type": "string"}}}}

// pickRegion's case "" only asks, its other case reads only that answer:
// silent.
func pickRegion(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch request.Params.RequestState {
	case "":
		return server.NewInputRequestBuilder("asked").Elicit("region", regionParams).ToolResult(), nil
	case "asked":
		res := server.ElicitationResponse(request.Params.InputResponses, "region")
		if res == nil {
			return server.NewInputRequestBuilder("asked").Elicit("region", regionParams).ToolResult(), nil
		}
		if res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("no region"), nil
		}
		region, _ := res.Content.(map[string]any)["region"].(string)
		return mcp.NewToolResultText("region " + region), nil
	}
	return mcp.NewToolResultError("unknown state"), nil
}

// moveRegion's other case also reads an answer case "" never asks for: a
// forged state skips to it. Reported.
func moveRegion(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch request.Params.RequestState { // want `RequestState decides what the tool does through a switch on its value.*\(request-state\)`
	case "":
		return server.NewInputRequestBuilder("asked").Elicit("region", regionParams).ToolResult(), nil
	case "asked":
		if server.ElicitationResponse(request.Params.InputResponses, "region") == nil || server.ElicitationResponse(request.Params.InputResponses, "confirm") == nil {
			return server.NewInputRequestBuilder("asked").Elicit("region", regionParams).ToolResult(), nil
		}
		book.Deploy("region", "moved")
		return mcp.NewToolResultText("moved"), nil
	}
	return mcp.NewToolResultError("unknown state"), nil
}
