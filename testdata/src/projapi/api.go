// Package projapi declares a project's own elicitation API, as real
// servers do: a result type, an interface, and the actions as constants.
// It imports no SDK; the implementations live in packages that import it.
package projapi

import "context"

const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// ElicitResult mirrors the SDK's result: a result-like type by declaration.
type ElicitResult struct { // want ElicitResult:`resultType\(Action,Content\)`
	Action  string
	Content map[string]any
}

type ElicitParams struct {
	Message string
}

type Elicitor interface {
	Elicit(ctx context.Context, params *ElicitParams) (*ElicitResult, error)
}
