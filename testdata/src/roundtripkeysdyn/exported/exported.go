// Package exported reads the answers in an exported helper, which other
// packages may call with other keys: no key is reported.
package exported

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"type": "string"}}}

func book(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if Content(req.Params.InputResponses, "date") == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"date": &mcp.ElicitParams{Message: "Which day?", RequestedSchema: schema},
			"slot": &mcp.ElicitParams{Message: "Which time?", RequestedSchema: schema},
		}}, nil
	}
	return &mcp.CallToolResult{}, nil
}

func Content(responses mcp.InputResponseMap, key string) map[string]any { // want Content:`keyedRead\(1\)`
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
