// Package ranged files its questions in a map in a loop over a literal
// list of keys: the keys are known, so a read under another key is
// reported.
package ranged

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

func tag(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	missing := mcp.InputRequestMap{}
	for _, k := range []string{"owner", "team"} {
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
	if _, ok := req.Params.InputResponses["ownr"].(*mcp.ElicitResult); ok { // want `answer "ownr" is never requested: no InputRequests key in this package is "ownr" \(did you mean "owner"\?\).*\(round-trip\)`
		return &mcp.CallToolResult{}, nil
	}
	return &mcp.CallToolResult{}, nil
}
