// Package gate confirms dangerous tool calls from go-sdk receiving
// middleware, by asking the user directly (ServerSession.Elicit).
package gate

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// yesNo is the schema of a plain confirmation: the action is the answer.
var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var dangerous = map[string]bool{"drop_table": true, "purge_cache": true, "rotate_keys": true}

var errDeclined = errors.New("the user did not confirm this call")

func confirmParams(tool string) *mcp.ElicitParams {
	return &mcp.ElicitParams{Message: "Run " + tool + "?", RequestedSchema: yesNo}
}

// confirmDirect asks before a dangerous tool runs. It goes ahead when the
// question cannot be asked, "so that clients without elicitation still work".
func confirmDirect(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + tool + "?", RequestedSchema: yesNo})
	if err != nil {
		log.Printf("confirm %s: cannot ask, going ahead: %v", tool, err)
		return true, nil
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

// confirmDirectClosed is confirmDirect failing closed.
func confirmDirectClosed(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Really run " + tool + "?", RequestedSchema: yesNo})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation of %s: %w", tool, err)
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

// ConfirmMiddleware is a receiving middleware that asks through confirmDirect.
func ConfirmMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok || !dangerous[call.Params.Name] {
			return next(ctx, method, req)
		}
		yes, err := confirmDirect(ctx, call.Session, call.Params.Name)
		if err != nil {
			return nil, err
		}
		if !yes {
			return nil, errDeclined
		}
		audit(call.Params.Name)
		return next(ctx, method, req)
	}
}

// StrictConfirmMiddleware is ConfirmMiddleware on the fail-closed gate.
func StrictConfirmMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok && dangerous[call.Params.Name] {
			yes, err := confirmDirectClosed(ctx, call.Session, call.Params.Name)
			if err != nil || !yes {
				return nil, errDeclined
			}
			audit(call.Params.Name)
		}
		return next(ctx, method, req)
	}
}

// approveDeclared skips the question for clients that did not declare
// elicitation.
func approveDeclared(ctx context.Context, call *mcp.CallToolRequest) (bool, error) {
	if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return true, nil
	}
	res, err := call.Session.Elicit(ctx, confirmParams(call.Params.Name))
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// approveLoggedCaps only logs a client without elicitation, then asks all the same.
func approveLoggedCaps(ctx context.Context, call *mcp.CallToolRequest) (bool, error) {
	if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		log.Printf("client of session %s declared no elicitation; asking anyway", call.Session.ID())
	}
	res, err := call.Session.Elicit(ctx, confirmParams(call.Params.Name))
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// CapsAwareMiddleware uses the two capability-aware gates above.
func CapsAwareMiddleware(lenient bool) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			call, ok := req.(*mcp.CallToolRequest)
			if !ok || !dangerous[call.Params.Name] {
				return next(ctx, method, req)
			}
			var yes bool
			var err error
			if lenient {
				yes, err = approveDeclared(ctx, call)
			} else {
				yes, err = approveLoggedCaps(ctx, call)
			}
			if err != nil {
				return nil, err
			}
			if !yes {
				return nil, errDeclined
			}
			audit(call.Params.Name)
			return next(ctx, method, req)
		}
	}
}

// Gate carries the operator's settings.
type Gate struct {
	// AllowUnconfirmed lets calls through when the client cannot be asked.
	AllowUnconfirmed bool
}

// confirmWithOverride goes ahead without an answer only when the operator said so.
func (g *Gate) confirmWithOverride(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(tool))
	if err != nil && g.AllowUnconfirmed {
		return true, nil
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
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Middleware is the operator-configured gate as a receiving middleware.
func (g *Gate) Middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok && dangerous[call.Params.Name] {
			yes, err := g.confirmWithOverride(ctx, call.Session, call.Params.Name)
			if err != nil {
				return nil, err
			}
			if !yes {
				return nil, errDeclined
			}
			audit(call.Params.Name)
		}
		return next(ctx, method, req)
	}
}

// confirmWithRetry asks up to three times, then goes ahead.
func confirmWithRetry(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	var res *mcp.ElicitResult
	var err error
	backoff := 200 * time.Millisecond
	for try := 0; try < 3; try++ {
		if res, err = ss.Elicit(ctx, confirmParams(tool)); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(backoff):
		}
		backoff *= 2
	}
	if err != nil {
		log.Printf("confirm %s: gave up asking: %v", tool, err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// confirmAcceptOnly fails closed but folds decline and cancel into one.
func confirmAcceptOnly(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(tool))
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// confirmUnlessNoMethod goes ahead when the client has no elicitation/create
// method at all.
func confirmUnlessNoMethod(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(tool))
	var rpcErr *jsonrpc.Error
	if errors.As(err, &rpcErr) && rpcErr.Code == -32601 {
		return true, nil
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
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// RetryingMiddleware chains the retrying, accept-only and no-method gates.
func RetryingMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok || !dangerous[call.Params.Name] {
			return next(ctx, method, req)
		}
		yes, err := confirmWithRetry(ctx, call.Session, call.Params.Name)
		if err != nil || !yes {
			return nil, errDeclined
		}
		audit(call.Params.Name)
		if yes, err = confirmAcceptOnly(ctx, call.Session, call.Params.Name); err != nil || !yes {
			return nil, errDeclined
		}
		audit(call.Params.Name)
		if yes, err = confirmUnlessNoMethod(ctx, call.Session, call.Params.Name); err != nil || !yes {
			return nil, errDeclined
		}
		audit(call.Params.Name)
		return next(ctx, method, req)
	}
}

var (
	auditMu  sync.Mutex
	auditLog []string
)

// audit records that a dangerous call was let through.
func audit(tool string) {
	auditMu.Lock()
	auditLog = append(auditLog, tool)
	auditMu.Unlock()
}

// sessionCache remembers per session what the user decided for each tool.
type sessionCache struct {
	mu      sync.Mutex
	decided map[string]bool
}

func newSessionCache() *sessionCache { return &sessionCache{decided: map[string]bool{}} }

// approve asks once per session and tool, and remembers an accept.
func (c *sessionCache) approve(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	key := ss.ID() + "/" + tool
	c.mu.Lock()
	yes, seen := c.decided[key]
	c.mu.Unlock()
	if seen {
		return yes, nil
	}
	res, err := ss.Elicit(ctx, confirmParams(tool))
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		c.mu.Lock()
		c.decided[key] = true
		c.mu.Unlock()
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// approveSticky caches a failed question as an approval for the session.
func (c *sessionCache) approveSticky(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	key := ss.ID() + "/" + tool
	c.mu.Lock()
	yes, seen := c.decided[key]
	c.mu.Unlock()
	if seen {
		return yes, nil
	}
	res, err := ss.Elicit(ctx, confirmParams(tool))
	if err != nil {
		c.mu.Lock()
		c.decided[key] = true
		c.mu.Unlock()
		return true, nil
	}
	switch res.Action {
	case "accept":
		c.mu.Lock()
		c.decided[key] = true
		c.mu.Unlock()
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// CachingMiddleware is a factory of a receiving middleware that asks once per
// session through the cache.
func CachingMiddleware(sticky bool) mcp.Middleware {
	c := newSessionCache()
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			call, ok := req.(*mcp.CallToolRequest)
			if !ok || !dangerous[call.Params.Name] {
				return next(ctx, method, req)
			}
			var yes bool
			var err error
			if sticky {
				yes, err = c.approveSticky(ctx, call.Session, call.Params.Name)
			} else {
				yes, err = c.approve(ctx, call.Session, call.Params.Name)
			}
			if err != nil {
				return nil, err
			}
			if !yes {
				return nil, errDeclined
			}
			audit(call.Params.Name)
			return next(ctx, method, req)
		}
	}
}
