// Package value hands the helper that reads the answers on as a value:
// who calls it, with which keys, is not known, so no key is reported.
package value

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"type": "string"}}}

func book(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if content(req.Params.InputResponses, "date") == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"date": &mcp.ElicitParams{Message: "Which day?", RequestedSchema: schema},
			"slot": &mcp.ElicitParams{Message: "Which time?", RequestedSchema: schema},
		}}, nil
	}
	return &mcp.CallToolResult{}, nil
}

var Read = content

func content(responses mcp.InputResponseMap, key string) map[string]any {
	r, ok := responses[key].(*mcp.ElicitResult)
	if !ok {
		return nil
	}
	switch r.Action {
	case "accept":
		return r.Content
	case "decline", "cancel":
	}
	return nil
}
