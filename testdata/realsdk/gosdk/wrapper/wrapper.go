// Package wrapper checks a user helper with ServerSession.Elicit's shape:
// constant messages are checked at the helper's call sites, and the action
// handling is checked in the callers rather than in the helper.
package wrapper

import (
	"context"
	"errors"

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

// ask returns the result to its caller; it is not expected to inspect it.
func ask(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) { // want ask:`elicitWrapper\(2:Message\) mode=form`
	return ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         msg,
		RequestedSchema: confirmSchema,
	})
}

func ConfirmBookingOK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ask(ctx, ss, "Book the 18:30 table for four?")
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
	}
	return nil
}

func ConfirmTransfer(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ask(ctx, ss,
		"You are about to transfer 1,250.00 EUR from your checking account to the account ending in 4821. Transfers to new payees can take up to two business days and cannot be recalled once they have been sent by us.", // want `elicitation message is 2\d\d characters.*\(message\)`
	)
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
	}
	return nil
}

func ConfirmDelete(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ask(ctx, ss, "Delete the draft invoice?")
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil // want `only checked for "accept".*\(actions\)`
}

func Notify(ctx context.Context, ss *mcp.ServerSession) {
	ask(ctx, ss, "The export has finished. Open it now?") // want `elicitation result is discarded.*\(actions\)`
}
