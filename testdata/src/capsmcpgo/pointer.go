package capsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Capabilities taken by address into a variable of their own: read
// through it, they are what was taken.

// fromSessionPointer keeps a pointer to the session's capabilities.
func fromSessionPointer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var caps *mcp.ClientCapabilities
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		c := s.GetClientCapabilities()
		caps = &c
	}
	if caps == nil || caps.Roots == nil {
		return mcp.NewToolResultError("no roots"), nil
	}
	return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil // want `roots request "roots" is guarded by the session's capabilities, not this request's: .*\(capabilities\)`
}

// fromRequestPointer is its near miss: the request's own, by address.
func fromRequestPointer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var caps *mcp.ClientCapabilities
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		c := *info.ClientCapabilities
		caps = &c
	}
	if caps == nil || caps.Roots == nil {
		return mcp.NewToolResultError("no roots"), nil
	}
	return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
}
