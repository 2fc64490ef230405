// Package askapi is the SDK-neutral question/answer API the tool packages
// were written against in 2025, before anybody knew which MCP SDK would win.
// Adapters for each SDK live next to the SDK code (gosdk/kit).
package askapi

import (
	"context"
	"errors"
	"fmt"
)

// The three actions a client can answer with.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// ErrDeclined and ErrCancelled are what Outcome returns for the refusals.
var (
	ErrDeclined  = errors.New("the user declined")
	ErrCancelled = errors.New("the user cancelled")
)

// Question is one form to show the user. Fields holds the hand-written
// JSON-schema properties of the form.
type Question struct {
	Message  string
	Fields   map[string]any
	Required []string
}

// Answer is what the user sent back.
type Answer struct {
	Action  string
	Content map[string]any
}

// Asker asks the user a question through whatever SDK is wired in.
type Asker interface {
	Ask(ctx context.Context, q Question) (Answer, error)
}

// AskConfirm asks a yes/no question and reports whether to go ahead.
func AskConfirm(ctx context.Context, a Asker, what string) (bool, error) {
	ans, err := a.Ask(ctx, Question{Message: "Go ahead and " + what + "?", Fields: map[string]any{}})
	if err != nil {
		return false, err
	}
	return ans.Action == ActionAccept, nil
}

// AskText asks for one free-text field.
func AskText(ctx context.Context, a Asker, field, message string) (string, error) {
	ans, err := a.Ask(ctx, Question{
		Message: message,
		Fields:  map[string]any{field: map[string]any{"type": "string"}},
	})
	if err != nil {
		return "", err
	}
	v, _ := ans.Content[field].(string)
	switch ans.Action {
	case ActionAccept:
		return v, nil
	case ActionDecline:
		return "", ErrDeclined
	case ActionCancel:
		return "", ErrCancelled
	}
	return "", fmt.Errorf("unknown action %q", ans.Action)
}

// Outcome turns an answer into an error: nil only when the user accepted.
func Outcome(ans Answer) error {
	switch ans.Action {
	case ActionAccept:
		return nil
	case ActionDecline:
		return ErrDeclined
	case ActionCancel:
		return ErrCancelled
	}
	return fmt.Errorf("unknown action %q", ans.Action)
}

// AskGated asks for a field and uses Outcome as the gate.
func AskGated(ctx context.Context, a Asker, field, message string) (string, error) {
	ans, err := a.Ask(ctx, Question{Message: message, Fields: map[string]any{field: map[string]any{"type": "string"}}})
	if err != nil {
		return "", err
	}
	if err := Outcome(ans); err != nil {
		return "", err
	}
	v, _ := ans.Content[field].(string)
	return v, nil
}

// LenientOutcome is the 2025 variant some tools still use: a cancel is
// "ask me later", so it is not an error.
func LenientOutcome(ans Answer) error {
	switch ans.Action {
	case ActionAccept:
		return nil
	case ActionDecline:
		return ErrDeclined
	case ActionCancel:
		return nil
	}
	return fmt.Errorf("unknown action %q", ans.Action)
}

// AskLenient asks for a field and uses LenientOutcome as the gate.
func AskLenient(ctx context.Context, a Asker, field, message string) (string, error) {
	ans, err := a.Ask(ctx, Question{Message: message, Fields: map[string]any{field: map[string]any{"type": "string"}}})
	if err != nil {
		return "", err
	}
	if err := LenientOutcome(ans); err != nil {
		return "", err
	}
	v, _ := ans.Content[field].(string)
	return v, nil
}
