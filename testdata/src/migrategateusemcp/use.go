// Package migrategateusemcp calls mcp-go gates of another package
// (migrategatelibmcp) from its tool handlers: Grant has its round-trip
// version in the source, and the calls switch to it; Approve has none yet,
// and its call stays.
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
		ok, err := lib.Grant(ctx, s, "writing "+path) // want `Grant \(package .*migrategatelibmcp\) asks the client directly, .*call GrantRoundTrip, its round-trip version, .*and return that result from the handler \(round-trip\)`
		if err != nil {
			return mcp.NewToolResultError("approval failed: " + err.Error()), nil
		}
		if !ok {
			return mcp.NewToolResultText("not written"), nil
		}
		return mcp.NewToolResultText("written " + path), nil
	})
	s.AddTool(mcp.NewTool("erase"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if ok, err := lib.Approve(ctx, s, "erasing"); err != nil || !ok {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("erased"), nil
	})
}
