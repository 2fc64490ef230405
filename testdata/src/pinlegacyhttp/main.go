// Command pinlegacyhttp has the legacy option but serves over streamable
// HTTP with every version: a 2026-07-28 client still never sees the
// request, so the finding stays.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("legacy", "1", server.WithLegacyServerInitiatedRequests())
	s.AddTool(mcp.NewTool("roots"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil { // want `MCPServer.RequestRoots returns ErrServerInitiatedRequestUnsupported .*\(round-trip\)`
			return nil, err
		}
		return mcp.NewToolResultText("done"), nil
	})
	server.NewStreamableHTTPServer(s).Start(":8080")
	server.ServeStdio(s)
}
