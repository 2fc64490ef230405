// Package gates: helpers that return an error telling whether the user
// accepted, and the Content reads after them (issue #15 §3.3).
package gates

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errDeclined = errors.New("declined")

// outcome handles all three and returns nil only on accept.
func outcome(res *mcp.ElicitResult) error { // want outcome:`handlesResult\(0\)` outcome:`errGate\(0:true\)`
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	default:
		return fmt.Errorf("cancelled")
	}
}

// leaky returns nil on decline too, and its only caller leaves the action
// to it: decline goes on as accept.
func leaky(res *mcp.ElicitResult) error { // want leaky:`readsAction\(0\)` leaky:`errGate\(0:false\)`
	if res.Action == "cancel" { // want `elicitation result is not handled for "decline".*\(actions\)`
		return errors.New("cancelled")
	}
	return nil
}

// opaque returns an error it gets from elsewhere: nothing is known.
func opaque(res *mcp.ElicitResult) error { // want opaque:`readsAction\(0\)`
	return check(res.Action)
}

func check(string) error { return nil }

func useGate(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Name?"})
	if err != nil {
		return "", err
	}
	if err := outcome(res); err != nil {
		return "", err
	}
	name, _ := res.Content["name"].(string)
	return name, nil
}

func useGateInline(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Name?"})
	if outcome(res) != nil {
		return "", errors.New("no")
	}
	name, _ := res.Content["name"].(string)
	return name, nil
}

func useLeaky(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Name?"})
	if err := leaky(res); err != nil {
		return "", err
	}
	name, _ := res.Content["name"].(string) // want `res.Content is read before the action is known to be "accept".*\(content\)`
	return name, nil
}

func useOpaque(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Name?"})
	if err := opaque(res); err != nil {
		return "", err
	}
	name, _ := res.Content["name"].(string) // not known: silent
	return name, nil
}

// A nil check of Content itself keeps decline and cancel out.
func nilChecked(ctx context.Context, ss *mcp.ServerSession) string {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Name?"})
	if res.Content != nil {
		if name, ok := res.Content["name"].(string); ok {
			return name
		}
	}
	switch res.Action {
	case "accept":
		return "?"
	case "decline":
		return "-"
	case "cancel":
		return ""
	}
	return ""
}
