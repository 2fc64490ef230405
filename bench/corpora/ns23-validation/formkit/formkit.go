// Package formkit holds the form helpers shared by the HR and finance
// servers: a thin wrapper around go-sdk's direct elicitation, decoding of
// accepted answers into structs, validation against a schema, and the
// structs and schemas several forms are derived from.
package formkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrDeclined and ErrCancelled tell the two refusals apart for callers of
// DecodeAccepted.
var (
	ErrDeclined  = errors.New("formkit: the user declined the form")
	ErrCancelled = errors.New("formkit: the user dismissed the form")
)

// AskForm asks the user to fill a form on the session of the current call.
// Onboarding still uses it for its legacy (pinned) server.
func AskForm(ctx context.Context, ss *mcp.ServerSession, message string, schema any) (*mcp.ElicitResult, error) {
	return ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         message,
		RequestedSchema: schema,
	})
}

// DecodeAccepted decodes the content of an accepted answer into dst, with
// numbers kept as json.Number so that amounts keep their precision. A
// refusal is reported as ErrDeclined or ErrCancelled.
func DecodeAccepted(res *mcp.ElicitResult, dst any) error {
	switch res.Action {
	case "accept":
		raw, err := json.Marshal(res.Content)
		if err != nil {
			return fmt.Errorf("formkit: re-encoding the answer: %w", err)
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		return dec.Decode(dst)
	case "decline":
		return ErrDeclined
	case "cancel":
		return ErrCancelled
	}
	return fmt.Errorf("formkit: unknown elicitation action %q", res.Action)
}

// ValidateContent checks the content of an answer against the schema that
// was requested, after filling in the schema's defaults.
func ValidateContent(schema *jsonschema.Schema, content map[string]any) error {
	resolved, err := schema.Resolve(nil)
	if err != nil {
		return fmt.Errorf("formkit: resolving the form schema: %w", err)
	}
	if err := resolved.ApplyDefaults(&content); err != nil {
		return fmt.Errorf("formkit: applying defaults: %w", err)
	}
	return resolved.Validate(content)
}

// IsAccepted reports whether the user submitted the form.
func IsAccepted(res *mcp.ElicitResult) bool {
	return res.Action == "accept"
}

// Prompt is the text and schema of one form, written once and reused.
type Prompt struct {
	Message string
	Schema  any
}

const enrollmentNotice = "Welcome to Acme! Before your first day we need you to review the employee handbook, " +
	"the code of conduct, the acceptable use policy for company devices and the benefits summary; " +
	"tick the box to confirm that you have read all four documents."

// EnrollmentPrompt is the first form a new hire sees.
func EnrollmentPrompt() Prompt {
	return Prompt{
		Message: enrollmentNotice,
		Schema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"acknowledged": map[string]any{"type": "boolean", "title": "I have read the four documents"},
			},
			"required": []string{"acknowledged"},
		},
	}
}

// PostalAddress is a mailing address.
type PostalAddress struct {
	Street     string `json:"street"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
}

// EmergencyContact is who HR calls when something happens at work.
type EmergencyContact struct {
	Name         string        `json:"name" jsonschema:"Full name of your emergency contact"`
	Relationship string        `json:"relationship" jsonschema:"How you know them, e.g. spouse or parent"`
	Phone        string        `json:"phone" jsonschema:"Phone number with country code"`
	Address      PostalAddress `json:"address"`
}

// W4Form is the federal withholding election.
type W4Form struct {
	FilingStatus     string   `json:"filing_status" jsonschema:"single, married or head of household"`
	Dependents       int      `json:"dependents" jsonschema:"Number of qualifying dependents"`
	ExtraWithholding *float64 `json:"extra_withholding,omitempty" jsonschema:"Extra amount withheld per paycheck, in dollars"`
}

// DirectDeposit is where the salary goes.
type DirectDeposit struct {
	BankName      string `json:"bank_name" jsonschema:"Name of your bank"`
	AccountHolder string `json:"account_holder" jsonschema:"Name on the account"`
	AccountNumber string `json:"account_number" jsonschema:"Checking account number"`
}
