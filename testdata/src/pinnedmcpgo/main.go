// Command pinnedmcpgo keeps mcp-go's direct requests with the deprecated
// legacy option, from options a helper holds in a slice, and serves over
// stdio: the round-trip check says nothing of them.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func options() []server.ServerOption {
	opts := []server.ServerOption{server.WithElicitation()}
	return append(opts, server.WithLegacyServerInitiatedRequests())
}

func main() {
	s := server.NewMCPServer("pinned", "1", options()...)
	s.AddTool(mcp.NewTool("confirm"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go?", RequestedSchema: map[string]any{"type": "object"}}})
		if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultError("not confirmed"), nil
		}
		return mcp.NewToolResultText("done"), nil
	})
	server.ServeStdio(s)
}
