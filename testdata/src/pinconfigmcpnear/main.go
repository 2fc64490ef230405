// Command pinconfigmcpnear keeps mcp-go's options in a configuration
// struct without the legacy option, and narrows streamable HTTP to a list
// that has 2026-07-28: its direct requests are refused on those sessions.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type config struct {
	Options  []server.ServerOption
	Versions []string
}

var cfg = config{
	Options:  []server.ServerOption{server.WithElicitation()},
	Versions: []string{"2026-07-28", "2025-11-25"},
}

func main() {
	s := server.NewMCPServer("near", "1", cfg.Options...)
	s.AddTool(mcp.NewTool("confirm"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go?", RequestedSchema: map[string]any{"type": "object"}}}) // want `MCPServer.RequestElicitation returns ErrServerInitiatedRequestUnsupported .*\(round-trip\)`
		if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultError("not confirmed"), nil
		}
		return mcp.NewToolResultText("done"), nil
	})
	go server.ServeStdio(s)
	server.NewStreamableHTTPServer(s, server.WithStreamableHTTPProtocolVersions(cfg.Versions...)).Start(":8080")
}
