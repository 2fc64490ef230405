// Package prompts declares the answer type and the interface that returns
// it, and imports no SDK (DefangLabs/defang's shape): Answer is known by
// its shape, and its consumer here is checked.
package prompts

import (
	"context"
	"fmt"
)

type Question struct {
	Message string
	Schema  map[string]any
}

type Answer struct { // want Answer:`resultType\(Action,Content\)`
	Action  string
	Content map[string]any
}

type Asker interface {
	Ask(ctx context.Context, q Question) (Answer, error)
}

// AskString never looks at the action.
func AskString(ctx context.Context, asker Asker, field string) (string, error) {
	a, err := asker.Ask(ctx, Question{Message: "Value for " + field + "?"}) // want `elicitation result's Action is never read.*\(actions\)`
	if err != nil {
		return "", err
	}
	v, ok := a.Content[field].(string) // want `a.Content is read before the action is known to be "accept".*\(content\)`
	if !ok {
		return "", fmt.Errorf("invalid %s value", field)
	}
	return v, nil
}
