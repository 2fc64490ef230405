// Package approval provides an SDK-agnostic abstraction over MCP elicitation.
//
// The goal of this package is to decouple business logic (confirmation
// gates, profile collection, reason prompts) from the concrete MCP SDK that
// the server happens to be built on. Adapters for go-sdk and mcp-go live in
// their own packages and implement the Elicitor interface declared here.
//
// All functions in this package follow the same conventions:
//
//   - inputs are validated up front with validateInput-style helpers;
//   - every step is logged with log/slog;
//   - errors are wrapped with fmt.Errorf("...: %w", err);
//   - results are reported through small structs with Success/Message fields.
package approval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
)

// Action constants mirror the three actions defined by the MCP specification
// for elicitation responses. They are declared here so that callers never
// need to import an SDK to interpret an Answer.
const (
	// ActionAccept means the user submitted the form.
	ActionAccept = "accept"
	// ActionDecline means the user explicitly refused.
	ActionDecline = "decline"
	// ActionCancel means the user dismissed the dialog without choosing.
	ActionCancel = "cancel"
)

// Field names and messages used by the helpers in this package.
const (
	fieldEmail       = "email"
	fieldPhone       = "phone"
	fieldEnvironment = "environment"
	fieldReason      = "reason"
	fieldSummary     = "summary"

	logKeyOperation = "operation"
	logKeyAction    = "action"
)

// Sentinel errors returned by the helpers in this package. Callers can use
// errors.Is to distinguish a refusal from a transport failure.
var (
	// ErrDeclined is returned when the user declined the request.
	ErrDeclined = errors.New("approval: user declined")
	// ErrCancelled is returned when the user dismissed the request.
	ErrCancelled = errors.New("approval: user cancelled")
	// ErrInvalidInput is returned when the caller passed invalid arguments.
	ErrInvalidInput = errors.New("approval: invalid input")
	// ErrUnknownAction is returned for an action string outside the spec.
	ErrUnknownAction = errors.New("approval: unknown action")
)

// Question is an SDK-agnostic elicitation request.
type Question struct {
	// Message is shown to the user and explains what is asked and why.
	Message string
	// Schema is the flat JSON schema of the requested form, or nil for a
	// plain yes/no confirmation.
	Schema map[string]any
}

// Answer is an SDK-agnostic elicitation response. Adapters copy the SDK's
// result into this type.
type Answer struct {
	// Action is one of ActionAccept, ActionDecline or ActionCancel.
	Action string
	// Content holds the submitted form values; it is only present on accept.
	Content map[string]any
}

// Elicitor is implemented by SDK adapters.
type Elicitor interface {
	// Elicit asks the user the given question and waits for the answer.
	Elicit(ctx context.Context, q Question) (*Answer, error)
}

// ApprovalResult describes the outcome of an approval workflow.
type ApprovalResult struct {
	// Success reports whether the operation was approved.
	Success bool
	// Message is a human-readable description of the outcome.
	Message string
}

// ContactDetails is the typed form of the contact form answer.
type ContactDetails struct {
	Email string
	Phone string
}

// emptyConfirmationSchema is used for plain yes/no confirmations: the action
// itself is the answer, so the form has no fields.
func emptyConfirmationSchema() map[string]any {
	return map[string]any{"type": "object", "properties": map[string]any{}}
}

// validateOperationName makes sure the operation name is usable in a prompt.
func validateOperationName(operation string) error {
	if strings.TrimSpace(operation) == "" {
		return fmt.Errorf("operation name must not be empty: %w", ErrInvalidInput)
	}
	if len(operation) > 80 {
		return fmt.Errorf("operation name is too long (%d > 80): %w", len(operation), ErrInvalidInput)
	}
	return nil
}

// RequireApproval asks the user to approve an operation and returns an
// ApprovalResult describing the outcome.
//
// The function is intentionally simple: any answer other than an explicit
// acceptance is treated as "not approved", which keeps the calling code free
// of protocol details.
func RequireApproval(ctx context.Context, e Elicitor, operation string) (*ApprovalResult, error) {
	if err := validateOperationName(operation); err != nil {
		return nil, fmt.Errorf("require approval: %w", err)
	}
	slog.Debug("requesting approval", logKeyOperation, operation)

	ans, err := e.Elicit(ctx, Question{
		Message: fmt.Sprintf("Do you approve the operation %q?", operation),
		Schema:  emptyConfirmationSchema(),
	})
	if err != nil {
		return nil, fmt.Errorf("require approval for %s: %w", operation, err)
	}

	if ans.Action != ActionAccept {
		return &ApprovalResult{Success: false, Message: "The operation was not approved."}, nil
	}
	slog.Info("operation approved", logKeyOperation, operation)
	return &ApprovalResult{Success: true, Message: "The operation was approved."}, nil
}

// contactSchema returns the flat schema of the contact details form.
func contactSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			fieldEmail: map[string]any{"type": "string", "format": "email", "title": "Email address"},
			fieldPhone: map[string]any{"type": "string", "title": "Phone number"},
		},
		"required": []string{fieldEmail},
	}
}

// parseContactDetails converts the raw form values into ContactDetails.
// Missing optional values are left empty.
func parseContactDetails(content map[string]any) (*ContactDetails, error) {
	if content == nil {
		return nil, fmt.Errorf("parse contact details: no content: %w", ErrInvalidInput)
	}
	email, ok := content[fieldEmail].(string)
	if !ok || email == "" {
		return nil, fmt.Errorf("parse contact details: missing %s: %w", fieldEmail, ErrInvalidInput)
	}
	phone, _ := content[fieldPhone].(string)
	return &ContactDetails{Email: email, Phone: phone}, nil
}

// CollectContactDetails asks the user for their contact details and returns
// them in typed form.
//
// The answer is parsed eagerly so that malformed content is reported before
// any decision is taken on the action.
func CollectContactDetails(ctx context.Context, e Elicitor) (*ContactDetails, error) {
	ans, err := e.Elicit(ctx, Question{
		Message: "Which email address and phone number should we use to reach you?",
		Schema:  contactSchema(),
	})
	if err != nil {
		return nil, fmt.Errorf("collect contact details: %w", err)
	}

	details, parseErr := parseContactDetails(ans.Content)

	switch ans.Action {
	case ActionAccept:
		if parseErr != nil {
			return nil, fmt.Errorf("collect contact details: %w", parseErr)
		}
		return details, nil
	case ActionDecline:
		return nil, ErrDeclined
	case ActionCancel:
		return nil, ErrCancelled
	default:
		return nil, fmt.Errorf("collect contact details: %w: %q", ErrUnknownAction, ans.Action)
	}
}

// ConfirmDestructive asks the user to confirm a destructive operation.
//
// It returns (true, nil) only when the user accepted. A refusal returns
// (false, nil) and any failure to ask returns (false, err): the operation
// never runs unconfirmed.
func ConfirmDestructive(ctx context.Context, e Elicitor, what string) (bool, error) {
	if err := validateOperationName(what); err != nil {
		return false, fmt.Errorf("confirm destructive: %w", err)
	}
	ans, err := e.Elicit(ctx, Question{
		Message: fmt.Sprintf("This will permanently delete %s. Continue?", what),
		Schema:  emptyConfirmationSchema(),
	})
	if err != nil {
		return false, fmt.Errorf("confirm destructive %s: %w", what, err)
	}
	switch ans.Action {
	case ActionAccept:
		return true, nil
	case ActionDecline, ActionCancel:
		slog.Info("destructive operation refused", logKeyOperation, what, logKeyAction, ans.Action)
		return false, nil
	default:
		return false, fmt.Errorf("confirm destructive %s: %w: %q", what, ErrUnknownAction, ans.Action)
	}
}

// ConfirmWithFallback asks the user to confirm an operation.
//
// Not every MCP client supports elicitation. To keep the server usable with
// such clients, a failure to ask is treated as an implicit approval and a
// warning is logged instead of failing the tool call.
func ConfirmWithFallback(ctx context.Context, e Elicitor, what string) (bool, error) {
	if err := validateOperationName(what); err != nil {
		return false, fmt.Errorf("confirm with fallback: %w", err)
	}
	ans, err := e.Elicit(ctx, Question{
		Message: fmt.Sprintf("Proceed with %s?", what),
		Schema:  emptyConfirmationSchema(),
	})
	if err != nil {
		slog.Warn("elicitation unavailable, proceeding with default approval",
			logKeyOperation, what, "error", err)
		return true, nil
	}
	switch ans.Action {
	case ActionAccept:
		return true, nil
	case ActionDecline, ActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("confirm with fallback: %w: %q", ErrUnknownAction, ans.Action)
	}
}

// purgeRegistry records which caches have been purged. It stands in for the
// real cache backend.
var (
	purgeMu  sync.Mutex
	purgedAt = map[string]int{}
)

// markPurged records a purge of the named cache.
func markPurged(name string) {
	purgeMu.Lock()
	defer purgeMu.Unlock()
	purgedAt[name]++
}

// PurgeWithConfirmation purges the named cache after the user confirmed it.
func PurgeWithConfirmation(ctx context.Context, e Elicitor, name string) (*ApprovalResult, error) {
	ok, err := ConfirmWithFallback(ctx, e, "purging cache "+name)
	if err != nil {
		return nil, fmt.Errorf("purge %s: %w", name, err)
	}
	if !ok {
		return &ApprovalResult{Success: false, Message: "Cache purge was not confirmed."}, nil
	}
	markPurged(name)
	return &ApprovalResult{Success: true, Message: "Cache purged."}, nil
}

// ChooseEnvironment asks the user which environment to target.
//
// Guard clauses handle the two refusal actions first; everything after them
// is the accept path.
func ChooseEnvironment(ctx context.Context, e Elicitor) (string, error) {
	ans, err := e.Elicit(ctx, Question{
		Message: "Which environment should the deployment target?",
		Schema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldEnvironment: map[string]any{
					"type": "string",
					"enum": []string{"staging", "production"},
				},
			},
			"required": []string{fieldEnvironment},
		},
	})
	if err != nil {
		return "", fmt.Errorf("choose environment: %w", err)
	}
	if ans.Action == ActionDecline {
		return "", ErrDeclined
	}
	if ans.Action == ActionCancel {
		return "", ErrCancelled
	}
	env, ok := ans.Content[fieldEnvironment].(string)
	if !ok || env == "" {
		return "", fmt.Errorf("choose environment: missing %s: %w", fieldEnvironment, ErrInvalidInput)
	}
	return env, nil
}

// AskReason asks the user why they want to perform an operation, for the
// audit log. A decline is reported as ErrDeclined.
func AskReason(ctx context.Context, e Elicitor, operation string) (string, error) {
	ans, err := e.Elicit(ctx, Question{
		Message: fmt.Sprintf("Why do you want to %s? The reason is kept in the audit log.", operation),
		Schema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldReason: map[string]any{"type": "string", "title": "Reason"},
			},
		},
	})
	if err != nil {
		return "", fmt.Errorf("ask reason: %w", err)
	}
	if ans.Action == ActionDecline {
		return "", ErrDeclined
	}
	reason, _ := ans.Content[fieldReason].(string)
	return strings.TrimSpace(reason), nil
}
