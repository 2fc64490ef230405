// Package capsmiddleware registers a middleware that tests capabilities
// but hands some requests on without a test: no handler is guarded by it.
package capsmiddleware

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func done(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// onlyForDelete tests elicitation for one method name, and hands every
// other request on untested.
func onlyForDelete(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != "tools/call" {
			return next(ctx, method, req)
		}
		call, _ := req.(*mcp.CallToolRequest)
		if call.Params.Name == "delete" {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("delete needs elicitation")
			}
			return next(ctx, method, req)
		}
		return next(ctx, method, req)
	}
}

// unregistered tests, but no server uses it.
func unregistered(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("tools need elicitation")
			}
		}
		return next(ctx, method, req)
	}
}

func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "partly"}, nil)
	s.AddReceivingMiddleware(onlyForDelete)
	mcp.AddTool(s, &mcp.Tool{Name: "rename"}, rename)
	return s
}

// rename asks without a test; the middleware tests only for delete.
func rename(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"]; ok {
		return done("renamed"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "New name?"}, // want `form elicitation request "name" is sent without a test that the client declared elicitation: .*\(capabilities\)`
	}}, nil, nil
}
