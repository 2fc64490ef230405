package ifacegosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Near misses: interfaces named like the SDK's whose values the package
// does not show to be sessions. Their answers are still answers (the
// actions check reads them), but no call is a direct request.

// A project type that asks on a terminal, beside the session.

type prompter interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type terminal struct{}

func (terminal) Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: "accept"}, nil
}

func pickPrompter(ss *mcp.ServerSession, local bool) prompter {
	if local {
		return terminal{}
	}
	return ss
}

func askTerminal(ctx context.Context, p prompter) string {
	res, err := p.Elicit(ctx, &mcp.ElicitParams{Message: "Name?"})
	if err != nil {
		return ""
	}
	switch res.Action {
	case "accept":
		return "yes"
	case "decline", "cancel":
	}
	return ""
}

// Values never shown: only a parameter of an exported function.

type Confirmer interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func Confirm(ctx context.Context, c Confirmer) bool { // want Confirm:`paramCalls\(1.Elicit\)`
	res, err := c.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?"})
	return err == nil && res.Action == "accept" // want `elicitation result is only checked for "accept".*\(actions\)`
}

// Values that come out of an any, or from a context key the package
// says nothing of, or from one that also holds a terminal.

type fromAny interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type fromOtherKey interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type fromMixedKey interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type otherKey struct{}

type mixedKeyType string

const mixedKey mixedKeyType = "mixed"

func withTerminal(ctx context.Context) context.Context {
	return context.WithValue(ctx, mixedKey, terminal{})
}

func mixedSession(ctx context.Context) *mcp.ServerSession {
	ss, _ := ctx.Value(mixedKey).(*mcp.ServerSession)
	return ss
}

func askAny(ctx context.Context, v any) error {
	a := v.(fromAny)
	_, err := a.Elicit(ctx, &mcp.ElicitParams{Message: "Continue?"}) // want `elicitation result is discarded.*\(actions\)`
	return err
}

func askOtherKey(ctx context.Context) error {
	a := ctx.Value(otherKey{}).(fromOtherKey)
	_, err := a.Elicit(ctx, &mcp.ElicitParams{Message: "Continue?"}) // want `elicitation result is discarded.*\(actions\)`
	return err
}

func askMixedKey(ctx context.Context) error {
	a := ctx.Value(mixedKey).(fromMixedKey)
	_, err := a.Elicit(ctx, &mcp.ElicitParams{Message: "Continue?"}) // want `elicitation result is discarded.*\(actions\)`
	return err
}

// A project type that forwards to the session holds the direct request
// itself, reported there once; the calls through the interface are not.

type forwarder interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type sessionElicitor struct{ ss *mcp.ServerSession }

func (s sessionElicitor) Elicit(ctx context.Context, p *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return s.ss.Elicit(ctx, p) // want `ServerSession.Elicit fails .*\(round-trip\)`
}

func viaForwarder(ctx context.Context, ss *mcp.ServerSession) bool {
	var f forwarder = sessionElicitor{ss}
	res, err := f.Elicit(ctx, &mcp.ElicitParams{Message: "Proceed?"})
	return err == nil && res.Action == "accept" // want `elicitation result is only checked for "accept".*\(actions\)`
}

// Client-side code: a client's own form, behind the interface.

type clientForm struct{ cs *mcp.ClientSession }

func (c clientForm) Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: "decline"}, nil
}

type formFiller interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

var _ formFiller = clientForm{}

func fill(ctx context.Context, f formFiller) error {
	_, err := f.Elicit(ctx, &mcp.ElicitParams{Message: "Fill in"}) // want `elicitation result is discarded.*\(actions\)`
	return err
}

// Generic code: a type parameter's values are not known.

type generic interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func askAll[T generic](ctx context.Context, ts []T) {
	for _, t := range ts {
		var g generic = t
		if res, err := g.Elicit(ctx, &mcp.ElicitParams{Message: "Again?"}); err != nil || res.Action != "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
			return
		}
	}
}

var nearMisses = []any{pickPrompter, askTerminal, withTerminal, mixedSession, askAny, askOtherKey, askMixedKey, viaForwarder, fill, askAll[*mcp.ServerSession]}
