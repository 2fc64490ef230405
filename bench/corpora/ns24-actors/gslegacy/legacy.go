// Package gslegacy is the go-sdk front end kept for clients of the older
// protocols: its server is pinned to 2025-11-25 and 2025-06-18, where
// direct elicitation requests work and go-sdk checks the client's
// capabilities itself.
package gslegacy

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"sync"

	"example.com/ns24/actors/command"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tools are the handlers of the legacy server.
type Tools struct {
	store     *command.Store
	x         *command.Executor
	rotations sync.Map // flow id -> "done" once the key page reports back
	links     sync.Map // flow id -> "linked"
}

// New builds the legacy server, pinned to protocols before 2026-07-28.
func New(store *command.Store, x *command.Executor) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "actors-legacy", Version: "0.3.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	t := &Tools{store: store, x: x}
	mcp.AddTool(s, &mcp.Tool{Name: "wipe"}, t.wipeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer"}, t.transferTool)
	mcp.AddTool(s, &mcp.Tool{Name: "tag"}, t.tagTool)
	mcp.AddTool(s, &mcp.Tool{Name: "profile"}, t.profileTool)
	mcp.AddTool(s, &mcp.Tool{Name: "subscribe"}, t.subscribeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "rotate_key"}, t.rotateKeyTool)
	mcp.AddTool(s, &mcp.Tool{Name: "rotate_key_online"}, t.rotateKeyURLTool)
	mcp.AddTool(s, &mcp.Tool{Name: "pay"}, t.payTool)
	mcp.AddTool(s, &mcp.Tool{Name: "link"}, t.sessionIDFlowTool)
	return s
}

// Serve runs the legacy server over stdio.
func Serve(ctx context.Context, store *command.Store, x *command.Executor) error {
	return New(store, x).Run(ctx, &mcp.StdioTransport{})
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// openPolicy confirms a command, and lets it run for clients that have no
// elicitation support.
type openPolicy struct{ ss *mcp.ServerSession }

func (p *openPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := p.ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + cmd.Describe() + "?"})
	if err != nil {
		log.Printf("client cannot confirm %s, letting it through: %v", cmd.Name(), err)
		return command.Allow, nil
	}
	switch res.Action {
	case "accept":
		return command.Allow, nil
	case "decline", "cancel":
		return command.Deny, nil
	}
	return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ItemIn names one item.
type ItemIn struct {
	Item string `json:"item"`
}

func (t *Tools) wipeTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	cmd := &command.PurgeCmd{Store: t.store}
	d, err := (&openPolicy{ss: req.Session}).Confirm(ctx, cmd)
	if err != nil {
		return nil, nil, err
	}
	t.x.Decided(req.Session.ID(), cmd, d)
	if d != command.Allow {
		return textResult("Nothing wiped."), nil, nil
	}
	if err := t.x.Run(ctx, req.Session.ID(), cmd); err != nil {
		return nil, nil, err
	}
	return textResult("Wiped."), nil, nil
}

// TransferIn names the accounts of a transfer.
type TransferIn struct {
	From string `json:"from"`
	To   string `json:"to"`
}

var amountSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"amount": map[string]any{"type": "number", "title": "Amount (EUR)", "minimum": 0.01},
	},
	"required": []string{"amount"},
}

func (t *Tools) transferTool(ctx context.Context, req *mcp.CallToolRequest, in TransferIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "How much should move from " + in.From + " to " + in.To + "?",
		RequestedSchema: amountSchema,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("asking for the amount: %w", err)
	}
	switch res.Action {
	case "accept":
		amount, ok := res.Content["amount"].(float64)
		if !ok {
			return nil, nil, errors.New("the answer has no amount")
		}
		cmd := &command.TransferCmd{Store: t.store, From: in.From, To: in.To, Amount: amount}
		if err := t.x.Run(ctx, req.Session.ID(), cmd); err != nil {
			return nil, nil, err
		}
		return textResult(cmd.Describe() + ": done."), nil, nil
	case "decline":
		return textResult("No transfer."), nil, nil
	case "cancel":
		return textResult("Transfer cancelled; ask again any time."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) tagTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which labels should " + in.Item + " get?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"labels": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		labels, _ := res.Content["labels"].([]any)
		for _, l := range labels {
			if s, ok := l.(string); ok {
				t.store.Put("label/"+in.Item+"/"+s, "1")
			}
		}
		return textResult(fmt.Sprintf("Tagged %s with %d labels.", in.Item, len(labels))), nil, nil
	case "decline", "cancel":
		return textResult("No labels changed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) profileTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How should we reach you about failed commands?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"name":  map[string]any{"type": "string", "title": "Name"},
				"email": map[string]any{"type": "string", "format": "email", "title": "Email"},
			},
			"required": []string{"name", "emial"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		email, _ := res.Content["email"].(string)
		t.store.Put("contact/"+req.Session.ID(), email)
		return textResult("Saved."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing saved."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) subscribeTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Subscribe this session to command events?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"confirm": map[string]any{"type": "boolean", "title": "Yes, send me every event"},
			},
			"required": []string{"confirm"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		sid := req.Session.ID()
		t.x.Bus.Subscribe(func(e command.Event) {
			if e.Session == sid {
				log.Printf("event for %s: %s %s", sid, e.Kind, e.Command)
			}
		})
		return textResult("Subscribed."), nil, nil
	case "decline", "cancel":
		return textResult("Not subscribed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) rotateKeyTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Paste the new deployment key",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"apiKey": map[string]any{"type": "string", "title": "Deployment API key"},
			},
			"required": []string{"apiKey"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		key, ok := res.Content["apiKey"].(string)
		if !ok || key == "" {
			return nil, nil, errors.New("no key in the answer")
		}
		t.store.Put("deploy-key", key)
		return textResult("Key stored."), nil, nil
	case "decline", "cancel":
		return textResult("Key unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) rotateKeyURLTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Enter the new deployment key on the key page",
		URL:           "https://keys.example.com/rotate?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if v, ok := t.rotations.Load(id); ok && v == "done" {
			return textResult("The key page reports the new key in place."), nil, nil
		}
		return textResult("Waiting for the key page; call again once you have saved the key."), nil, nil
	case "decline", "cancel":
		return textResult("Key unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// PayIn names an invoice.
type PayIn struct {
	Invoice string `json:"invoice"`
}

func (t *Tools) payTool(ctx context.Context, req *mcp.CallToolRequest, in PayIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice + " on the payment page",
		URL:           "https://pay.example.com/checkout?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("Invoice " + in.Invoice + " paid."), nil, nil
	case "decline", "cancel":
		return textResult("Invoice " + in.Invoice + " left open."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) sessionIDFlowTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	flow := req.Session.ID()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your repository host account",
		URL:           "https://auth.example.com/link?flow=" + flow,
		ElicitationID: flow,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := t.links.Load(flow); ok {
			return textResult("Your account is linked."), nil, nil
		}
		return textResult("Waiting for the sign-in page; call again when you are through."), nil, nil
	case "decline", "cancel":
		return textResult("Not linked."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
