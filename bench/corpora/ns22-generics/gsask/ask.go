// Package gsask holds the generic asking helpers of a go-sdk server that
// still asks its questions with direct elicitation requests.
package gsask

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/generics/kit"
)

// Errors the helpers return for the two refusals.
var (
	ErrDeclined  = errors.New("the user declined")
	ErrCancelled = errors.New("the user cancelled")
)

// emptyForm asks a yes-or-no question: the action is the answer.
var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	purged   = kit.NewStore[string, bool]()
	renames  = kit.NewStore[string, string]()
	licenses = kit.NewStore[string, bool]()
	shares   = kit.NewStore[string, string]()
	sessions = kit.NewStore[string, string]()
	badges   = kit.NewStore[string, string]()
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// decode turns the content of an accepted answer into a T.
func decode[T any](content map[string]any) (T, error) {
	var v T
	b, err := json.Marshal(content)
	if err != nil {
		return v, err
	}
	err = json.Unmarshal(b, &v)
	return v, err
}

// Ask asks the user with msg and decodes an accepted answer into a T.
func Ask[T any](ctx context.Context, ss *mcp.ServerSession, msg string, schema any) (T, error) {
	var zero T
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: schema})
	if err != nil {
		return zero, fmt.Errorf("asking: %w", err)
	}
	switch res.Action {
	case "accept":
		return decode[T](res.Content)
	case "decline":
		return zero, ErrDeclined
	case "cancel":
		return zero, ErrCancelled
	default:
		return zero, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// AskAs is Ask with the schema derived from T itself.
func AskAs[T any](ctx context.Context, ss *mcp.ServerSession, msg string) (T, error) {
	var zero T
	schema, err := jsonschema.For[T](nil)
	if err != nil {
		return zero, err
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: schema})
	if err != nil {
		return zero, err
	}
	switch res.Action {
	case "accept":
		return decode[T](res.Content)
	case "decline", "cancel":
		return zero, ErrDeclined
	}
	return zero, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ShipIn names the parcel to ship.
type ShipIn struct {
	Parcel string `json:"parcel"`
}

// ShipTool asks where a parcel goes, with the form derived from kit.Shipping.
func ShipTool(ctx context.Context, req *mcp.CallToolRequest, in ShipIn) (*mcp.CallToolResult, any, error) {
	to, err := AskAs[kit.Shipping](ctx, req.Session, "Where should the parcel go?")
	if err != nil {
		return text("Nothing shipped."), nil, nil
	}
	return text(fmt.Sprintf("Shipping %s to %s, %s.", in.Parcel, to.Name, to.Address.City)), nil, nil
}

// Op is an operation a tool confirms before it runs.
type Op string

// OpPurge purges a record.
const OpPurge Op = "Purge"

// Confirm asks the user to confirm op on target. A client that cannot be
// asked is let through, so that older clients keep working.
func Confirm[V kit.Verb](ctx context.Context, ss *mcp.ServerSession, op V, target string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("%s %s?", string(op), target),
		RequestedSchema: emptyForm,
	})
	if err != nil {
		log.Printf("cannot ask to %s %s, going ahead: %v", string(op), target, err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// TargetIn names what a tool acts on.
type TargetIn struct {
	Name string `json:"name"`
}

// PurgeTool purges a record once the user confirms.
func PurgeTool(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	ok, err := Confirm(ctx, req.Session, OpPurge, in.Name)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Nothing purged."), nil, nil
	}
	purged.Put(in.Name, true)
	return text("Purged " + in.Name + "."), nil, nil
}

// AskResult makes the request and packs its two results.
func AskResult(ctx context.Context, ss *mcp.ServerSession, p *mcp.ElicitParams) kit.Result[*mcp.ElicitResult] {
	res, err := ss.Elicit(ctx, p)
	return kit.Result[*mcp.ElicitResult]{Val: res, Err: err}
}

// RenameIn names the record to rename and its new name.
type RenameIn struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// RenameTool renames a record once the user agrees.
func RenameTool(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	r := AskResult(ctx, req.Session, &mcp.ElicitParams{
		Message:         "Rename " + in.From + " to " + in.To + "?",
		RequestedSchema: emptyForm,
	})
	res, err := r.Unwrap()
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "accept" {
		renames.Put(in.From, in.To)
		return text("Renamed."), nil, nil
	}
	return text("Not renamed."), nil, nil
}

const licenseText = "Before you continue, please read and accept the enterprise license: the software " +
	"is provided as is, usage is metered per seat and reported monthly, redistribution outside your " +
	"organisation is not permitted, and support is limited to business hours."

// LicenseIn names the product whose license is accepted.
type LicenseIn struct {
	Product string `json:"product"`
}

// ConfirmLicense records that the user accepted the license.
func ConfirmLicense(ctx context.Context, req *mcp.CallToolRequest, in LicenseIn) (*mcp.CallToolResult, any, error) {
	if _, err := Ask[struct{}](ctx, req.Session, licenseText, emptyForm); err != nil {
		return text("License not accepted."), nil, nil
	}
	licenses.Put(in.Product, true)
	return text("License accepted."), nil, nil
}

var credSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"username": map[string]any{"type": "string", "title": "User name"},
		"password": map[string]any{"type": "string", "title": "Password"},
	},
	"required": []string{"username", "password"},
}

type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// LoginIn names the registry to sign in to.
type LoginIn struct {
	Registry string `json:"registry"`
}

// LoginTool signs the user in to a registry with the name and password
// they type in the form.
func LoginTool(ctx context.Context, req *mcp.CallToolRequest, in LoginIn) (*mcp.CallToolResult, any, error) {
	c, err := Ask[credentials](ctx, req.Session, "Sign in to "+in.Registry, credSchema)
	if err != nil {
		return text("Not signed in."), nil, nil
	}
	sessions.Put(in.Registry, c.Username)
	return text("Signed in as " + c.Username + "."), nil, nil
}

// Elicitor is anything that can ask the user.
type Elicitor interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

// AskWith asks a yes-or-no question through any elicitor.
func AskWith[E Elicitor](ctx context.Context, e E, msg string) (bool, error) {
	res, err := e.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: emptyForm})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ShareIn names the document and who gets it.
type ShareIn struct {
	Doc  string `json:"doc"`
	With string `json:"with"`
}

// ShareTool shares a document once the user agrees.
func ShareTool(ctx context.Context, req *mcp.CallToolRequest, in ShareIn) (*mcp.CallToolResult, any, error) {
	ok, err := AskWith(ctx, req.Session, "Share "+in.Doc+" with "+in.With+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Not shared."), nil, nil
	}
	shares.Put(in.Doc, in.With)
	return text("Shared."), nil, nil
}
