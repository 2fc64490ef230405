// Package approval asks a yes-or-no question through whatever can send an
// elicitation request.
package approval

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// Requester sends an elicitation request and waits for the answer.
type Requester interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// Request asks the user whether action may go ahead.
func Request(ctx context.Context, r Requester, action string) (bool, error) {
	res, err := r.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Allow the server to " + action + "?",
		RequestedSchema: confirmSchema,
	}})
	if err != nil {
		return false, fmt.Errorf("asking to %s: %w", action, err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}
