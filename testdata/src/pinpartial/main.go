// Command pinpartial builds two servers and pins one: its direct requests
// are still refused on the other's sessions. So is a server whose versions
// cannot be read.
package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func confirm(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"}) // want `ServerSession.Elicit fails with .*\(round-trip\)`
	if err != nil || res.Action != "accept" {
		return &mcp.CallToolResult{IsError: true}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func main() {
	old := mcp.NewServer(&mcp.Implementation{Name: "old", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25"}})
	both := mcp.NewServer(&mcp.Implementation{Name: "both", Version: "1"}, nil)
	some := mcp.NewServer(&mcp.Implementation{Name: "some", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: mcp.SupportedProtocolVersions()[1:]})
	for _, s := range []*mcp.Server{old, both, some} {
		mcp.AddTool(s, &mcp.Tool{Name: "confirm"}, confirm)
	}
}
