// Command pinnedhttp serves mcp-go over streamable HTTP narrowed to the
// protocols before 2026-07-28.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("pinned", "1")
	s.AddTool(mcp.NewTool("roots"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := s.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("done"), nil
	})
	server.NewStreamableHTTPServer(s, server.WithStreamableHTTPProtocolVersions(mcp.LegacyProtocolVersions()...)).Start(":8080")
}
