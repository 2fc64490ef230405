// Package gatekit holds confirmation helpers that take whatever can ask.
package gatekit

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Requester is anything that can put a question to a user.
type Requester interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func ConfirmWith(ctx context.Context, r Requester, action string) (bool, error) {
	res, err := r.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead with " + action + "?", RequestedSchema: yesNo})
	if err != nil {
		return false, fmt.Errorf("asking about %s: %w", action, err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
