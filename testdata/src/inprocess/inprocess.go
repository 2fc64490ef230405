// Package inprocess serves its mcp-go server to an in-process client only:
// mcp-go exempts in-process sessions from the refusal of direct requests,
// so they are not reported.
package inprocess

import (
	"context"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Run() (*client.Client, error) {
	s := server.NewMCPServer("x", "1")
	s.AddTool(mcp.NewTool("ask"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 5}})
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(res.Model), nil
	})
	return client.NewInProcessClient(s)
}
