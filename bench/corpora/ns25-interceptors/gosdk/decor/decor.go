// Package decor wraps go-sdk typed tool handlers in per-tool decorators
// (RequireConfirmation, WithCapabilityCheck, RateLimit) and registers them
// from a table.
package decor

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Args is the input every tool of this package takes.
type Args struct {
	Target string `json:"target"`
}

// ToolFn is a typed tool handler.
type ToolFn = func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, any, error)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// RequireConfirmation asks the user in the round trip before next runs.
func RequireConfirmation(next ToolFn) ToolFn {
	return func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this tool needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"confirm": &mcp.ElicitParams{Message: "Run " + req.Params.Name + " on " + in.Target + "?", RequestedSchema: yesNo},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return next(ctx, req, in)
		case "decline", "cancel":
			return textResult("not run"), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// RequireConfirmationOpen runs next when the client cannot be asked.
func RequireConfirmationOpen(next ToolFn) ToolFn {
	return func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["confirm_open"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return next(ctx, req, in)
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"confirm_open": &mcp.ElicitParams{Message: "Run " + req.Params.Name + "?", RequestedSchema: yesNo},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return next(ctx, req, in)
		case "decline", "cancel":
			return textResult("not run"), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// WithCapabilityCheck refuses a client that did not declare elicitation.
func WithCapabilityCheck(next ToolFn) ToolFn {
	return func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("this tool needs a client that can ask its user")
		}
		return next(ctx, req, in)
	}
}

var (
	rateMu   sync.Mutex
	lastCall = map[string]time.Time{}
)

// RateLimit lets a tool run at most once a second per session.
func RateLimit(next ToolFn) ToolFn {
	return func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
		key := req.Session.ID() + "/" + req.Params.Name
		rateMu.Lock()
		if time.Since(lastCall[key]) < time.Second {
			rateMu.Unlock()
			return nil, nil, errors.New("slow down")
		}
		lastCall[key] = time.Now()
		rateMu.Unlock()
		return next(ctx, req, in)
	}
}

// Logged logs each call.
func Logged(next ToolFn) ToolFn {
	return func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
		start := time.Now()
		res, out, err := next(ctx, req, in)
		fmt.Printf("%s took %v\n", req.Params.Name, time.Since(start))
		return res, out, err
	}
}

// chain applies the decorators in order, the first outermost.
func chain(h ToolFn, mws ...func(ToolFn) ToolFn) ToolFn {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}
