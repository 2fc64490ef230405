// Package capsuse guards its requests with capslib's helpers.
package capsuse

import (
	"context"
	"errors"

	"capslib"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func guarded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !capslib.CanElicit(req) {
		return nil, nil, errors.New("cannot ask")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Name?"}}}, nil, nil
}

func notATest(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !capslib.Enabled(req) {
		return nil, nil, errors.New("disabled")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Name?"}}}, nil, nil // want `form elicitation request "name" is sent without a test .*\(capabilities\)`
}

func sample(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	if capslib.CanSample(ctx) {
		return server.NewInputRequestBuilder("").Sample("q", mcpgo.CreateMessageParams{MaxTokens: 5}).ToolResult(), nil
	}
	return mcpgo.NewToolResultError("no sampling"), nil
}
