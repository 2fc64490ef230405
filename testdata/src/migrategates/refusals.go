package migrategates

import (
	"context"
	"errors"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A receiving middleware runs outside go-sdk's bridge for older clients:
// a request it returned would never reach them.
func ConfirmDestructive(ctx context.Context, session *mcp.ServerSession, action string) (bool, error) { // want ConfirmDestructive:`elicitWrapper\(2:Message\) mode=form`
	result, err := session.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: action, RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; reached from the handler in destructive; no automatic fix: ConfirmDestructive is called from a receiving middleware \(the handler in destructive\): go-sdk runs its bridge for older clients inside every middleware, so a request a middleware returns never reaches a client on protocol 2025-11-25; call ConfirmDestructive from the tool handlers, or keep the direct request for sessions older than 2026-07-28 \(see the docs\); until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		return true, nil
	}
	return result.Action == "accept", nil
}

func destructive(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != "tools/call" {
			return next(ctx, method, req)
		}
		ss, _ := req.GetSession().(*mcp.ServerSession)
		confirmed, err := ConfirmDestructive(ctx, ss, method)
		if err != nil || !confirmed {
			return nil, errors.New("not confirmed")
		}
		return next(ctx, method, req)
	}
}

// The request in a goroutine that the helper waits for, with a timeout.
type Builder struct{ slots chan struct{} }

func (b Builder) requestElicitation(ctx context.Context, ss *mcp.ServerSession, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	type outcome struct {
		res *mcp.ElicitResult
		err error
	}
	out := make(chan outcome, 1)
	go func() {
		res, err := ss.Elicit(ctx, params) // want `ServerSession.Elicit fails .*; no automatic fix: the request is made in a goroutine that requestElicitation starts and waits for \(a semaphore or a timeout around it\): the round trip returns the request instead of waiting for the answer, so there is nothing left to wait for; make the request in requestElicitation itself, then run -fix again; until it is migrated, pinning .* \(round-trip\)`
		out <- outcome{res, err}
	}()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(time.Minute):
		return nil, errors.New("timed out")
	case o := <-out:
		return o.res, o.err
	}
}

func (b Builder) approve(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := b.requestElicitation(ctx, req.Session, &mcp.ElicitParams{Message: "Approve?", RequestedSchema: confirmSchema})
	if err != nil || res.Action != "accept" {
		return reply("blocked"), nil, nil
	}
	return reply("approved"), nil, nil
}

// An exported method that no code of the package calls (an interface's,
// perhaps), which passes the answer on: its round-trip version goes
// beside it.
type ElicitationHelper struct{ session *mcp.ServerSession }

func (h *ElicitationHelper) Elicit(ctx context.Context, session *mcp.ServerSession, message string) (*mcp.ElicitResult, error) { // want Elicit:`elicitWrapper\(2:Message\) mode=form`
	return session.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails [^;]*, which works with old and new clients \(round-trip\)`
}

// A gate no handler reaches.
func configure(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Configure?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: no handler of the package reaches configure, and it is not exported; migrate it with its callers by hand \(see the docs\); until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errors.New("not configured")
	}
	return nil
}

// A handler that confirms twice: go-sdk's bridge for older clients calls a
// handler once more only, so the second question would never reach them.
func ConfirmTwice(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want ConfirmTwice:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` ConfirmTwice:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: moveAll asks 2 times on its way \(lines \d+ and \d+\): go-sdk's bridge for older clients calls a handler only once more, so a second question would never reach them; ask both in one result by hand; until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func moveAll(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if ok, err := ConfirmTwice(ctx, req.Session, "Move the files?"); err != nil || !ok {
		return reply("kept"), nil, nil
	}
	if ok, err := ConfirmTwice(ctx, req.Session, "Delete the old copies?"); err != nil || !ok {
		return reply("moved"), nil, nil
	}
	return reply("moved and deleted"), nil, nil
}

// Work before the call runs again on the call that brings the answer.
type store struct{ evaluated int }

func (s *store) Evaluate(ctx context.Context, what string) string {
	s.evaluated++
	return what
}

var policy store

func ConfirmPolicy(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want ConfirmPolicy:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` ConfirmPolicy:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}) // want "ServerSession.Elicit fails .*; no automatic fix: `policy.Evaluate\\(ctx, \"run\"\\)` before the call of ConfirmPolicy at line \\d+ runs again on the call that brings the answer, and it writes: `s.evaluated\\+\\+` in \\(\\*migrategates.store\\).Evaluate; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func run(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	decision := policy.Evaluate(ctx, "run")
	if ok, err := ConfirmPolicy(ctx, req.Session, "Run it ("+decision+")?"); err != nil || !ok {
		return reply("not run"), nil, nil
	}
	return reply("ran"), nil, nil
}

// A gate used as a value: its callers cannot be followed.
func ConfirmValue(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want ConfirmValue:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` ConfirmValue:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: ConfirmValue is used as a value at line \d+, not only called; until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

var confirmers = []func(context.Context, *mcp.ServerSession, string) (bool, error){ConfirmValue}
