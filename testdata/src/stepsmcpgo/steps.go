// Package stepsmcpgo builds its rounds with mcp-go's builder and forgets
// the state of the first one.
package stepsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var nameSchema = map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}

func multiRound(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "round=1" { // want `RequestState is compared with "round=1", which no result of this package sets.*\(round-trip\)`
		return server.NewInputRequestBuilder("round=2").
			Elicit("step2", mcp.ElicitationParams{Message: "Your colour?", RequestedSchema: nameSchema}).
			ToolResult(), nil
	}
	if req.Params.RequestState == "round=2" {
		return mcp.NewToolResultText("done"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("step1", mcp.ElicitationParams{Message: "Your name?", RequestedSchema: nameSchema}).
		ToolResult(), nil
}
