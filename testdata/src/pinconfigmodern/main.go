// Command pinconfigmodern keeps its versions in a configuration struct
// that lists 2026-07-28 too: its direct requests are refused on those
// sessions.
package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type config struct {
	Versions []string
}

var cfg = config{Versions: []string{"2026-07-28", "2025-11-25"}}

func confirm(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"}) // want `ServerSession.Elicit fails with .*\(round-trip\)`
	if err != nil || res.Action != "accept" {
		return &mcp.CallToolResult{IsError: true}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "modern", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: cfg.Versions})
	mcp.AddTool(s, &mcp.Tool{Name: "confirm"}, confirm)
}
