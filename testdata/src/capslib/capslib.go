// Package capslib holds capability tests written as helpers, for the
// handlers of another package (capsuse): they arrive there as facts.
package capslib

import (
	"context"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CanElicit tests the request's own capabilities.
func CanElicit(req *mcp.CallToolRequest) bool { // want CanElicit:`capabilities\(elicitation \(form\)\)`
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// CanSample tests mcp-go's request's capabilities, with the session's for
// older clients.
func CanSample(ctx context.Context) bool { // want CanSample:`capabilities\(sampling\)`
	var caps *mcpgo.ClientCapabilities
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		caps = info.ClientCapabilities
	} else if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		c := s.GetClientCapabilities()
		caps = &c
	}
	return caps != nil && caps.Sampling != nil
}

// Enabled is not a capability test.
func Enabled(req *mcp.CallToolRequest) bool {
	return req.Params.Name != ""
}
