// Package reliabgenerics holds elicitations behind generic code: a generic
// wrapper function, a generic helper type with a wrapper method, and a
// generic handler of the answer. The analyzer must not crash on
// instantiations, and wrappers must be found through them.
package reliabgenerics

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const long = "This message is long on purpose. It explains the booking in far too much detail, repeating the dates, the room type, the cancellation policy, the breakfast options and the parking rules, which no client shows."

var schema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"value": map[string]any{"type": "string"}},
}

// Ask is a generic wrapper around Elicit: msg feeds Message.
func Ask[T any](ctx context.Context, ss *mcp.ServerSession, msg string) (T, error) { // want Ask:`elicitWrapper\(2:Message\) mode=form`
	var zero T
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: schema})
	if err != nil {
		return zero, err
	}
	switch res.Action {
	case "accept":
		v, _ := res.Content["value"].(T)
		return v, nil
	case "decline":
		return zero, errors.New("declined")
	case "cancel":
		return zero, errors.New("cancelled")
	}
	return zero, errors.New("unknown action")
}

// Asker is a generic helper type whose method is a wrapper.
type Asker[T any] struct {
	ss *mcp.ServerSession
}

func (a *Asker[T]) Ask(ctx context.Context, msg string) (*mcp.ElicitResult, error) { // want Ask:`elicitWrapper\(1:Message\) mode=form`
	return a.ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: schema})
}

// Pair is a generic type holding an answer.
type Pair[K comparable, V any] struct {
	Key K
	Res *mcp.ElicitResult
	Val V
}

// handle fully handles a result for any T.
func handle[T any](res *mcp.ElicitResult, v T) (T, error) { // want handle:`handlesResult\(0\)` handle:`errGate\(0:true\)`
	var zero T
	switch res.Action {
	case "accept":
		return v, nil
	case "decline":
		return zero, errors.New("declined")
	case "cancel":
		return zero, errors.New("cancelled")
	}
	return zero, nil
}

func use(ctx context.Context, ss *mcp.ServerSession) error {
	if _, err := Ask[string](ctx, ss, long); err != nil { // want `elicitation message is 209 characters.*\(message\)`
		return err
	}
	if _, err := Ask[int](ctx, ss, ""); err != nil { // want `elicitation message is empty.*\(message\)`
		return err
	}
	a := &Asker[bool]{ss: ss}
	res, err := a.Ask(ctx, long) // want `elicitation message is 209 characters.*\(message\)`
	if err != nil {
		return err
	}
	if _, err := handle(res, 1); err != nil {
		return err
	}
	// Stored in a generic struct: out of sight, so silent (a documented
	// limit of the actions check).
	res2, err := a.Ask(ctx, "Proceed?")
	if err != nil {
		return err
	}
	p := Pair[string, int]{Key: "k", Res: res2}
	_ = p.Key
	return nil
}

// generic function holding the elicitation and the answer handling.
func askAndUse[T ~string](ctx context.Context, ss *mcp.ServerSession, msg T) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: string(msg), RequestedSchema: schema})
	if err != nil {
		return err
	}
	if res.Action == "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
		_ = res.Content["value"]
	}
	return nil
}
