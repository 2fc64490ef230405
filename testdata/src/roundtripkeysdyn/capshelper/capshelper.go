// Package capshelper asks through the round trip and tests the request's
// capabilities with a helper of another package (capslib): a capability
// test reads no answer, so the package's keys are still all known.
package capshelper

import (
	"context"
	"errors"

	"capslib"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var form = map[string]any{"type": "object", "properties": map[string]any{}}

// purge asks for "purge" and reads "purge_ok".
func purge(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["purge_ok"].(*mcp.ElicitResult); ok { // want `answer "purge_ok" is never requested.*\(round-trip\)`
		switch res.Action {
		case "accept":
			return &mcp.CallToolResult{}, nil, nil
		case "decline", "cancel":
			return &mcp.CallToolResult{}, nil, nil
		}
		return nil, nil, errors.New("unknown action")
	}
	if !capslib.CanElicit(req) {
		return nil, nil, errors.New("this client cannot be asked")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"purge": &mcp.ElicitParams{Message: "Purge?", RequestedSchema: form}}}, nil, nil // want `request "purge" is never read from InputResponses in this package.*\(round-trip\)`
}

func Register(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "purge"}, purge) }
