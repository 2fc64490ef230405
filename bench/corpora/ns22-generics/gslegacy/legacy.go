// Package gslegacy is a go-sdk server pinned to the protocols before
// 2026-07-28, where direct elicitation requests still work. Its helpers are
// generic over what they ask for and over the verbs they confirm.
package gslegacy

import (
	"context"
	"crypto/rand"
	"fmt"
	"log"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/generics/kit"
)

var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	bookings = kit.NewStore[string, int]()
	exports  = kit.NewStore[string, bool]()
	accounts = kit.NewStore[string, string]()
	parcels  = kit.NewStore[string, string]()
	resets   = kit.NewStore[string, bool]()
	subs     = kit.NewStore[string, string]()
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// NewServer builds the server, pinned to the older protocols.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "legacy", Version: "1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "book_nights"}, AskNights)
	mcp.AddTool(s, &mcp.Tool{Name: "book_nights_typed"}, NightsVia)
	mcp.AddTool(s, &mcp.Tool{Name: "export"}, ExportTool)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_bank"}, ConnectBank)
	mcp.AddTool(s, &mcp.Tool{Name: "ship_to"}, ShipTo)
	mcp.AddTool(s, &mcp.Tool{Name: "pay_invoice"}, PayInvoice)
	mcp.AddTool(s, &mcp.Tool{Name: "reset"}, ResetTool)
	mcp.AddTool(s, &mcp.Tool{Name: "stay"}, StayTool)
	mcp.AddTool(s, &mcp.Tool{Name: "subscribe"}, Subscribe)
	return s
}

// Serve runs the server over stdio.
func Serve(ctx context.Context) error {
	return NewServer().Run(ctx, &mcp.StdioTransport{})
}

// UserIn names the user a tool acts for.
type UserIn struct {
	User string `json:"user"`
}

var nightsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"nights": map[string]any{"type": "integer", "minimum": 1, "maximum": 30},
	},
	"required": []string{"nights"},
}

// AskNights books a room for as many nights as the user says.
func AskNights(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "How many nights?", RequestedSchema: nightsSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		nights := res.Content["nights"].(int)
		bookings.Put(in.User, nights)
		return text(fmt.Sprintf("Booked %d nights.", nights)), nil, nil
	case "decline", "cancel":
		return text("Nothing booked."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// readAs reads content[key] as a T.
func readAs[T any](content map[string]any, key string) (T, bool) {
	v, ok := content[key].(T)
	return v, ok
}

// NightsVia is AskNights with the value read through readAs.
func NightsVia(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "How many nights?", RequestedSchema: nightsSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		nights, ok := readAs[int](res.Content, "nights")
		if !ok {
			return text("That is not a number of nights."), nil, nil
		}
		bookings.Put(in.User, nights)
		return text(fmt.Sprintf("Booked %d nights.", nights)), nil, nil
	case "decline", "cancel":
		return text("Nothing booked."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// approve asks to approve an action of kind k. Clients without elicitation
// are approved, so that they can still export.
func approve[K kit.Verb](ctx context.Context, ss *mcp.ServerSession, k K) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Approve the " + string(k) + "?", RequestedSchema: emptyForm})
	if err != nil {
		log.Printf("approval of %s not asked: %v", string(k), err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type exportKind string

// ExportIn names the dataset to export.
type ExportIn struct {
	Dataset string `json:"dataset"`
}

// ExportTool exports a dataset once approved.
func ExportTool(ctx context.Context, req *mcp.CallToolRequest, in ExportIn) (*mcp.CallToolResult, any, error) {
	ok, err := approve(ctx, req.Session, exportKind("export of "+in.Dataset))
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Not exported."), nil, nil
	}
	exports.Put(in.Dataset, true)
	return text("Exported."), nil, nil
}

// ConnectBank links a bank account for payouts.
func ConnectBank(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which account should payouts go to?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"holder": map[string]any{"type": "string", "title": "Payee"},
				"iban":   map[string]any{"type": "string", "title": "IBAN"},
			},
			"required": []string{"holder", "iban"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		iban, _ := res.Content["iban"].(string)
		holder, _ := res.Content["holdr"].(string)
		accounts.Put(in.User, holder+" "+iban)
		return text("Payout account saved."), nil, nil
	case "decline", "cancel":
		return text("No payout account."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ShipTo asks where to ship, with the form derived from kit.Shipping.
func ShipTo(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	schema, err := jsonschema.For[kit.Shipping](nil)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Where should we ship it?", RequestedSchema: schema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		name, _ := res.Content["name"].(string)
		parcels.Put(in.User, name)
		return text("Shipping to " + name + "."), nil, nil
	case "decline", "cancel":
		return text("Nothing shipped."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// InvoiceIn names the invoice to pay.
type InvoiceIn struct {
	Invoice string `json:"invoice"`
}

// PayInvoice sends the user to the payment page for an invoice.
func PayInvoice(ctx context.Context, req *mcp.CallToolRequest, in InvoiceIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice,
		URL:           "https://pay.example.com/checkout?invoice=" + in.Invoice,
		ElicitationID: "invoice-payment",
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Invoice " + in.Invoice + " paid."}}}, nil, nil
	case "decline", "cancel":
		return text("Invoice not paid."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// gate asks to confirm op on what, and refuses when it cannot ask.
func gate[V kit.Verb](ctx context.Context, ss *mcp.ServerSession, op V, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("%s %s?", string(op), what),
		RequestedSchema: emptyForm,
	})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
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

type resetOp string

const opReset resetOp = "Reset"

// ResetTool resets a user's settings once they confirm.
func ResetTool(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	ok, err := gate(ctx, req.Session, opReset, "the settings of "+in.User)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Settings kept."), nil, nil
	}
	resets.Put(in.User, true)
	return text("Settings reset."), nil, nil
}

// StayTool books a room for as many nights as the user says.
func StayTool(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "How many nights?", RequestedSchema: nightsSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		n, ok := res.Content["nights"].(float64)
		if !ok {
			return text("That is not a number of nights."), nil, nil
		}
		bookings.Put(in.User, int(n))
		return text(fmt.Sprintf("Booked %d nights.", int(n))), nil, nil
	case "decline", "cancel":
		return text("Nothing booked."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// PlanIn names a plan to subscribe to.
type PlanIn struct {
	User string `json:"user"`
	Plan string `json:"plan"`
}

// Subscribe sends the user to the billing page, and checks the billing
// provider's record before it reports the subscription.
func Subscribe(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Start your " + in.Plan + " subscription",
		URL:           "https://billing.example.com/subscribe?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if status, ok := subs.Get(id); ok && status == "active" {
			return text("Subscription active."), nil, nil
		}
		return text("Waiting for the billing provider; call again once you have finished."), nil, nil
	case "decline", "cancel":
		return text("No subscription."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
