// Command pinconfigset pins its configuration struct in the literal, but
// a function overwrites the field, and another leaves it out: the versions
// cannot be known, so its direct requests are reported.
package main

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type config struct {
	Name     string
	Versions []string
}

var cfg = config{Versions: []string{"2025-11-25"}}

var bare = config{Name: "bare"}

func load() {
	if os.Getenv("MODERN") != "" {
		cfg.Versions = nil
	}
}

func confirm(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"}) // want `ServerSession.Elicit fails with .*\(round-trip\)`
	if err != nil || res.Action != "accept" {
		return &mcp.CallToolResult{IsError: true}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func main() {
	load()
	s := mcp.NewServer(&mcp.Implementation{Name: "set", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: cfg.Versions})
	mcp.AddTool(s, &mcp.Tool{Name: "confirm"}, confirm)
	b := mcp.NewServer(&mcp.Implementation{Name: bare.Name, Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: bare.Versions})
	mcp.AddTool(b, &mcp.Tool{Name: "confirm"}, confirm)
}
