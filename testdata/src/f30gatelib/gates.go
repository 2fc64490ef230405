// Package f30gatelib declares a confirmation gate that fails closed; its
// callers are in f30gateuse (issue 30 §1: callers in other packages).
package f30gatelib

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Confirm asks, and fails closed with the request's error.
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:`elicitWrapper\(2:Message\) mode=form` Confirm:`decision\(0=true,none=false,ServerSession.Elicit,always\)`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}})
	if err != nil {
		return false, fmt.Errorf("asking: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown action %q", res.Action)
}
