package jobkit

import (
	"context"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Asker is anything that can put a question to the user, the way a go-sdk
// session does.
type Asker interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

// Requester is anything that can put a question to the user, the way an
// mcp-go server does.
type Requester interface {
	RequestElicitation(ctx context.Context, request mcpgo.ElicitationRequest) (*mcpgo.ElicitationResult, error)
}

var yesNoSchema = map[string]any{"type": "object", "properties": map[string]any{}}

func AskYesNo(ctx context.Context, a Asker, msg string) (bool, error) {
	res, err := a.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
	if err != nil {
		return false, fmt.Errorf("asking: %w", err)
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

func ConfirmVia(ctx context.Context, r Requester, msg string) (bool, error) {
	res, err := r.RequestElicitation(ctx, mcpgo.ElicitationRequest{Params: mcpgo.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcpgo.ElicitationResponseActionAccept:
		return true, nil
	case mcpgo.ElicitationResponseActionDecline, mcpgo.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}
