// Package kinds makes direct sampling and roots requests, which mcp-go
// versions with the round trip refuse on 2026-07-28 sessions (round-trip
// reports them there, see TestRealSDKRoundTrip) and earlier versions send.
package kinds

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("sample"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{
			CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 10},
		})
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		if tc, ok := res.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultText("(no text)"), nil
	})
	s.AddTool(mcp.NewTool("roots"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestRoots(ctx, mcp.ListRootsRequest{})
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(len(res.Roots))), nil
	})
}
