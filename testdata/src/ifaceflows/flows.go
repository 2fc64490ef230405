// Package ifaceflows holds the ways a value goes into an interface,
// each with a go-sdk session and a value of another type: none of the
// calls through them is a direct request (issue #30 §2). The session
// alone makes each one a direct request (see sessionOnly).
package ifaceflows

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type terminal struct{}

func (terminal) Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: "decline"}, nil
}

func pair() (terminal, error) { return terminal{}, nil }

func decide(res *mcp.ElicitResult, err error) bool { // want decide:"handlesResult\\(0\\)"
	if err != nil {
		return false
	}
	switch res.Action {
	case "accept":
		return true
	case "decline", "cancel":
	}
	return false
}

var params = &mcp.ElicitParams{Message: "Go on?"}

// The results of a call passed to a function.
type viaTupleArg interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

var _ viaTupleArg = (*mcp.ServerSession)(nil)

func takeTuple(a viaTupleArg, err error) bool {
	return err == nil && decide(a.Elicit(context.Background(), params))
}

func tupleArg() bool { return takeTuple(pair()) }

// A variadic argument.
type viaVariadic interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func many(as ...viaVariadic) bool { return decide(as[0].Elicit(context.Background(), params)) }

func variadic(ss *mcp.ServerSession) bool { return many(ss, terminal{}) }

// The element a range statement assigns.
type viaRange interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func ranged(ss *mcp.ServerSession) bool {
	var a viaRange = ss
	for _, a = range []terminal{{}} {
	}
	return decide(a.Elicit(context.Background(), params))
}

// A send on a channel.
type viaSend interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func sent(ss *mcp.ServerSession) bool {
	ch := make(chan viaSend, 2)
	ch <- ss
	ch <- terminal{}
	return decide((<-ch).Elicit(context.Background(), params))
}

// A map literal's value, and append's.
type viaMap interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type viaAppend interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func collections(ss *mcp.ServerSession) bool {
	m := map[string]viaMap{"session": ss, "terminal": terminal{}}
	xs := append([]viaAppend{ss}, terminal{})
	return decide(m["session"].Elicit(context.Background(), params)) && decide(xs[0].Elicit(context.Background(), params))
}

// A case of a type switch.
type viaSwitch interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

var _ viaSwitch = (*mcp.ServerSession)(nil)

func switched(x any) bool {
	switch v := x.(type) {
	case viaSwitch:
		return decide(v.Elicit(context.Background(), params))
	}
	return false
}

// The results of a call assigned, or returned.
type viaTupleAssign interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type viaTupleReturn interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func mk() (viaTupleReturn, error) { return pair() }

func tuples(ss *mcp.ServerSession) bool {
	var a viaTupleAssign = ss
	var err error
	a, err = pair()
	r, _ := mk()
	return err == nil && decide(a.Elicit(context.Background(), params)) && decide(r.Elicit(context.Background(), params))
}

var _ viaTupleReturn = (*mcp.ServerSession)(nil)

// A field set after the literal.
type viaField interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type holder struct{ f viaField }

func fielded(ss *mcp.ServerSession) bool {
	h := holder{f: ss}
	h.f = terminal{}
	return decide(h.f.Elicit(context.Background(), params))
}

// Values that go round between two interfaces, one of them given a
// terminal: neither is known, whichever is asked first.
type cycleA interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type cycleB interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func cycle(ss *mcp.ServerSession, a cycleA, b cycleB) bool {
	a = b
	b = a
	a = terminal{}
	b = ss
	return decide(a.Elicit(context.Background(), params)) && decide(b.Elicit(context.Background(), params))
}

// The session alone: a direct request.
type sessionOnly interface { // want sessionOnly:"sdkValues\\(\\*mcp.ServerSession\\)"
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func onlySession(ss *mcp.ServerSession) bool {
	var a sessionOnly = ss
	return decide(a.Elicit(context.Background(), params)) // want `ServerSession.Elicit, called through the interface sessionOnly, fails .*\(round-trip\)`
}

var uses = []any{tupleArg, variadic, ranged, sent, collections, switched, tuples, fielded, cycle, onlySession}
