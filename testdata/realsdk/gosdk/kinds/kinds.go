// Package kinds makes direct sampling and roots requests, which go-sdk
// versions with the round trip refuse on 2026-07-28 sessions (round-trip
// reports them there, see TestRealSDKRoundTrip) and earlier versions send.
// Ping is never refused.
package kinds

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Sample(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 10})
	if err != nil {
		return nil, nil, err
	}
	if tc, ok := res.Content.(*mcp.TextContent); ok {
		return &mcp.CallToolResult{Content: []mcp.Content{tc}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func Roots(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.ListRoots(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Roots[0].URI}}}, nil, nil
}

func Ping(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, req.Session.Ping(ctx, nil)
}

var Options = &mcp.ServerOptions{
	InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
		req.Session.ListRoots(ctx, nil)
	},
}
