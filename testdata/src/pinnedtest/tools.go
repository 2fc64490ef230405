// Package pinnedtest registers tools on a go-sdk server it is given; only
// its tests build a server, pinned to an older protocol. How tests build a
// server is not how it is deployed: the direct request is reported.
package pinnedtest

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "roots"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.ListRoots(ctx, nil) // want `ServerSession.ListRoots fails .*\(round-trip\)`
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(rune(len(res.Roots)))}}}, nil, nil
	})
}
