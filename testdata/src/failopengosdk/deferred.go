package failopengosdk

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Functions that defer a call keep their results in memory (go/ssa spills
// them for a deferred recover): each return stores, runs the defers and
// loads. The values returned are still those stored.

// confirmWithin gives the user a while to answer, and says yes when the
// time runs out.
func confirmWithin(ctx context.Context, ss *mcp.ServerSession, what string, d time.Duration) (bool, error) {
	tctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	res, err := ss.Elicit(tctx, &mcp.ElicitParams{Message: "Run " + what + "?", RequestedSchema: confirmSchema})
	if errors.Is(err, context.DeadlineExceeded) {
		return true, nil // want `confirmWithin returns true when ServerSession.Elicit fails with context.DeadlineExceeded, as it does when the user accepts.*\(fail-open\)`
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown action %q", res.Action)
}

// confirmWithinClosed is its near miss: no answer in time is no.
func confirmWithinClosed(ctx context.Context, ss *mcp.ServerSession, what string, d time.Duration) (bool, error) {
	tctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	res, err := ss.Elicit(tctx, &mcp.ElicitParams{Message: "Run " + what + "?", RequestedSchema: confirmSchema})
	if errors.Is(err, context.DeadlineExceeded) {
		return false, fmt.Errorf("no answer within %s", d)
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown action %q", res.Action)
}

var askMu sync.Mutex

// approveLocked holds a lock while it asks, and goes ahead without one
// when the question fails: a named result no deferred call touches is
// still what the return stores.
func approveLocked(ctx context.Context, ss *mcp.ServerSession) (approved bool, err error) {
	askMu.Lock()
	defer askMu.Unlock()
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Approve?", RequestedSchema: confirmSchema})
	if err != nil {
		return true, nil // want `approveLocked returns true when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, errors.New("unknown action")
}

// approveLockedClosed is its near miss.
func approveLockedClosed(ctx context.Context, ss *mcp.ServerSession) (approved bool, err error) {
	askMu.Lock()
	defer askMu.Unlock()
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Approve?", RequestedSchema: confirmSchema})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, errors.New("unknown action")
}

// confirmRoundLocked is a round-trip gate with a deferred unlock that goes
// ahead for a client that cannot be asked.
func confirmRoundLocked(req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) { // want confirmRoundLocked:`elicitWrapper\(2:Message\) mode=form`
	askMu.Lock()
	defer askMu.Unlock()
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return true, nil // want `confirmRoundLocked returns true when InputResponses has no answer.*\(fail-open\)`
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, nil
}

// confirmRoundLockedClosed is its near miss.
func confirmRoundLockedClosed(req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) { // want confirmRoundLockedClosed:`elicitWrapper\(2:Message\) mode=form`
	askMu.Lock()
	defer askMu.Unlock()
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return false, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, nil
}
