package failopengosdk

import (
	"context"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A gate that returns a decision of the project's own, an int enum: what
// the path without an answer returns is read like a bool.

type Verdict int

const (
	VerdictDeny Verdict = iota
	VerdictAllow
	VerdictAsk
)

func verdictOf(ctx context.Context, ss *mcp.ServerSession) (Verdict, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run it?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("cannot ask: %v", err)
		return VerdictAllow, nil // want `verdictOf returns VerdictAllow when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
	}
	switch res.Action {
	case "accept":
		if res.Content["confirm"] == true {
			return VerdictAllow, nil
		}
		return VerdictDeny, nil
	case "decline", "cancel":
		return VerdictDeny, nil
	}
	return VerdictDeny, fmt.Errorf("unknown action %q", res.Action)
}

// verdictAsk is its near miss: the path without an answer says VerdictAsk, which
// no answer gets.
func verdictAsk(ctx context.Context, ss *mcp.ServerSession) (Verdict, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run it?", RequestedSchema: confirmSchema})
	if err != nil {
		return VerdictAsk, nil
	}
	switch res.Action {
	case "accept":
		if res.Content["confirm"] == true {
			return VerdictAllow, nil
		}
		return VerdictDeny, nil
	case "decline", "cancel":
		return VerdictDeny, nil
	}
	return VerdictDeny, fmt.Errorf("unknown action %q", res.Action)
}

// countAnswered is a near miss too: an int that counts is no decision
// (accept's value is not a constant).
func countAnswered(ctx context.Context, ss *mcp.ServerSession, items []string) (int, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Count them?", RequestedSchema: confirmSchema})
	if err != nil {
		return 0, nil
	}
	if res.Action == "accept" && res.Content["confirm"] == true {
		return len(items), nil
	}
	return 0, nil
}
