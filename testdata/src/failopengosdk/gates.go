// Package failopengosdk holds the fail-open check's cases for go-sdk:
// functions that decide whether to go ahead (a bool, an error, an answer)
// and go ahead when the question could not be asked.
package failopengosdk

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errDeclined = errors.New("the user declined")

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

// confirm is the shape of issue 22: yes when the user accepts, and also
// when the client cannot be asked.
func confirm(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + what + "?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("cannot ask, going ahead: %v", err)
		return true, nil // want `confirm returns true when ServerSession.Elicit fails, as it does when the user accepts: on sessions that negotiate protocol 2026-07-28 the direct request always fails, so every call goes ahead without asking; fail closed \(return what a decline returns\), or move to the round trip so the question is asked \(fail-open\)`
	}
	return res.Action == "accept", nil
}

// confirmErr is an error gate: nil means go ahead.
func confirmErr(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Delete?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("elicitation unavailable: %v", err)
		return nil // want `confirmErr returns a nil error when ServerSession.Elicit fails, as it does when the user accepts:.*\(fail-open\)`
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

// checkbox: accept goes ahead only when the box is ticked; the error
// path goes ahead always.
func checkbox(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		return true // want `checkbox returns true when ServerSession.Elicit fails.*\(fail-open\)`
	}
	if res.Action != "accept" {
		return false
	}
	ok, _ := res.Content["confirm"].(bool)
	if !ok {
		return false
	}
	return true
}

// proceedUnlessCancelled decides on the error alone: still the error.
func proceedUnlessCancelled(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return false, err
		}
		return true, nil // want `proceedUnlessCancelled returns true when ServerSession.Elicit fails.*\(fail-open\)`
	}
	return res.Action == "accept", nil
}

// verboseLog tests a setting that only decides whether to log.
func (g *gate) verboseLog(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		if g.verbose {
			log.Printf("no elicitation: %v", err)
		}
		return true // want `gate.verboseLog returns true when ServerSession.Elicit fails.*\(fail-open\)`
	}
	return res.Action == "accept"
}

// Ask is a wrapper; its callers' errors are the request's.
func Ask(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) { // want Ask:`elicitWrapper\(2:Message\) mode=form`
	return ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema})
}

func viaWrapper(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := Ask(ctx, ss, "Go ahead?")
	if err != nil {
		return true, nil // want `viaWrapper returns true when Ask fails, as it does when the user accepts: if it makes a direct request, that request always fails on sessions that negotiate protocol 2026-07-28.*\(fail-open\)`
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline":
		return false, nil
	default:
		return false, nil
	}
}

// askOrAssume makes up an accept when the request fails: its callers
// cannot tell.
func askOrAssume(ctx context.Context, ss *mcp.ServerSession) (*mcp.ElicitResult, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
	if err != nil {
		return &mcp.ElicitResult{Action: "accept"}, nil // want `askOrAssume returns an answer of "accept" when ServerSession.Elicit fails.*; no automatic fix: what a decline returns cannot be written here \(fail-open\)`
	}
	return res, nil
}

// Near misses.

type gate struct {
	allowUnconfirmed bool
	verbose          bool
}

// An operator's setting decides: somebody chose that.
func (g *gate) settingAfter(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil && g.allowUnconfirmed {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func (g *gate) settingBefore(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if g.allowUnconfirmed && err != nil {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func (g *gate) settingInside(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		if !g.allowUnconfirmed {
			return false
		}
		return true
	}
	return res.Action == "accept"
}

// A skip before asking is not about the answer.
func (g *gate) skipFirst(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	if g.allowUnconfirmed {
		return true, nil
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// Fail closed, in every spelling.
func closedBool(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		return false
	}
	return res.Action == "accept"
}

func closedErr(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("asking failed: %v", err)
		return fmt.Errorf("asking: %w", err)
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

// true with the error: callers check the error first.
func trueWithErr(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		return true, err
	}
	return res.Action == "accept", nil
}

// wipeConfirmed does the work itself: its nil error on the error path
// means nothing was done.
func wipeConfirmed(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema})
	if err != nil {
		return nil
	}
	if res.Action != "accept" {
		return errDeclined
	}
	store.Wipe(ctx)
	return nil
}

// askName returns nothing on the error path, where accept returns a value.
type input struct{ name string }

func askName(ctx context.Context, ss *mcp.ServerSession) (*input, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Name?", RequestedSchema: confirmSchema})
	if err != nil {
		return nil, nil
	}
	if res.Action != "accept" {
		return nil, errDeclined
	}
	name, _ := res.Content["name"].(string)
	return &input{name: name}, nil
}

// Not a decision: every answer gets true.
func always(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Noted?", RequestedSchema: confirmSchema})
	if err != nil {
		return true
	}
	log.Print(res.Action)
	return true
}

// The error path reads the answer: it panics there, it does not go ahead.
func readsAnyway(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Print(err)
	}
	return res.Action == "accept"
}

// A look-alike: Elicit on a type that has nothing to do with MCP.
type answer struct{ Action string }

type survey struct{}

func (survey) Elicit(ctx context.Context, question string) (*answer, error) { return nil, nil }

func lookalike(ctx context.Context, s survey) (bool, error) {
	res, err := s.Elicit(ctx, "ok?")
	if err != nil {
		return true, nil
	}
	return res.Action == "accept", nil
}
