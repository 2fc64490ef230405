package failopengosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type toolFn func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error)

var ask = &mcp.ElicitParams{Message: "Run it?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}

// requireOpen wraps a tool in a confirmation, and runs it unasked for a
// client that did not declare elicitation: next is the wrapped handler,
// the work only accept reaches.
func requireOpen(next toolFn) toolFn {
	return func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["run"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return next(ctx, req, in) // want `the function literal calls next\(\.\.\.\) when InputResponses has no answer "run", as it does when the user accepts.*\(fail-open\)`
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"run": ask}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return next(ctx, req, in)
		case "decline", "cancel":
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "not run"}}}, nil, nil
		}
		return nil, nil, errors.New("unknown action")
	}
}

// requireClosed is its near miss: a client that cannot be asked is
// refused.
func requireClosed(next toolFn) toolFn {
	return func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["run2"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this tool needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"run2": ask}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return next(ctx, req, in)
		case "decline", "cancel":
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "not run"}}}, nil, nil
		}
		return nil, nil, errors.New("unknown action")
	}
}

// A decorator whose refusals call next too (with the call marked as
// refused): next is not what only accept reaches.
func markRefused(next toolFn) toolFn {
	return func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["audit"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return next(ctx, req, in)
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"audit": ask}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return next(ctx, req, in)
		case "decline", "cancel":
			return next(context.WithValue(ctx, refusedKey{}, true), req, in)
		}
		return nil, nil, errors.New("unknown action")
	}
}

type refusedKey struct{}

// A callback of another signature, called on accept and where the client
// cannot be asked: what it does cannot be told, and nothing is said.
func withCallback(ctx context.Context, req *mcp.CallToolRequest, onApprove func(string)) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["approve"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			onApprove("unasked")
			return &mcp.CallToolResult{}, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve": ask}}, nil
	}
	switch res.Action {
	case "accept":
		onApprove("approved")
		return &mcp.CallToolResult{}, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{}, nil
	}
	return nil, errors.New("unknown action")
}
