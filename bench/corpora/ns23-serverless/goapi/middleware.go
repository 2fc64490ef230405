package goapi

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// requireElicitation refuses tool calls from clients that did not declare
// elicitation on the call, before any handler runs.
func requireElicitation(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("this server's tools need a client that can ask its user")
			}
		}
		return next(ctx, method, req)
	}
}
