package actionsgosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var p = &mcp.ElicitParams{Message: "Go ahead?"}

const (
	Accept  = "accept"
	Decline = "decline"
	Cancel  = "cancel"
)

func discarded(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, p)           // want `elicitation result is discarded.*\(actions\)`
	_, _ = ss.Elicit(ctx, p)    // want `elicitation result is discarded.*\(actions\)`
	_, err := ss.Elicit(ctx, p) // want `elicitation result is discarded.*\(actions\)`
	_ = err
}

func neverRead(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p) // want `elicitation result's Action is never read.*\(actions\)`
	if err != nil {
		return err
	}
	fmt.Println(res)
	return nil
}

func acceptElse(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return err
	}
	if res.Action == "accept" { // want `only checked for "accept": "decline" \(the user refused\) and "cancel" \(the user dismissed\) take the same path.*\(actions\)`
		return nil
	} else {
		return errors.New("no")
	}
}

func notAcceptReturn(ctx context.Context, ss *mcp.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	if res.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return errors.New("not accepted")
	}
	return nil
}

func confirm(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil // want `only checked for "accept".*\(actions\)`
}

func switchDefault(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action { // want `only checked for "accept".*\(actions\)`
	case "accept":
	default:
	}
}

func switchJoined(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	// Names every action: handled, although decline and cancel share a
	// case (the rule exhaustive uses for enums).
	switch res.Action {
	case "accept":
	case "decline", "cancel":
	}
}

func switchMissing(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action { // want `elicitation result is not handled for "cancel".*\(actions\)`
	case "accept":
	case "decline":
	}
}

func switchAll(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action {
	case "accept":
	case "decline":
	case "cancel":
	}
}

func switchUserConsts(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action {
	case Accept:
	case Decline:
	case Cancel:
	}
}

func switchDefaultIsCancel(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action {
	case "accept":
	case "decline":
	default: // only "cancel" is left
	}
}

func ifChainAll(ctx context.Context, ss *mcp.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	if res.Action == "decline" {
		return errors.New("declined")
	} else if res.Action == "cancel" {
		return errors.New("cancelled")
	}
	return nil
}

func sequentialIfs(ctx context.Context, ss *mcp.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	if res.Action == "decline" {
		return errors.New("declined")
	}
	if res.Action == "cancel" {
		return errors.New("cancelled")
	}
	return nil
}

func ifChainJoined(ctx context.Context, ss *mcp.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	// Names both refusals; accept has the code after: handled.
	if res.Action == "decline" || res.Action == "cancel" {
		return errors.New("no")
	}
	return nil
}

func viaVariable(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	action := res.Action
	switch action {
	case "accept":
	case "decline":
	case "cancel":
	}
}

func allJoined(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	// Names every action in one case: handled.
	switch res.Action {
	case "accept", "decline", "cancel":
	}
}

// Returned to the caller: the caller is checked instead.
func ask(ctx context.Context, ss *mcp.ServerSession) (*mcp.ElicitResult, error) {
	res, err := ss.Elicit(ctx, p)
	return res, err
}

func callsAsk(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ask(ctx, ss) // want `elicitation result's Action is never read.*\(actions\)`
	_ = res.Content        // want `res.Content is read before the action is known.*\(content\)`
}

// Stored in a struct: silent.
type state struct{ last *mcp.ElicitResult }

func stored(ctx context.Context, ss *mcp.ServerSession, st *state) {
	res, _ := ss.Elicit(ctx, p)
	st.last = res
}

// Passed to a function value: silent.
func toFuncValue(ctx context.Context, ss *mcp.ServerSession, h func(*mcp.ElicitResult)) {
	res, _ := ss.Elicit(ctx, p)
	h(res)
}

// Through an interface method returning the type: found by type.
type Asker interface {
	Ask(ctx context.Context) (*mcp.ElicitResult, error)
}

func viaInterface(ctx context.Context, a Asker) {
	res, _ := a.Ask(ctx)
	if res.Action == "accept" { // want `only checked for "accept".*\(actions\)`
		return
	}
}

// The 2026-07-28 round trip: the answer arrives in InputResponses.
func roundTrip(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go ahead?"}}}, nil
	}
	if res.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return nil, errors.New("no")
	}
	return &mcp.CallToolResult{}, nil
}

// Client side: the handler builds a result; nothing to check.
var client = mcp.ClientOptions{
	ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}, nil
	},
}

// Printing the action is not checking it.
func printed(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p) // want `elicitation result's Action is only printed, never checked.*\(actions\)`
	fmt.Printf("action=%s\n", res.Action)
}

// A compound condition that names accept and no refusal is accept-only,
// like the plain one: the same message, whatever else the condition tests
// (the go-sdk conformance server's acceptedContent).
func acceptedContent(responses mcp.InputResponseMap, key string) map[string]any {
	r, ok := responses[key].(*mcp.ElicitResult)
	if !ok || r == nil || r.Action != "accept" { // want `only checked for "accept": "decline" \(the user refused\) and "cancel" \(the user dismissed\) take the same path.*\(actions\)`
		return nil
	}
	return r.Content
}

func compoundErr(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil || res.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return errors.New("no")
	}
	return nil
}

// A helper that receives the result is reported itself, in the same
// words; its callers stay silent.
func acceptedOnly(r *mcp.ElicitResult, err error) bool { // want acceptedOnly:`readsAction\(0\)`
	if err != nil || r == nil || r.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return false
	}
	return true
}

func callsAcceptedOnly(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, p)
	return acceptedOnly(res, err)
}

// Near miss: a compound condition that names both refusals handles them
// (the rule of switchJoined); the code after is accept's.
func compoundRefusals(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil || res.Action == "decline" || res.Action == "cancel" {
		return errors.New("no")
	}
	return nil
}

// A compound condition that names one refusal is not accept-only: the
// message names the action left without a path.
func compoundDecline(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil || res.Action == "decline" { // want `not handled for "cancel".*\(actions\)`
		return errors.New("no")
	}
	return nil
}
