package roundtripmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// reserve asks for two answers and reads them through a helper that takes
// the key: "slot" is requested and read nowhere in the package.
func reserve(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if accepted(req.Params.InputResponses, "date") == nil {
		return server.NewInputRequestBuilder("").
			Elicit("date", mcp.ElicitationParams{Message: "Which day?", RequestedSchema: schema}).
			Elicit("slot", mcp.ElicitationParams{Message: "Which time?", RequestedSchema: schema}). // want `request "slot" is never read from InputResponses in this package.*\(round-trip\)`
			ToolResult(), nil
	}
	return mcp.NewToolResultText("booked"), nil
}

// rebook reads both keys through the helper: silent.
func rebook(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	day, at := accepted(req.Params.InputResponses, "new_day"), accepted(req.Params.InputResponses, "new_time")
	if day == nil || at == nil {
		return server.NewInputRequestBuilder("").
			Elicit("new_day", mcp.ElicitationParams{Message: "Which day?", RequestedSchema: schema}).
			Elicit("new_time", mcp.ElicitationParams{Message: "Which time?", RequestedSchema: schema}).
			ToolResult(), nil
	}
	return mcp.NewToolResultText("rebooked"), nil
}

func accepted(responses mcp.InputResponses, key string) map[string]any {
	res := server.ElicitationResponse(responses, key)
	if res == nil {
		return nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		m, _ := res.Content.(map[string]any)
		return m
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
	}
	return nil
}
