// Command pinnedfields pins its server field by field, with the versions
// in a package variable and mcp-go-style constants of its own.
package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const legacy = "2025-11-25"

var versions = []string{legacy}

func sample(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 5}); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

func main() {
	opts := &mcp.ServerOptions{}
	opts.SupportedProtocolVersions = versions
	s := mcp.NewServer(&mcp.Implementation{Name: "pinned", Version: "1"}, opts)
	mcp.AddTool(s, &mcp.Tool{Name: "sample"}, sample)
}
