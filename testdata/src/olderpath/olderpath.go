// Package olderpath asks directly only while serving a request of a
// protocol before 2026-07-28, and through the round trip otherwise, as
// github-mcp-server does: the direct requests are never refused.
package olderpath

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// inline tests the request's version in the handler.
func inline(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go?"})
		if err != nil || res.Action != "accept" {
			return nil, nil, errors.New("not confirmed")
		}
		return &mcp.CallToolResult{}, nil, nil
	}
	if r, ok := req.Params.InputResponses["go"].(*mcp.ElicitResult); ok && r.Action == "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"go": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
}

// mayInitiate is github-mcp-server's test: a nil or un-negotiated session
// is taken as an older one.
func mayInitiate(ss *mcp.ServerSession) bool {
	if ss == nil {
		return true
	}
	p := ss.InitializeParams()
	return p == nil || p.ProtocolVersion < "2026-07-28"
}

// prompter asks directly; only the older path makes one.
type prompter struct{ session *mcp.ServerSession }

func (p *prompter) Prompt(ctx context.Context) error {
	_, err := p.session.Elicit(ctx, &mcp.ElicitParams{Message: "Authorize?"})
	return err
}

func (p *prompter) CanPrompt() bool { // want CanPrompt:`capabilities\(elicitation \(form\)\)`
	params := p.session.InitializeParams()
	return params != nil && params.Capabilities != nil && params.Capabilities.Elicitation != nil
}

// Prompter is what the authorization flow takes.
type Prompter interface{ Prompt(context.Context) error }

func authorize(ctx context.Context, p Prompter) error {
	if p == nil {
		return nil
	}
	return p.Prompt(ctx)
}

func viaServer(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := authorize(ctx, &prompter{session: req.Session}); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

func params(p *prompter) *mcp.ElicitParams {
	if !p.CanPrompt() {
		return nil
	}
	return &mcp.ElicitParams{Message: "Authorize?"}
}

func viaRoundTrip(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	el := params(&prompter{session: req.Session})
	if el == nil {
		return &mcp.CallToolResult{}, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"auth": el}}, nil
}

// Middleware takes the older path only on older sessions.
func Middleware(next mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if mayInitiate(req.Session) {
			return viaServer(ctx, req)
		}
		if r, ok := req.Params.InputResponses["auth"].(*mcp.ElicitResult); ok && r.Action == "accept" {
			return next(ctx, req)
		}
		return viaRoundTrip(ctx, req)
	}
}

// elsewhere makes a prompter on any session: its request is refused there.
type anyPrompter struct{ session *mcp.ServerSession }

func (p *anyPrompter) Prompt(ctx context.Context) error {
	_, err := p.session.Elicit(ctx, &mcp.ElicitParams{Message: "Authorize?"}) // want `ServerSession.Elicit fails with .*\(round-trip\)`
	return err
}

func Anywhere(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, authorize(ctx, &anyPrompter{session: req.Session})
}

// testedPrompter is made only by the package's tests: no client reaches
// its request, which is no reason to call it older-only either.
type testedPrompter struct{ session *mcp.ServerSession }

func (p *testedPrompter) Prompt(ctx context.Context) error {
	_, err := p.session.Elicit(ctx, &mcp.ElicitParams{Message: "Authorize?"}) // want `ServerSession.Elicit fails with .*\(round-trip\)`
	return err
}
