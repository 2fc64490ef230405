package actionsgosdk

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A helper that takes the answer on and decides what each action does: a
// state machine's step. Its callers leave the action to it.

type flowState int

const (
	asking flowState = iota
	approved
	refused
)

type expiry struct{ state flowState }

// advance names only decline: cancel falls into accept's path.
func (e *expiry) advance(ans *mcp.ElicitResult) { // want advance:`readsAction\(0\)`
	switch ans.Action { // want `elicitation result is not handled for "cancel".*\(actions\)`
	case "decline":
		e.state = refused
		return
	}
	e.state = approved
}

func expire(ctx context.Context, ss *mcp.ServerSession) flowState {
	ans, err := ss.Elicit(ctx, p)
	if err != nil {
		return refused
	}
	e := &expiry{}
	e.advance(ans)
	return e.state
}

type archive struct{ state flowState }

// step is advance's near miss in use: its caller sends cancel away first.
func (a *archive) step(ans *mcp.ElicitResult) { // want step:`readsAction\(0\)`
	switch ans.Action {
	case "decline":
		a.state = refused
		return
	}
	a.state = approved
}

func archiveAll(ctx context.Context, ss *mcp.ServerSession) flowState {
	ans, err := ss.Elicit(ctx, p)
	if err != nil || ans.Action == "cancel" {
		return asking
	}
	a := &archive{}
	a.step(ans)
	return a.state
}

// declined is a predicate its callers combine: not reported.
func declined(ans *mcp.ElicitResult) bool { return ans.Action == "decline" } // want declined:`readsAction\(0\)`

// noteDecline only logs a decline: accept has no path of its own here,
// the caller decides.
func noteDecline(ans *mcp.ElicitResult) { // want noteDecline:`readsAction\(0\)`
	if ans.Action == "decline" {
		log.Print("declined")
	}
}

func renew(ctx context.Context, ss *mcp.ServerSession) flowState {
	ans, err := ss.Elicit(ctx, p)
	if err != nil {
		return refused
	}
	noteDecline(ans)
	if declined(ans) {
		return refused
	}
	if ans.Action == "cancel" {
		return asking
	}
	return approved
}
