// Package inprocessserved makes an in-process client of its mcp-go server
// and also serves it on stdio: stdio sessions refuse direct requests, so
// they are reported.
package inprocessserved

import (
	"context"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Run() (*client.Client, error) {
	s := server.NewMCPServer("x", "1")
	s.AddTool(mcp.NewTool("ask"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 5}}) // want `MCPServer.RequestSampling returns ErrServerInitiatedRequestUnsupported.*\(round-trip\)`
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(res.Model), nil
	})
	go server.ServeStdio(s)
	return client.NewInProcessClient(s)
}
