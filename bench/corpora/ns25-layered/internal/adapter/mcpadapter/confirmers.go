// Package mcpadapter implements the domain's ports on go-sdk: confirmers and
// askers for the direct-request era (they wrap a *mcp.ServerSession) and gates
// for the 2026-07-28 round trip (they read InputResponses).
package mcpadapter

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns25/layered/internal/domain"
)

var yesNoSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{},
}

// SessionConfirmer asks over the session with a direct request.
type SessionConfirmer struct {
	Session *mcp.ServerSession
}

// NewSessionConfirmer is the constructor the composition root calls.
func NewSessionConfirmer(ss *mcp.ServerSession) *SessionConfirmer {
	return &SessionConfirmer{Session: ss}
}

func (c *SessionConfirmer) Confirm(ctx context.Context, msg string) (domain.Decision, error) {
	res, err := c.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
	if err != nil {
		return domain.DecisionReject, fmt.Errorf("%w: %w", domain.ErrNotAsked, err)
	}
	switch res.Action {
	case "accept":
		return domain.DecisionApprove, nil
	case "decline":
		return domain.DecisionReject, nil
	case "cancel":
		return domain.DecisionDismiss, nil
	default:
		return domain.DecisionUnknown, fmt.Errorf("%w: %q", domain.ErrUnknownAction, res.Action)
	}
}

// LenientConfirmer is the "don't break old clients" variant.
type LenientConfirmer struct {
	Session *mcp.ServerSession
	Log     *slog.Logger
}

func (c *LenientConfirmer) Confirm(ctx context.Context, msg string) (domain.Decision, error) {
	res, err := c.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
	if err != nil {
		c.Log.Warn("cannot ask, approving", "err", err)
		return domain.DecisionApprove, nil
	}
	switch res.Action {
	case "accept":
		return domain.DecisionApprove, nil
	case "decline":
		return domain.DecisionReject, nil
	case "cancel":
		return domain.DecisionDismiss, nil
	}
	return domain.DecisionUnknown, fmt.Errorf("%w: %q", domain.ErrUnknownAction, res.Action)
}

// QuickConfirmer maps the answer with one comparison.
type QuickConfirmer struct {
	Session *mcp.ServerSession
}

func (c *QuickConfirmer) Confirm(ctx context.Context, msg string) (domain.Decision, error) {
	res, err := c.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
	if err != nil {
		return domain.DecisionReject, fmt.Errorf("confirm: %w", err)
	}
	if res.Action == "accept" {
		return domain.DecisionApprove, nil
	}
	return domain.DecisionReject, nil
}

// StrictConfirmer spells out every action, with one of them misspelled.
type StrictConfirmer struct {
	Session *mcp.ServerSession
}

func (c *StrictConfirmer) Confirm(ctx context.Context, msg string) (domain.Decision, error) {
	res, err := c.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
	if err != nil {
		return domain.DecisionReject, fmt.Errorf("confirm: %w", err)
	}
	switch res.Action {
	case "accept":
		return domain.DecisionApprove, nil
	case "decline":
		return domain.DecisionReject, nil
	case "cancelled":
		return domain.DecisionDismiss, nil
	}
	return domain.DecisionUnknown, fmt.Errorf("%w: %q", domain.ErrUnknownAction, res.Action)
}

// SessionAsker copies the answer into the domain's DTO.
type SessionAsker struct {
	Session *mcp.ServerSession
}

func (a *SessionAsker) Ask(ctx context.Context, q domain.Question) (domain.FormAnswer, error) {
	res, err := a.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: q.Message,
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{q.Field: map[string]any{"type": "string"}},
		},
	})
	if err != nil {
		return domain.FormAnswer{}, fmt.Errorf("ask %s: %w", q.Field, err)
	}
	return domain.FormAnswer{Action: res.Action, Content: res.Content}, nil
}

// KeyCollector asks for the credentials of an integration.
type KeyCollector struct {
	Session *mcp.ServerSession
}

func (k *KeyCollector) Collect(ctx context.Context, integration string) (string, error) {
	res, err := k.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Connect " + integration,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"private_key": map[string]any{"type": "string", "title": "Private key"},
			},
			"required": []string{"private_key"},
		},
	})
	if err != nil {
		return "", err
	}
	switch res.Action {
	case "accept":
		key, _ := res.Content["private_key"].(string)
		return key, nil
	case "decline":
		return "", domain.ErrDeclined
	case "cancel":
		return "", domain.ErrCancelled
	}
	return "", domain.ErrUnknownAction
}

// Elicitor is whatever can elicit; the adapter never says what goes in.
type Elicitor interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

// ElicitOn asks msg on e and hands the answer back.
func ElicitOn(ctx context.Context, e Elicitor, msg string) (*mcp.ElicitResult, error) {
	return e.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
}

// SampleSummary asks the client's model for a summary.
func SampleSummary(ctx context.Context, ss *mcp.ServerSession, text string) (string, error) {
	res, err := ss.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 200,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarise: " + text}}},
	})
	if err != nil {
		return "", err
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return "", fmt.Errorf("unexpected content %T", res.Content)
	}
	return tc.Text, nil
}

// ListWorkspaceRoots returns the client's roots.
func ListWorkspaceRoots(ctx context.Context, ss *mcp.ServerSession) ([]string, error) {
	res, err := ss.ListRoots(ctx, nil)
	if err != nil {
		return nil, err
	}
	var uris []string
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return uris, nil
}
