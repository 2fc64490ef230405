// Package sdkmod only exists to require the two MCP SDKs, so that the
// benchmarks can analyse every package of both with the patterns
// github.com/modelcontextprotocol/go-sdk/... and github.com/mark3labs/mcp-go/...
// (go.sum holds the checksums of every module those packages need).
package sdkmod

import (
	_ "github.com/mark3labs/mcp-go/server"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
)
