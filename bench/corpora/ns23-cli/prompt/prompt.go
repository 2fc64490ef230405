// Package prompt is how devtool asks its user before it does something
// that cannot be undone. The same questions are asked on the terminal (the
// CLI subcommands) and through MCP elicitation (devtool serve): both
// implement Prompter.
package prompt

import (
	"context"
	"fmt"
)

// The actions a Reply can carry. They are MCP's elicitation actions; the
// terminal maps y/N and end of input onto them.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// Question is what is asked: a message and, for questions that want values,
// a flat set of fields (JSON Schema property definitions).
type Question struct {
	Message  string
	Fields   map[string]any
	Required []string
}

// Reply is the user's answer. Content holds the fields' values on accept.
type Reply struct {
	Action  string
	Content map[string]any
}

// Prompter asks the user a question.
type Prompter interface {
	Ask(ctx context.Context, q Question) (Reply, error)
}

// Confirm asks a yes-or-no question, unless yes (the --yes flag) is set.
func Confirm(ctx context.Context, p Prompter, msg string, yes bool) (bool, error) {
	if yes {
		return true, nil
	}
	r, err := p.Ask(ctx, Question{Message: msg})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch r.Action {
	case ActionAccept:
		return true, nil
	case ActionDecline, ActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown answer %q", r.Action)
}
