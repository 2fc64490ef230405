// Package capsmwmcpgo registers a tool middleware that refuses a call
// from a client without elicitation before any tool handler runs: it is
// their test (issue 36 §2).
package capsmwmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var form = mcp.ElicitationParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object"}}

// clientCaps is the request's capabilities, and the session's for an
// older client.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		c := s.GetClientCapabilities()
		return &c
	}
	return nil
}

func needsElicitation(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		caps := clientCaps(ctx)
		if caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("this server's tools need a client that can ask its user"), nil
		}
		return next(ctx, req)
	}
}

func newGuardedServer() *server.MCPServer {
	s := server.NewMCPServer("guarded", "1.0.0", server.WithToolHandlerMiddleware(needsElicitation))
	s.AddTool(mcp.Tool{Name: "rename"}, renameGuarded)
	return s
}

// renameGuarded asks without a test of its own.
func renameGuarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("renamed"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
}

// rootsUnguarded asks for roots, which the middleware did not test.
func rootsUnguarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil // want `roots request "roots" is sent without a test .*\(capabilities\)`
}

// newPlainServer has no middleware: its handler is not guarded.
func newPlainServer() *server.MCPServer {
	plain := server.NewMCPServer("plain", "1.0.0")
	plain.AddTool(mcp.Tool{Name: "ask"}, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
			return mcp.NewToolResultText("hello"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil // want `elicitation request "name" is sent without a test that the client declared elicitation: .*\(capabilities\)`
	})
	return plain
}
