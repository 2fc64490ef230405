// Package inprocesstest registers tools on an mcp-go server it is given;
// only its tests serve that server, in process. How tests serve a server
// is not how it is deployed: the direct request is reported (go vet
// analyses a package with its tests). pinnedtest is the same for go-sdk.
package inprocesstest

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("summarise"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 5}}) // want `MCPServer.RequestSampling returns .*\(round-trip\)`
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(res.Model), nil
	})
}
