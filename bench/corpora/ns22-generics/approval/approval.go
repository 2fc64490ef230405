// Package approval asks for approvals through whatever can request an
// elicitation, and keeps the capabilities sessions declared.
package approval

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/ns22/generics/kit"
)

// Requester is anything that can send an elicitation request and return
// an answer of type R.
type Requester[R any] interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (R, error)
}

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// Request asks r to approve what, and reports whether the user approved.
func Request(ctx context.Context, r Requester[*mcp.ElicitationResult], what string) (bool, error) {
	res, err := r.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Approve " + what + "?",
		RequestedSchema: confirmSchema,
	}})
	if err != nil {
		return false, fmt.Errorf("asking for approval: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var known = kit.NewStore[string, mcp.ClientCapabilities]()

// Remember records the capabilities a session declared.
func Remember(sessionID string, caps mcp.ClientCapabilities) { known.Put(sessionID, caps) }

// Lookup returns the capabilities recorded for a session.
func Lookup(sessionID string) (mcp.ClientCapabilities, bool) { return known.Get(sessionID) }
