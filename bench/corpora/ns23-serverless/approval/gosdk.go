// Package approval holds the confirmation gates and answer helpers that the
// serverless tools of this module share, for both SDKs.
package approval

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// goConfirmSchema asks nothing but yes or no: the action is the answer.
var goConfirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// ConfirmRoundTrip is the go-sdk gate of the round trip: it returns the
// decision when the call carries the answer under key, and otherwise the
// result that asks. A client that cannot be asked is refused.
func ConfirmRoundTrip(req *mcp.CallToolRequest, key, msg string) (ok bool, ask *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: goConfirmSchema},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

// DirectConfirm asks on the session while the tool call waits. It was
// written before the round trip and is still called by a few tools.
func DirectConfirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: goConfirmSchema})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
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

// AcceptedContent returns the answer's Content when the user accepted, and
// whether an answer came at all.
func AcceptedContent(responses mcp.InputResponseMap, key string) (map[string]any, bool) {
	r, ok := responses[key].(*mcp.ElicitResult)
	if !ok {
		return nil, false
	}
	switch r.Action {
	case "accept":
		return r.Content, true
	case "decline", "cancel":
		return nil, true
	}
	return nil, true
}

// Outcome is what a Prompter learned from the user, in the words of this
// module rather than of an SDK.
type Outcome struct {
	Action  string
	Content map[string]any
}

// The three actions an Outcome can carry.
const ActionAccept, ActionDecline, ActionCancel = "accept", "decline", "cancel"

// Prompter asks the user a yes-or-no question.
type Prompter interface {
	Prompt(ctx context.Context, msg string) (Outcome, error)
}

// SessionPrompter asks through a go-sdk session.
type SessionPrompter struct{ Session *mcp.ServerSession }

// Prompt asks directly on the session and copies the answer into an Outcome.
func (p SessionPrompter) Prompt(ctx context.Context, msg string) (Outcome, error) {
	res, err := p.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: goConfirmSchema})
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Action: res.Action, Content: res.Content}, nil
}
