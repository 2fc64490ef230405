// Command pinnedconfig keeps its protocol versions in a package-level
// configuration struct, in a field nested in another and in what a
// function returns: every server stays on older protocols, so the
// round-trip check says nothing of its direct requests.
package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type protocolConfig struct {
	Versions []string
}

type config struct {
	Name     string
	Protocol protocolConfig
	Versions []string
	Options  *mcp.ServerOptions
}

var cfg = config{
	Name:     "pinned",
	Versions: []string{"2025-11-25", "2025-06-18"},
	Protocol: protocolConfig{Versions: []string{"2025-11-25"}},
	Options:  &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-06-18"}},
}

func defaults() *config {
	return &config{Versions: []string{"2025-11-25"}}
}

func confirm(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"})
	if err != nil || res.Action != "accept" {
		return &mcp.CallToolResult{IsError: true}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func main() {
	local := config{Versions: []string{"2025-11-25"}}
	servers := []*mcp.Server{
		mcp.NewServer(&mcp.Implementation{Name: cfg.Name, Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: cfg.Versions}),
		mcp.NewServer(&mcp.Implementation{Name: "nested", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: cfg.Protocol.Versions}),
		mcp.NewServer(&mcp.Implementation{Name: "options", Version: "1"}, cfg.Options),
		mcp.NewServer(&mcp.Implementation{Name: "returned", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: defaults().Versions}),
		mcp.NewServer(&mcp.Implementation{Name: "local", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: local.Versions}),
	}
	for _, s := range servers {
		mcp.AddTool(s, &mcp.Tool{Name: "confirm"}, confirm)
	}
}
