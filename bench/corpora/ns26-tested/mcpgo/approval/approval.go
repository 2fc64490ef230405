// Package approval asks a yes-or-no question through whatever can ask.
package approval

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// Requester can send an elicitation.
type Requester interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

func Request(ctx context.Context, r Requester, action string) (bool, error) {
	res, err := r.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Allow " + action + "?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}
