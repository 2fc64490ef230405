// Package migrategateusemcp calls an mcp-go gate of another package
// (migrategatelibmcp) from its tool handlers.
package migrategateusemcp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	lib "migrategatelibmcp"
)

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("write"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		path := request.GetString("path", "")
		ok, err := lib.Approve(ctx, s, "writing "+path) // want `Approve \(package .*migrategatelibmcp\) asks the client directly, .*so this call must return that result from the handler \(round-trip\)`
		if err != nil {
			return mcp.NewToolResultError("approval failed: " + err.Error()), nil
		}
		if !ok {
			return mcp.NewToolResultText("not written"), nil
		}
		return mcp.NewToolResultText("written " + path), nil
	})
}
