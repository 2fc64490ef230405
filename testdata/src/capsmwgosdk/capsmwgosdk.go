// Package capsmwgosdk registers a receiving middleware that refuses a
// tool call from a client without elicitation before any handler runs: it
// is the handlers' test (issue 36 §2).
package capsmwgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func done(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// requireElicitation refuses tool calls from clients that cannot be asked.
func requireElicitation(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("this server's tools need elicitation")
			}
		}
		return next(ctx, method, req)
	}
}

func newGuardedServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "guarded"}, nil)
	s.AddReceivingMiddleware(requireElicitation, logging())
	mcp.AddTool(s, &mcp.Tool{Name: "delete"}, guardedByMiddleware)
	mcp.AddTool(s, &mcp.Tool{Name: "plan"}, samplesUnderMiddleware)
	return s
}

// logging is a middleware factory that tests nothing.
func logging() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			return next(ctx, method, req)
		}
	}
}

// guardedByMiddleware asks without a test of its own: the middleware made it.
func guardedByMiddleware(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["really"]; ok {
		return done("deleted"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"really": &mcp.ElicitParams{Message: "Delete it?"},
	}}, nil, nil
}

// samplesUnderMiddleware asks for sampling, which the middleware did not test.
func samplesUnderMiddleware(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["draft"]; ok {
		return done("planned"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"draft": &mcp.CreateMessageParams{MaxTokens: 10}, // want `sampling request "draft" is sent without a test that the client declared sampling: .*\(capabilities\)`
	}}, nil, nil
}

// newPlainServer has no middleware: its handler is not guarded.
func newPlainServer() *mcp.Server {
	plain := mcp.NewServer(&mcp.Implementation{Name: "plain"}, nil)
	mcp.AddTool(plain, &mcp.Tool{Name: "rename"}, onPlainServer)
	return plain
}

func onPlainServer(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"]; ok {
		return done("renamed"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "New name?"}, // want `form elicitation request "name" is sent without a test that the client declared elicitation: .*\(capabilities\)`
	}}, nil, nil
}
