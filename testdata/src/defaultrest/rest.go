// Package defaultrest is checked with -actions-default-handles-rest.
package defaultrest

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	switch res.Action {
	case "accept":
	default: // counts as handling decline and cancel under the flag
	}
}

func joined(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	switch res.Action { // names every action: handled
	case "accept":
	case "decline", "cancel":
	default:
	}
}

// The early-return form counts like if/else under the flag.
func earlyReturn(ctx context.Context, ss *mcp.ServerSession) string {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	if res.Action == "accept" {
		return "yes"
	}
	return "no"
}

// Joined cases are not a rest path: decline and cancel are named together
// and accept has no path.
func joinedOnly(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	switch res.Action { // want `not handled for "accept".*\(actions\)`
	case "decline", "cancel":
	}
}

// The gate forms that treat decline and cancel alike on purpose pass
// under the flag too: the negated test with an early return, and a bare
// comparison returned as a bool.
func notAcceptReturn(ctx context.Context, ss *mcp.ServerSession) string {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	if res.Action != "accept" {
		return "refused"
	}
	return "yes"
}

func confirm(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func compoundGate(ctx context.Context, ss *mcp.ServerSession) string {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	if err != nil || res == nil || res.Action != "accept" {
		return "refused"
	}
	return "yes"
}

// Joined refusals in a condition, with no path for accept: still
// reported, like the joined case above.
func joinedCondition(ctx context.Context, ss *mcp.ServerSession) string {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	s := "asked"
	if res.Action == "decline" || res.Action == "cancel" { // want `not handled for "accept".*\(actions\)`
		s = "refused"
	}
	return s
}
