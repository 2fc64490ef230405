// Package client is a stub of github.com/mark3labs/mcp-go/client (v1.2.1)
// for analysistest. TestStubsMatchRealSDK proves each declaration here
// matches the real module.
package client

import "github.com/mark3labs/mcp-go/server"

type Client struct{}

func NewInProcessClient(server *server.MCPServer) (*Client, error) { return nil, nil }
