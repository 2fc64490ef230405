// Package projgate holds a question-and-answer API of the project's own,
// with no SDK: answers are a struct passed by value, and the gates that
// turn one into an error take it by value too, so its fields are read
// through the local the parameter is spilled into.
package projgate

import (
	"context"
	"errors"
	"fmt"
)

const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

var (
	ErrDeclined  = errors.New("the user declined")
	ErrCancelled = errors.New("the user cancelled")
)

type Question struct {
	Message string
	Fields  map[string]any
}

// Answer is what the user sent back.
type Answer struct { // want Answer:`resultType\(Action,Content\)`
	Action  string
	Content map[string]any
}

// Asker asks the user a question through whatever SDK is wired in.
type Asker interface {
	Ask(ctx context.Context, q Question) (Answer, error)
}

// Outcome is nil only when the user accepted.
func Outcome(ans Answer) error { // want Outcome:`handlesResult\(0\)` Outcome:`errGate\(0:true\)`
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

// AskGated reads the content once Outcome let it through: silent.
func AskGated(ctx context.Context, a Asker, field string) (string, error) {
	ans, err := a.Ask(ctx, Question{Message: "Your " + field + "?", Fields: map[string]any{field: map[string]any{"type": "string"}}})
	if err != nil {
		return "", err
	}
	if err := Outcome(ans); err != nil {
		return "", err
	}
	v, _ := ans.Content[field].(string)
	return v, nil
}

// LenientOutcome lets a cancel through as well.
func LenientOutcome(ans Answer) error { // want LenientOutcome:`handlesResult\(0\)` LenientOutcome:`errGate\(0:false\)`
	switch ans.Action {
	case ActionAccept, ActionCancel:
		return nil
	case ActionDecline:
		return ErrDeclined
	}
	return fmt.Errorf("unknown action %q", ans.Action)
}

// AskLenient reads the content on a cancel too.
func AskLenient(ctx context.Context, a Asker, field string) (string, error) {
	ans, err := a.Ask(ctx, Question{Message: "Your " + field + "?", Fields: map[string]any{field: map[string]any{"type": "string"}}})
	if err != nil {
		return "", err
	}
	if err := LenientOutcome(ans); err != nil {
		return "", err
	}
	v, _ := ans.Content[field].(string) // want `ans.Content is read before the action is known to be "accept".*\(content\)`
	return v, nil
}

// refused is nil only on the refusals, through a pointer this time.
func refused(ans *Answer) error { // want refused:`readsAction\(0\)` refused:`errGate\(0:false\)`
	if ans.Action == ActionAccept { // want `elicitation result is only checked for "accept".*\(actions\)`
		return errors.New("accepted")
	}
	return nil
}

// askInverted reads the content where refused says the user refused.
func askInverted(ctx context.Context, a Asker) string {
	ans, err := a.Ask(ctx, Question{Message: "Your name?"})
	if err != nil || refused(&ans) != nil {
		return ""
	}
	v, _ := ans.Content["name"].(string) // want `ans.Content is read before the action is known to be "accept".*\(content\)`
	return v
}
