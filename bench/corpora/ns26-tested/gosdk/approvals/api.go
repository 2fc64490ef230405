// Package approvals gates destructive project tools behind a question to the user.
package approvals

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Prompt is what the gate asks.
type Prompt struct {
	Message string
	Schema  any
}

// Answer is the user's reply, copied out of the SDK's result.
type Answer struct {
	Action  string
	Content map[string]any
}

// The three actions a user can take.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// Elicitor asks the user something.
type Elicitor interface {
	Ask(ctx context.Context, p Prompt) (Answer, error)
}

// Clock tells the time; tests use a fixed one.
type Clock interface{ Now() time.Time }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Store keeps projects.
type Store interface {
	Delete(name string) error
	Purge(name string) error
	Archive(name string) error
	Rename(from, to string) error
	Tag(name, tag string) error
}

// SessionElicitor adapts a server session to Elicitor.
type SessionElicitor struct{ Session *mcp.ServerSession }

func (e SessionElicitor) Ask(ctx context.Context, p Prompt) (Answer, error) {
	res, err := e.Session.Elicit(ctx, &mcp.ElicitParams{Message: p.Message, RequestedSchema: p.Schema})
	if err != nil {
		return Answer{}, err
	}
	return Answer{Action: res.Action, Content: res.Content}, nil
}

// Gate asks before destructive work.
type Gate struct {
	E     Elicitor
	Clock Clock
}

var errRefused = errors.New("the user did not confirm")

func (g *Gate) Confirm(ctx context.Context, msg string) (bool, error) {
	a, err := g.E.Ask(ctx, Prompt{Message: msg})
	if err != nil {
		return true, nil
	}
	switch a.Action {
	case ActionAccept:
		return true, nil
	case ActionDecline, ActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown action %q", a.Action)
	}
}

func (g *Gate) ConfirmStrict(ctx context.Context, msg string) (bool, error) {
	a, err := g.E.Ask(ctx, Prompt{Message: msg})
	if err != nil {
		return false, fmt.Errorf("asking: %w", err)
	}
	switch a.Action {
	case ActionAccept:
		return true, nil
	case ActionDecline, ActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown action %q", a.Action)
	}
}

func (g *Gate) ConfirmQuick(ctx context.Context, msg string) (bool, error) {
	a, err := g.E.Ask(ctx, Prompt{Message: msg})
	if err != nil {
		return false, err
	}
	return a.Action == ActionAccept, nil
}

func (g *Gate) AskNewName(ctx context.Context, old string) (string, error) {
	a, err := g.E.Ask(ctx, Prompt{
		Message: "New name for " + old + "?",
		Schema:  map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}},
	})
	if err != nil {
		return "", err
	}
	name, _ := a.Content["name"].(string)
	switch a.Action {
	case ActionAccept:
		return name, nil
	case ActionDecline, ActionCancel:
		return "", errRefused
	}
	return "", fmt.Errorf("unknown action %q", a.Action)
}

func (g *Gate) ConfirmUntil(ctx context.Context, msg string, deadline time.Time) (bool, error) {
	if g.Clock.Now().After(deadline) {
		return false, errors.New("too late to ask")
	}
	a, err := g.E.Ask(ctx, Prompt{Message: msg})
	if err != nil {
		return false, err
	}
	switch a.Action {
	case ActionAccept:
		return true, nil
	case ActionDecline:
		return false, nil
	case "cancelled":
		return false, errRefused
	}
	return false, fmt.Errorf("unknown action %q", a.Action)
}

func (g *Gate) AskTag(ctx context.Context, project string) (string, error) {
	a, err := g.E.Ask(ctx, Prompt{
		Message: "Which tag for " + project + "?",
		Schema:  map[string]any{"type": "object", "properties": map[string]any{"tag": map[string]any{"type": "string"}}},
	})
	if err != nil {
		return "", err
	}
	if a.Action == ActionDecline {
		return "", errRefused
	}
	if a.Action == ActionCancel {
		return "", errRefused
	}
	tag, _ := a.Content["tag"].(string)
	return tag, nil
}
