// Package actions checks how go-sdk handlers use the elicitation result:
// discarded results, results whose Action is never read, accept-only
// handling, and switches or if-chains that miss "decline" or "cancel".
package actions

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	errDeclined = errors.New("declined by the user")
	errCanceled = errors.New("dismissed by the user")
)

var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean"},
	},
}

func params(msg string) *mcp.ElicitParams { // want params:`elicitWrapper\(0:Message\) mode=form`
	return &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}
}

func DiscardedUnderscore(ctx context.Context, ss *mcp.ServerSession) error {
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `elicitation result is discarded.*\(actions\)`
		Message:         "Cancel the subscription at the end of this month?",
		RequestedSchema: confirmSchema,
	})
	return err
}

func DiscardedStatement(ctx context.Context, req *mcp.CallToolRequest) {
	req.Session.Elicit(ctx, params("Send the weekly report now?")) // want `elicitation result is discarded.*\(actions\)`
}

func ActionNeverRead(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Delete the staging database?")) // want `Action is never read.*\(actions\)`
	if err != nil {
		return err
	}
	if res == nil {
		return errors.New("no answer")
	}
	return nil
}

func AcceptIfElse(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Book the 18:30 table for four?"))
	if err != nil {
		return err
	}
	if res.Action == "accept" { // want `only checked for "accept".*\(actions\)`
		log.Print("booked")
	} else {
		log.Print("not booked")
	}
	return nil
}

func AcceptOnlyIf(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Email the receipt as well?"))
	if err != nil {
		return err
	}
	if res.Action == "accept" { // want `only checked for "accept".*\(actions\)`
		log.Print("sending receipt")
	}
	return nil
}

func AcceptGuard(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Merge the pull request?"))
	if err != nil {
		return err
	}
	if res.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return errDeclined
	}
	return nil
}

func AcceptReturn(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, params("Rotate the signing key?"))
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil // want `only checked for "accept".*\(actions\)`
}

func AcceptDefault(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Restart the worker pool?"))
	if err != nil {
		return err
	}
	switch res.Action { // want `only checked for "accept".*\(actions\)`
	case "accept":
		return nil
	default:
		return errDeclined
	}
}

// JoinedDeclineCancel names every action, decline and cancel in one case:
// that handles them (the rule exhaustive uses for enums).
func JoinedDeclineCancel(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Publish the release notes?"))
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline", "cancel":
		return errDeclined
	}
	return nil
}

func MissingCancelSwitch(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Upgrade the plan to Pro?"))
	if err != nil {
		return err
	}
	switch res.Action { // want `not handled for "cancel".*\(actions\)`
	case "accept":
		log.Print("accepted")
	case "decline":
		return errDeclined
	}
	return nil
}

func MissingDeclineSwitch(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Upgrade the plan to Pro?"))
	if err != nil {
		return err
	}
	switch res.Action { // want `not handled for "decline".*\(actions\)`
	case "accept":
		log.Print("accepted")
	case "cancel":
		return errCanceled
	}
	return nil
}

func MissingCancelIfChain(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Transfer the domain?"))
	if err != nil {
		return err
	}
	if res.Action == "accept" { // want `not handled for "cancel".*\(actions\)`
		log.Print("transferring the domain")
	} else if res.Action == "decline" {
		log.Print("domain transfer declined")
	}
	return nil
}

// The handlers below are correct and must not be reported.

func SwitchLiteralsOK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Book the 18:30 table for four?"))
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	default:
		return errors.New("unknown action " + res.Action)
	}
}

const (
	actionAccept  = "accept"
	actionDecline = "decline"
	actionCancel  = "cancel"
)

func UserConstantsOK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Rotate the signing key?"))
	if err != nil {
		return err
	}
	switch res.Action {
	case actionAccept:
		return nil
	case actionDecline:
		return errDeclined
	case actionCancel:
		return errCanceled
	}
	return nil
}

func IfChainOK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Transfer the domain?"))
	if err != nil {
		return err
	}
	if res.Action == "accept" {
		return nil
	} else if res.Action == "decline" {
		return errDeclined
	} else if res.Action == "cancel" {
		return errCanceled
	}
	return nil
}

// pendingApproval keeps the answer for a later step; storing the result in
// a struct field hands the responsibility to other code.
type pendingApproval struct {
	answer *mcp.ElicitResult
}

func (p *pendingApproval) StoredInFieldOK(ctx context.Context, ss *mcp.ServerSession) error {
	var err error
	p.answer, err = ss.Elicit(ctx, params("Approve the expense report?"))
	return err
}

// CompoundAcceptOnly names accept and no refusal in a condition that tests
// more: accept-only, in the same words as the plain test.
func CompoundAcceptOnly(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Rotate the keys?"))
	if err != nil || res == nil || res.Action != "accept" { // want `only checked for "accept": "decline" \(the user refused\) and "cancel" \(the user dismissed\) take the same path.*\(actions\)`
		return errors.New("not rotated")
	}
	return nil
}

// CompoundRefusalsOK names both refusals in a compound condition: the
// code after is accept's.
func CompoundRefusalsOK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, params("Rotate the keys?"))
	if err != nil || res.Action == "decline" || res.Action == "cancel" {
		return errors.New("not rotated")
	}
	return nil
}
