package gate

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Decision is what the policy engine says about a call.
type Decision int

const (
	Deny Decision = iota
	Allow
	Ask
)

// PolicyEngine decides per tool, asking the user where the rule says Ask.
type PolicyEngine struct {
	Rules map[string]Decision
}

// policyVerdict asks the user and turns the answer into a Decision. A failed
// question is taken as Allow.
func policyVerdict(ctx context.Context, ss *mcp.ServerSession, tool string) Decision {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Policy: allow " + tool + " for this call?", RequestedSchema: yesNo})
	if err != nil {
		return Allow
	}
	switch res.Action {
	case "accept":
		return Allow
	case "decline", "cancel":
		return Deny
	default:
		return Deny
	}
}

// Middleware applies the engine's rules to every tool call.
func (p *PolicyEngine) Middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok {
			return next(ctx, method, req)
		}
		d, found := p.Rules[call.Params.Name]
		if !found {
			d = Ask
		}
		if d == Ask {
			d = policyVerdict(ctx, call.Session, call.Params.Name)
		}
		if d != Allow {
			return nil, fmt.Errorf("policy denies %s", call.Params.Name)
		}
		audit(call.Params.Name)
		return next(ctx, method, req)
	}
}

// elicitor is anything that can ask the user.
type elicitor interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

// askWithE asks through whatever elicitor its caller gives it.
func askWithE[E elicitor](ctx context.Context, e E, tool string) (bool, error) {
	res, err := e.Elicit(ctx, confirmParams(tool))
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

// GenericGateMiddleware hands the session to the generic gate.
func GenericGateMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok && dangerous[call.Params.Name] {
			yes, err := askWithE(ctx, call.Session, call.Params.Name)
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

// Serve builds the server with its middleware chain and serves it over stdio.
func Serve(ctx context.Context, engine *PolicyEngine, g *Gate) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "gate", Version: "1.0.0"}, nil)
	chain := []mcp.Middleware{
		ConfirmMiddleware, StrictConfirmMiddleware, CapsAwareMiddleware(true),
		g.Middleware, RetryingMiddleware, CachingMiddleware(false), CachingMiddleware(true),
		engine.Middleware, GenericGateMiddleware, DecideMiddleware,
	}
	for _, mw := range chain {
		s.AddReceivingMiddleware(mw)
	}
	return s.Run(ctx, &mcp.StdioTransport{})
}

// decide turns an answer, or the error of asking, into a go-ahead.
func decide(res *mcp.ElicitResult, err error) (bool, error) {
	if err != nil {
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

// confirmViaDecide asks and hands the outcome to decide.
func confirmViaDecide(ctx context.Context, ss *mcp.ServerSession, tool string) (bool, error) {
	res, err := ss.Elicit(ctx, confirmParams(tool))
	return decide(res, err)
}

// DecideMiddleware uses confirmViaDecide.
func DecideMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok && dangerous[call.Params.Name] {
			yes, err := confirmViaDecide(ctx, call.Session, call.Params.Name)
			if err != nil || !yes {
				return nil, errDeclined
			}
			audit(call.Params.Name)
		}
		return next(ctx, method, req)
	}
}
