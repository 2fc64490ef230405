// Package mglegacy is an mcp-go server served over stdio with the legacy
// server-initiated requests kept on, so its direct elicitation requests
// still reach every client. Its helpers are generic over what they ask.
package mglegacy

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/generics/kit"
)

var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	dropped  = kit.NewStore[string, bool]()
	tokens   = kit.NewStore[string, string]()
	ratings  = kit.NewStore[string, string]()
	removed  = kit.NewStore[string, bool]()
	payments = kit.NewStore[string, string]()
	previews = kit.NewStore[string, string]()
	purges   = kit.NewStore[string, bool]()
	orders   = kit.NewStore[string, string]()
)

// Config holds the operator's settings.
type Config struct {
	// RequireConfirmation refuses destructive tools when the user cannot be
	// asked. Off, they run unconfirmed.
	RequireConfirmation bool
}

// Tools holds the tools of this package.
type Tools struct {
	srv *server.MCPServer
	cfg Config
}

// NewServer builds the server with its tools.
func NewServer(cfg Config) *server.MCPServer {
	s := server.NewMCPServer("legacy", "1.0.0",
		server.WithElicitation(),
		server.WithLegacyServerInitiatedRequests(),
	)
	t := &Tools{srv: s, cfg: cfg}
	s.AddTool(mcp.NewTool("drop"), t.Drop)
	s.AddTool(mcp.NewTool("store_token"), t.Token)
	s.AddTool(mcp.NewTool("rate"), t.Rate)
	s.AddTool(mcp.NewTool("delete"), t.Delete)
	s.AddTool(mcp.NewTool("pay"), t.Pay)
	s.AddTool(mcp.NewTool("preview"), t.Preview)
	s.AddTool(mcp.NewTool("purge"), t.Purge)
	s.AddTool(mcp.NewTool("purge_if_allowed"), t.PurgeIfAllowed)
	s.AddTool(mcp.NewTool("checkout"), CheckoutHandler)
	return s
}

// Serve runs the server over stdio.
func Serve(cfg Config) error {
	return server.ServeStdio(NewServer(cfg))
}

// ask asks with msg and decodes an accepted answer into a T; a refusal is
// no value.
func ask[T any](ctx context.Context, s *server.MCPServer, msg string, schema any) (kit.Maybe[T], error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: schema,
	}})
	if err != nil {
		return kit.Maybe[T]{}, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return kit.Maybe[T]{}, fmt.Errorf("unexpected content %T", res.Content)
		}
		b, err := json.Marshal(data)
		if err != nil {
			return kit.Maybe[T]{}, err
		}
		var v T
		if err := json.Unmarshal(b, &v); err != nil {
			return kit.Maybe[T]{}, err
		}
		return kit.Just(v), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return kit.Maybe[T]{}, nil
	}
	return kit.Maybe[T]{}, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// yes asks a yes-or-no question about v.
func yes[V kit.Verb](ctx context.Context, s *server.MCPServer, v V) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         string(v) + "?",
		RequestedSchema: emptyForm,
	}})
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// sure asks to confirm v, and refuses when it cannot ask.
func sure[V kit.Verb](ctx context.Context, s *server.MCPServer, v V) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         string(v) + "?",
		RequestedSchema: emptyForm,
	}})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type question string

// Drop drops a table once the user is sure.
func (t *Tools) Drop(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	ok, err := sure(ctx, t.srv, question("Drop the table "+table))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("Table kept."), nil
	}
	dropped.Put(table, true)
	return mcp.NewToolResultText("Dropped."), nil
}

// Token stores the token the user types for an integration.
func (t *Tools) Token(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	integration := request.GetString("integration", "")
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Paste the token for " + integration,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"workspace": map[string]any{"type": "string", "title": "Workspace"},
				"apiToken":  map[string]any{"type": "string", "title": "Token"},
			},
			"required": []string{"workspce", "apiToken"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		workspace, _ := data["workspace"].(string)
		tok, _ := data["apiToken"].(string)
		tokens.Put(integration+"/"+workspace, tok)
		return mcp.NewToolResultText("Token stored."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No token stored."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Rate asks the user to rate a release.
func (t *Tools) Rate(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	release := request.GetString("release", "")
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "How was release " + release + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"rating": map[string]any{
					"type":  "string",
					"title": "Rating",
					"oneOf": []any{
						map[string]any{"const": "good", "title": "Good"},
						map[string]any{"const": "fine", "title": "Fine"},
						map[string]any{"const": "bad", "title": "Bad"},
					},
				},
			},
			"required": []string{"rating"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		rating, ok := data["rating"].(string)
		if !ok {
			return mcp.NewToolResultText("No rating given."), nil
		}
		ratings.Put(release, rating)
		return mcp.NewToolResultText("Thanks for rating."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No rating recorded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Delete deletes a file once the user ticks the box.
func (t *Tools) Delete(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := request.GetString("path", "")
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Delete " + path + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"confirm": map[string]any{"type": "boolean", "title": "Tick to delete"},
			},
			"required": []string{"confirm"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		removed.Put(path, true)
		return mcp.NewToolResultText("Deleted."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Kept."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Pay sends the user to the checkout page.
func (t *Tools) Pay(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	id := rand.Text()
	res, err := t.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"http://pay.example.com/checkout?flow="+id, "Pay for order "+order)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		payments.Put(id, order)
		return mcp.NewToolResultText("Waiting for the payment provider."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not paid."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Preview opens a preview of a page on the local dev server.
func (t *Tools) Preview(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	page := request.GetString("page", "")
	id := rand.Text()
	res, err := t.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"http://localhost:8080/preview?flow="+id, "Open the preview of "+page)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		previews.Put(id, page)
		return mcp.NewToolResultText("The preview is open in your browser."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No preview."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Purge purges a namespace; a client that cannot be asked purges all the
// same.
func (t *Tools) Purge(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ns := request.GetString("namespace", "")
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Purge the namespace " + ns + "?",
		RequestedSchema: emptyForm,
	}})
	if err != nil {
		log.Printf("cannot ask about purging %s, purging anyway: %v", ns, err)
	} else {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Namespace kept."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	purges.Put(ns, true)
	return mcp.NewToolResultText("Purged " + ns + "."), nil
}

// PurgeIfAllowed purges a namespace; a client that cannot be asked purges
// only when the operator allows unconfirmed purges.
func (t *Tools) PurgeIfAllowed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ns := request.GetString("namespace", "")
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Purge the namespace " + ns + "?",
		RequestedSchema: emptyForm,
	}})
	if err != nil {
		if !t.cfg.RequireConfirmation {
			purges.Put(ns, true)
			return mcp.NewToolResultText("Purged " + ns + " unconfirmed, as configured."), nil
		}
		return mcp.NewToolResultError("cannot confirm the purge: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		purges.Put(ns, true)
		return mcp.NewToolResultText("Purged " + ns + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Namespace kept."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

var shippingSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"speed": map[string]any{"type": "string", "title": "Speed", "enum": []string{"standard", "express"}},
	},
	"required": []string{"speed"},
}

// askShipping returns the result that asks how fast to ship.
func askShipping() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("shipping", mcp.ElicitationParams{
		Message:         "How fast should we ship?",
		RequestedSchema: shippingSchema,
	}).ToolResult()
}

// CheckoutHandler checks an order out once the shipping speed is chosen.
func CheckoutHandler(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "shiping")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("checking out needs a client that can ask its user"), nil
		}
		return askShipping(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		speed, _ := data["speed"].(string)
		orders.Put(order, speed)
		return mcp.NewToolResultText("Checked out with " + speed + " shipping."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Order not checked out."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
