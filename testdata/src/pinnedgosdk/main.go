// Command pinnedgosdk is a go-sdk server pinned to the protocols before
// 2026-07-28 by options a helper builds: its direct requests are never
// refused, and the round-trip check says nothing of them.
package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func options() *mcp.ServerOptions {
	return &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"}}
}

func confirm(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"})
	if err != nil || res.Action != "accept" {
		return &mcp.CallToolResult{IsError: true}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "pinned", Version: "1"}, options())
	mcp.AddTool(s, &mcp.Tool{Name: "confirm"}, confirm)
}
