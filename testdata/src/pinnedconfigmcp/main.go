// Command pinnedconfigmcp keeps mcp-go's server options and its HTTP
// versions in a configuration struct: the legacy option over stdio, and
// streamable HTTP narrowed to older protocols. The round-trip check says
// nothing of its direct requests.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type httpConfig struct {
	Addr     string
	Versions []string
}

type config struct {
	Options []server.ServerOption
	HTTP    httpConfig
}

var cfg = config{
	Options: []server.ServerOption{server.WithElicitation(), server.WithLegacyServerInitiatedRequests()},
	HTTP:    httpConfig{Addr: ":8080", Versions: []string{"2025-11-25", "2025-06-18"}},
}

func main() {
	s := server.NewMCPServer("pinned", "1", cfg.Options...)
	s.AddTool(mcp.NewTool("confirm"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go?", RequestedSchema: map[string]any{"type": "object"}}})
		if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultError("not confirmed"), nil
		}
		return mcp.NewToolResultText("done"), nil
	})
	go server.ServeStdio(s)
	server.NewStreamableHTTPServer(s, server.WithStreamableHTTPProtocolVersions(cfg.HTTP.Versions...)).Start(cfg.HTTP.Addr)
}
