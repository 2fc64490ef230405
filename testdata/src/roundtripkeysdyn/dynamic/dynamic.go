// Package dynamic reads an answer under a key computed at run time: the
// keys read are not known, so no key is reported, although "slot" looks
// unread.
package dynamic

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"type": "string"}}}

func book(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if content(req.Params.InputResponses, strings.ToLower(req.Params.Name)) == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"date": &mcp.ElicitParams{Message: "Which day?", RequestedSchema: schema},
			"slot": &mcp.ElicitParams{Message: "Which time?", RequestedSchema: schema},
		}}, nil
	}
	return &mcp.CallToolResult{}, nil
}

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
