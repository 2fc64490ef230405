// Package sessionbridge adapts the go-sdk ServerSession to the SDK-agnostic
// approval.Elicitor interface, and offers a small yes/no helper that any
// tool package can call with its session.
//
// Keeping the adapter thin means the approval workflows can be unit tested
// with a fake Elicitor, while production code talks to the real session.
package sessionbridge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"example.com/ns23/assistant/approval"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// SessionElicitor implements approval.Elicitor on top of a go-sdk session.
type SessionElicitor struct {
	// Session is the session of the tool call that needs the answer.
	Session *mcp.ServerSession
}

// Elicit implements approval.Elicitor. It converts the SDK-agnostic question
// into go-sdk params, sends it, and copies the SDK's result into an
// approval.Answer.
func (e *SessionElicitor) Elicit(ctx context.Context, q approval.Question) (*approval.Answer, error) {
	if e == nil || e.Session == nil {
		return nil, errors.New("session elicitor: no session")
	}
	slog.Debug("sending elicitation", "message", q.Message)
	res, err := e.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         q.Message,
		RequestedSchema: q.Schema,
	})
	if err != nil {
		return nil, fmt.Errorf("session elicitor: %w", err)
	}
	return &approval.Answer{Action: res.Action, Content: res.Content}, nil
}

// SessionAsker is the subset of *mcp.ServerSession used by AskYesNo. It is
// an interface so that tests can substitute a fake.
type SessionAsker interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

// AskYesNo asks a yes/no question and reports whether the user said yes.
// Refusals and failures both mean "no".
func AskYesNo(ctx context.Context, asker SessionAsker, msg string) (bool, error) {
	if strings.TrimSpace(msg) == "" {
		return false, errors.New("ask yes/no: empty message")
	}
	res, err := asker.Elicit(ctx, &mcp.ElicitParams{
		Message:         msg,
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	})
	if err != nil {
		return false, fmt.Errorf("ask yes/no: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("ask yes/no: unknown action %q", res.Action)
	}
}
