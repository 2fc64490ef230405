// Package toolmw confirms dangerous mcp-go tool calls from tool-handler
// middleware (server.WithToolHandlerMiddleware), directly and in the round trip.
package toolmw

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var dangerous = map[string]bool{"flush": true, "drop": true, "migrate": true}

var (
	auditMu  sync.Mutex
	auditLog []string
)

func audit(tool string) {
	auditMu.Lock()
	auditLog = append(auditLog, tool)
	auditMu.Unlock()
}

// confirmer asks through the server it is given after construction.
type confirmer struct {
	srv *server.MCPServer
}

func confirmRequest(tool string) mcp.ElicitationRequest {
	return mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Run " + tool + "?", RequestedSchema: yesNo}}
}

// ask goes ahead when the client does not support elicitation.
func (c *confirmer) ask(ctx context.Context, tool string) (bool, error) {
	res, err := c.srv.RequestElicitation(ctx, confirmRequest(tool))
	if errors.Is(err, server.ErrElicitationNotSupported) {
		log.Printf("%s: client cannot be asked, running anyway", tool)
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// askClosed fails closed on every error.
func (c *confirmer) askClosed(ctx context.Context, tool string) (bool, error) {
	res, err := c.srv.RequestElicitation(ctx, confirmRequest(tool))
	if err != nil {
		return false, fmt.Errorf("asking to run %s: %w", tool, err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Middleware asks before dangerous tools, strictly or leniently.
func (c *confirmer) Middleware(strict bool) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if !dangerous[req.Params.Name] {
				return next(ctx, req)
			}
			var yes bool
			var err error
			if strict {
				yes, err = c.askClosed(ctx, req.Params.Name)
			} else {
				yes, err = c.ask(ctx, req.Params.Name)
			}
			if err != nil {
				return nil, err
			}
			if !yes {
				return mcp.NewToolResultError("not confirmed"), nil
			}
			audit(req.Params.Name)
			return next(ctx, req)
		}
	}
}

// Verdict is what the policy engine decides.
type Verdict int

const (
	Deny Verdict = iota
	Allow
)

// policyGate asks the user; a failed question is an Allow.
func policyGate(ctx context.Context, s *server.MCPServer, tool string) Verdict {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Policy check: allow " + tool + "?", RequestedSchema: yesNo,
	}})
	if err != nil {
		return Allow
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return Allow
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return Deny
	}
	return Deny
}

// PolicyMiddleware applies policyGate to dangerous tools.
func PolicyMiddleware(s *server.MCPServer) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if dangerous[req.Params.Name] && policyGate(ctx, s, req.Params.Name) != Allow {
				return mcp.NewToolResultError("denied by policy"), nil
			}
			audit(req.Params.Name)
			return next(ctx, req)
		}
	}
}

// sessionAsk asks through the session's own method, which mcp-go does not stop
// on 2026-07-28 sessions.
func sessionAsk(ctx context.Context, tool string) (bool, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return false, errors.New("this session cannot ask its user")
	}
	res, err := sess.RequestElicitation(ctx, confirmRequest(tool))
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// SessionMiddleware uses sessionAsk.
func SessionMiddleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if dangerous[req.Params.Name] {
			yes, err := sessionAsk(ctx, req.Params.Name)
			if err != nil || !yes {
				return mcp.NewToolResultError("not confirmed"), nil
			}
			audit(req.Params.Name)
		}
		return next(ctx, req)
	}
}

var cacheMu sync.Mutex
var caches = map[string]int{}

func flushCaches() {
	cacheMu.Lock()
	clear(caches)
	cacheMu.Unlock()
}

// flushViaSession asks only when the session can, and flushes after the if.
func flushViaSession(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation); ok {
		res, err := sess.RequestElicitation(ctx, confirmRequest("flush"))
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("not flushed"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	flushCaches()
	return mcp.NewToolResultText("flushed"), nil
}

// pending keeps the answer of a question for a later step.
type pending struct {
	answer *mcp.ElicitationResult
}

// askInto asks and keeps the answer in p for the caller to look at.
func (p *pending) askInto(ctx context.Context, s *server.MCPServer, tool string) error {
	var err error
	p.answer, err = s.RequestElicitation(ctx, confirmRequest(tool))
	return err
}

// PendingMiddleware runs the tool when the kept answer is an accept.
func PendingMiddleware(s *server.MCPServer) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if !dangerous[req.Params.Name] {
				return next(ctx, req)
			}
			p := &pending{}
			if err := p.askInto(ctx, s, req.Params.Name); err != nil {
				return nil, err
			}
			if p.answer.Action != mcp.ElicitationResponseActionAccept {
				return mcp.NewToolResultError("not confirmed"), nil
			}
			audit(req.Params.Name)
			return next(ctx, req)
		}
	}
}
