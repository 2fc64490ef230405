// Package handedon hands the request to a function of another package
// that is not a capability test (capslib.Enabled): which keys it reads
// cannot be told, so a request is not reported as never read.
package handedon

import (
	"context"
	"errors"

	"capslib"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var form = map[string]any{"type": "object", "properties": map[string]any{}}

func purge(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if !capslib.Enabled(req) {
		return nil, nil, errors.New("disabled")
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("this client cannot be asked")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"purge": &mcp.ElicitParams{Message: "Purge?", RequestedSchema: form}}}, nil, nil
}

func Register(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "purge"}, purge) }
