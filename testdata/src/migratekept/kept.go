// Package migratekept is a gate migrated on an earlier -fix: ask has its
// round-trip version, and the one call of ask left is in confirmed, which
// is kept beside confirmedRoundTrip for callers that still make the
// direct request. A fix would change nothing: none is offered (before, an
// empty fix was, and -fix applied it on every round).
package migratekept

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Toolkit struct{}

func form(msg string) *mcp.ElicitParams { // want form:`elicitWrapper\(0:Message\) mode=form`
	return &mcp.ElicitParams{Message: msg, RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}
}

// ask reports whether the user accepted.
func (t *Toolkit) ask(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want ask:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, form(msg)) // want "ServerSession.Elicit fails .*; no automatic fix: its round-trip version askRoundTrip is there, and the calls left are in functions kept for callers that still make the direct request; .*\\(round-trip\\)"
	if err != nil {
		return false, fmt.Errorf("ask: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// askRoundTrip is ask on the round trip of protocol 2026-07-28.
func (t *Toolkit) askRoundTrip(ctx context.Context, req *mcp.CallToolRequest, key string, msg string) (bool, *mcp.CallToolResult, error) { // want askRoundTrip:`elicitWrapper\(3:Message\) mode=form`
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: form(msg)}}, nil
		}
		return false, nil, fmt.Errorf("ask: %w", errors.New("client does not support elicitation"))
	}
	switch res.Action {
	case "accept":
		return true, nil, nil
	case "decline", "cancel":
		return false, nil, nil
	default:
		return false, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// confirmed refuses when it cannot ask.
func (t *Toolkit) confirmed(ctx context.Context, ss *mcp.ServerSession, msg string) bool { // want confirmed:`elicitWrapper\(2:Message\) mode=form`
	ok, err := t.ask(ctx, ss, msg)
	if err != nil {
		return false
	}
	return ok
}

// confirmedRoundTrip is confirmed on the round trip of protocol
// 2026-07-28.
func (t *Toolkit) confirmedRoundTrip(ctx context.Context, req *mcp.CallToolRequest, key string, ss *mcp.ServerSession, msg string) (bool, *mcp.CallToolResult) { // want confirmedRoundTrip:`elicitWrapper\(4:Message\) mode=form`
	ok, ask, err := t.askRoundTrip(ctx, req, key, msg)
	if ask != nil {
		return false, ask
	}
	if err != nil {
		return false, nil
	}
	return ok, nil
}

func (t *Toolkit) closeTicket(ctx context.Context, req *mcp.CallToolRequest, in struct{ Ticket string }) (*mcp.CallToolResult, any, error) {
	ok, ask := t.confirmedRoundTrip(ctx, req, "closeTicket_confirmed", req.Session, "Close ticket "+in.Ticket+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func register(s *mcp.Server, t *Toolkit) {
	mcp.AddTool(s, &mcp.Tool{Name: "close_ticket"}, t.closeTicket)
}
