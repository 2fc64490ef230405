package migrategates

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Calls of a gate written over several lines, with comments between
// their arguments: the fix rewrites the arguments in place, so the
// comments and the line breaks stay.

type tools struct{}

// askAbout puts one yes-or-no question to the user.
func (t *tools) askAbout(ctx context.Context, req *mcp.CallToolRequest, what string, remembers bool) error {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Allow " + what + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; reached from purgeAll \(round-trip\)`
	if err != nil {
		return errors.New("this client cannot be asked")
	}
	if res.Action != "accept" {
		return errors.New("not allowed")
	}
	return nil
}

func (t *tools) purgeAll(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if err := t.askAbout(ctx, req,
		// The series goes in the question, so the user sees what goes.
		"purging "+in.Series,
		false, // a purge is never remembered
	); err != nil {
		return nil, nil, err
	}
	return reply("purged"), nil, nil
}

// askLoss is a gate whose only callers are a helper method of the
// package and, through it, a handler that reads the store before it
// asks: no call that leads to a handler can move, so no fix is offered
// (before, one added round-trip versions that nothing called).
func (t *tools) askLoss(ctx context.Context, req *mcp.CallToolRequest, what string) error {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Lose " + what + "?", RequestedSchema: confirmSchema}) // want "ServerSession.Elicit fails .*; no automatic fix: `docs.Get\\(ctx, in.Series\\)` before the call of confirmLoss at line \\d+ runs again on the call that brings the answer; .*\\(round-trip\\)"
	if err != nil {
		return errors.New("this client cannot be asked")
	}
	if res.Action != "accept" {
		return errors.New("not allowed")
	}
	return nil
}

func (t *tools) confirmLoss(ctx context.Context, req *mcp.CallToolRequest, holds bool, what string) error {
	if !holds {
		return nil
	}
	return t.askAbout2(ctx, req,
		// what is lost, in the user's words
		what)
}

func (t *tools) askAbout2(ctx context.Context, req *mcp.CallToolRequest, what string) error {
	return t.askLoss(ctx, req, what)
}

func (t *tools) dropSeries(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	_, held := docs.Get(ctx, in.Series)
	if err := t.confirmLoss(ctx, req, held == nil, "series "+in.Series); err != nil {
		return nil, nil, err
	}
	return reply("dropped"), nil, nil
}

func registerComments(s *mcp.Server) {
	t := &tools{}
	mcp.AddTool(s, &mcp.Tool{Name: "purge_all"}, t.purgeAll)
	mcp.AddTool(s, &mcp.Tool{Name: "drop_series"}, t.dropSeries)
}

// askTarget is reached from resolveTarget, a helper given the call's
// request that returns a value of its own: no fix, and the reason does
// not call the helper a handler.
func (t *tools) askTarget(ctx context.Context, req *mcp.CallToolRequest, what string) error {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Write to " + what + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: askTarget is reached from resolveTarget, which takes the call's request but returns no result that can carry requests; .*\(round-trip\)`
	if err != nil {
		return errors.New("this client cannot be asked")
	}
	if res.Action != "accept" {
		return errors.New("not allowed")
	}
	return nil
}

func (t *tools) resolveTarget(ctx context.Context, req *mcp.CallToolRequest, id string) (string, error) {
	if err := t.askTarget(ctx, req, id); err != nil {
		return "", err
	}
	return id, nil
}

func (t *tools) writeTarget(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	target, err := t.resolveTarget(ctx, req, in.Series)
	if err != nil {
		return nil, nil, err
	}
	return reply("wrote " + target), nil, nil
}

func registerTargets(s *mcp.Server) {
	t := &tools{}
	mcp.AddTool(s, &mcp.Tool{Name: "write_target"}, t.writeTarget)
}
