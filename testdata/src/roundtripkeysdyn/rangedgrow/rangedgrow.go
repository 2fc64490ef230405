// Package rangedgrow is ranged's near miss: the list of keys grows at run
// time, so which keys are asked for cannot be told.
package rangedgrow

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"type": "string"}}}

func canAsk(req *mcp.CallToolRequest) bool {
	c := req.ClientCapabilities()
	return c != nil && c.Elicitation != nil
}

func tag(ctx context.Context, req *mcp.CallToolRequest, extra []string) (*mcp.CallToolResult, error) {
	keys := []string{"owner", "team"}
	keys = append(keys, extra...)
	missing := mcp.InputRequestMap{}
	for _, k := range keys {
		if _, ok := req.Params.InputResponses[k].(*mcp.ElicitResult); !ok {
			missing[k] = &mcp.ElicitParams{Message: "Which " + k + "?", RequestedSchema: schema}
		}
	}
	if len(missing) > 0 {
		if !canAsk(req) {
			return nil, errors.New("tagging needs a client that can ask")
		}
		return &mcp.CallToolResult{InputRequests: missing}, nil
	}
	return &mcp.CallToolResult{}, nil
}

func summary(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := req.Params.InputResponses["ownr"].(*mcp.ElicitResult); ok {
		return &mcp.CallToolResult{}, nil
	}
	return &mcp.CallToolResult{}, nil
}
