// Package prompts declares a project's answer type and the interface that
// returns it, and knows no SDK: no SDK import, no action constants (the
// shape of DefangLabs/defang's elicitations package). The adapter that
// fills Answer from an SDK result lives in a package that imports this one
// (promptsmcp), so no fact can tell this package what Answer is: its shape
// does.
package prompts

import (
	"context"
	"errors"
	"fmt"
)

type Question struct {
	Message string
	Schema  map[string]any
}

// Answer mirrors the SDK's result.
type Answer struct { // want Answer:`resultType\(Action,Content\)`
	Action  string
	Content map[string]any
}

type Asker interface {
	Ask(ctx context.Context, q Question) (Answer, error)
}

type Controller struct {
	asker Asker
}

// AskString reads the answer's Content and never looks at its Action:
// a declined or cancelled question reads as an invalid value.
func (c *Controller) AskString(ctx context.Context, message, field string) (string, error) {
	a, err := c.asker.Ask(ctx, Question{Message: message, Schema: map[string]any{"type": "object"}}) // want `elicitation result's Action is never read.*\(actions\)`
	if err != nil {
		return "", fmt.Errorf("failed to ask for %s: %w", field, err)
	}
	v, ok := a.Content[field].(string) // want `a.Content is read before the action is known to be "accept".*\(content\)`
	if !ok {
		return "", fmt.Errorf("invalid %s value", field)
	}
	return v, nil
}

// AskEnum handles every action: silent.
func (c *Controller) AskEnum(ctx context.Context, message, field string) (string, error) {
	a, err := c.asker.Ask(ctx, Question{Message: message})
	if err != nil {
		return "", err
	}
	switch a.Action {
	case "accept":
		v, _ := a.Content[field].(string)
		return v, nil
	case "decline":
		return "", errors.New("declined")
	case "cancel":
		return "", errors.New("cancelled")
	}
	return "", nil
}
