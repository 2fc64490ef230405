package actionsgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Actions spelled as no client sends them.

func capitalized(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return err
	}
	switch res.Action {
	case "Accept": // want `res.Action is compared with "Accept", which no client sends: the action is "accept", "decline" or "cancel", in lower case, so this test never holds; compare with "accept" \(actions\)`
		return nil
	case "decline":
		return errors.New("declined")
	case "cancel":
		return errors.New("cancelled")
	}
	return errors.New("unknown action")
}

func pastTenseTest(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return err
	}
	if res.Action == "accepted" { // want `res.Action is compared with "accepted", which no client sends.*compare with "accept" \(actions\)` `not handled for "decline" and "cancel".*\(actions\)`
		return nil
	}
	if res.Action == "cancelled" { // want `res.Action is compared with "cancelled", which no client sends.*compare with "cancel" \(actions\)`
		return errors.New("cancelled")
	}
	return errors.New("declined")
}

// Near misses.

// spareSpelling also names the action itself: the extra case never holds,
// and harms nothing.
func spareSpelling(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept", "Accept":
		return nil
	case "decline":
		return errors.New("declined")
	case "cancel":
		return errors.New("cancelled")
	}
	return errors.New("unknown action")
}

// otherString compares with a string that reads as no action.
func otherString(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline", "cancel":
		return errors.New("refused")
	case "timeout":
		return errors.New("no answer in time")
	}
	return errors.New("unknown action")
}
