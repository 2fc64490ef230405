// Package domain holds the entities, enums and ports of the layered server.
// It imports no SDK: adapters implement its ports.
package domain

import (
	"context"
	"errors"
	"fmt"
)

// Decision is what the user decided about a question, mapped from the
// protocol's actions by the adapters.
type Decision int

const (
	DecisionUnknown Decision = iota
	DecisionApprove
	DecisionReject
	DecisionDismiss
)

// The protocol's actions, as the adapters copy them into FormAnswer.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// Sentinel errors of the confirmation flow.
var (
	ErrNotAsked      = errors.New("the user could not be asked")
	ErrDeclined      = errors.New("the user declined")
	ErrCancelled     = errors.New("the user cancelled")
	ErrUnknownAction = errors.New("unknown answer")
)

// FormAnswer is the user's answer to a form, copied out of the SDK's result.
type FormAnswer struct {
	Action  string
	Content map[string]any
}

// Question is one field asked of the user.
type Question struct {
	Field   string
	Message string
}

// Prompt is a message built by the domain for the adapters to send.
type Prompt struct {
	Message string
}

// Confirmer asks the user a yes/no question.
type Confirmer interface {
	Confirm(ctx context.Context, msg string) (Decision, error)
}

// Asker asks the user for one field.
type Asker interface {
	Ask(ctx context.Context, q Question) (FormAnswer, error)
}

// ProjectRepository persists projects.
type ProjectRepository interface {
	Delete(ctx context.Context, id string) error
	Archive(ctx context.Context, id string) error
}

// Ledger books money movements.
type Ledger interface {
	Refund(ctx context.Context, orderID string) error
	SetPlan(ctx context.Context, account, plan string) error
	SetEmail(ctx context.Context, account, email string) error
	SetTeamSize(ctx context.Context, account string, size int) error
}

// Deployer runs releases.
type Deployer interface {
	Promote(ctx context.Context, env string) error
	Rollback(ctx context.Context, env string) error
}

// AuditLog records what the server did on whose behalf.
type AuditLog interface {
	Record(ctx context.Context, event string) error
}

// Profile is what onboarding collects.
type Profile struct {
	DisplayName string
}

// DecisionFromAction maps a protocol action to a Decision, refusing any
// string that is none of the three.
func DecisionFromAction(action string) (Decision, error) {
	switch action {
	case ActionAccept:
		return DecisionApprove, nil
	case ActionDecline:
		return DecisionReject, nil
	case ActionCancel:
		return DecisionDismiss, nil
	}
	return DecisionUnknown, fmt.Errorf("%w: %q", ErrUnknownAction, action)
}

// PurgePrompt is the legal wording compliance asked for before a purge.
func PurgePrompt() Prompt {
	return Prompt{Message: "You are about to purge every project, every archived build, every audit record " +
		"and every stored artifact of this organisation. This cannot be undone, support cannot restore it, " +
		"and billing for the current period is not refunded. Do you want to continue?"}
}

// RenamePrompt is a short message for renames.
func RenamePrompt(name string) Prompt {
	return Prompt{Message: "Rename " + name + "?"}
}
