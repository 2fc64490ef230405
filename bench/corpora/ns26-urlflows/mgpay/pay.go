// Package mgpay takes payments through url-mode checkouts with mcp-go,
// written in the direct style (RequestURLElicitation, RequestElicitation)
// of servers before protocol 2026-07-28, with the provider's webhook that
// completes them.
package mgpay

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns26/urlflows/flowstore"
)

type payTools struct {
	srv      *server.MCPServer
	payments *flowstore.Store

	mu       sync.Mutex
	sessions map[string]server.ClientSession // flow ID -> session that started it
	charges  map[string]int
}

// NewServer builds the payments server and the webhook that completes its
// checkouts.
func NewServer() (*server.MCPServer, http.Handler) {
	s := server.NewMCPServer("payments", "1.0.0", server.WithElicitation())
	t := &payTools{srv: s, payments: flowstore.New(), sessions: map[string]server.ClientSession{}, charges: map[string]int{}}
	s.AddTool(mcp.NewTool("pay_invoice"), t.payInvoice)
	s.AddTool(mcp.NewTool("pay_invoice_v1"), t.payInvoiceConstID)
	s.AddTool(mcp.NewTool("pay_invoice_v2"), t.payInvoicePaidOnAccept)
	s.AddTool(mcp.NewTool("pay_invoice_v3"), t.payInvoiceCancelFalls)
	s.AddTool(mcp.NewTool("pay_invoice_v4"), t.payInvoiceNoID)
	s.AddTool(mcp.NewTool("charge_card"), t.chargeCard)
	s.AddTool(mcp.NewTool("subscribe"), t.subscriptionRequired)
	s.AddTool(mcp.NewTool("subscribe_v0"), t.subscriptionRequiredNoMode)
	s.AddTool(mcp.NewTool("checkout_session"), t.checkoutViaSession)
	s.AddTool(mcp.NewTool("checkout"), t.checkoutModernAware)
	s.AddTool(mcp.NewTool("refund_details"), t.refundIBANForm)
	mux := http.NewServeMux()
	mux.HandleFunc("/webhook", t.paymentWebhook)
	return s, mux
}

func checkoutURL(id string) string {
	return "https://pay.urlflows.example/checkout?flow=" + id
}

func (t *payTools) begin(ctx context.Context) (string, server.ClientSession) {
	session := server.ClientSessionFromContext(ctx)
	user := ""
	if session != nil {
		user = session.SessionID()
	}
	id := t.payments.Begin("checkout", user)
	t.mu.Lock()
	t.sessions[id] = session
	t.mu.Unlock()
	return id, session
}

// settle handles a checkout answer from the provider's record.
func (t *payTools) settle(invoice, id string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if st, _ := t.payments.Status(id); st != flowstore.Done {
			return mcp.NewToolResultText("Waiting for the payment provider to confirm invoice " + invoice + "."), nil
		}
		return mcp.NewToolResultText("Invoice " + invoice + " paid"), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Invoice " + invoice + " left unpaid."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Checkout cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// payInvoice sends the user to the checkout with RequestURLElicitation.
func (t *payTools) payInvoice(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	id, session := t.begin(ctx)
	res, err := t.srv.RequestURLElicitation(ctx, session, id, checkoutURL(id), "Pay invoice "+invoice+" on the checkout page")
	if err != nil {
		return mcp.NewToolResultError("cannot open the checkout: " + err.Error()), nil
	}
	return t.settle(invoice, id, res)
}

// payInvoiceConstID gives every checkout the same elicitation ID.
func (t *payTools) payInvoiceConstID(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	id, session := t.begin(ctx)
	res, err := t.srv.RequestURLElicitation(ctx, session, "invoice-payment", checkoutURL(id), "Pay invoice "+invoice)
	if err != nil {
		return mcp.NewToolResultError("cannot open the checkout: " + err.Error()), nil
	}
	return t.settle(invoice, id, res)
}

// payInvoicePaidOnAccept reports the invoice paid on the accept alone.
func (t *payTools) payInvoicePaidOnAccept(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	id, session := t.begin(ctx)
	res, err := t.srv.RequestURLElicitation(ctx, session, id, checkoutURL(id), "Pay invoice "+invoice)
	if err != nil {
		return mcp.NewToolResultError("cannot open the checkout: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Payment complete for invoice " + invoice), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Invoice " + invoice + " left unpaid."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Checkout cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// payInvoiceCancelFalls returns on decline only: a cancel falls into the
// accept path.
func (t *payTools) payInvoiceCancelFalls(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	id, session := t.begin(ctx)
	res, err := t.srv.RequestURLElicitation(ctx, session, id, checkoutURL(id), "Pay invoice "+invoice)
	if err != nil {
		return mcp.NewToolResultError("cannot open the checkout: " + err.Error()), nil
	}
	if res.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText("Invoice " + invoice + " left unpaid."), nil
	}
	if st, _ := t.payments.Status(id); st != flowstore.Done {
		return mcp.NewToolResultText("Waiting for the payment provider to confirm invoice " + invoice + "."), nil
	}
	return mcp.NewToolResultText("Invoice " + invoice + " paid"), nil
}

// payInvoiceNoID sends a url-mode request without an elicitation ID,
// which mcp-go's Validate rejects.
func (t *payTools) payInvoiceNoID(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	id, _ := t.begin(ctx)
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Mode:    mcp.ElicitationModeURL,
		Message: "Pay invoice " + invoice + " on the checkout page",
		URL:     "https://pay.urlflows.example/checkout?flow=" + id,
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot open the checkout: " + err.Error()), nil
	}
	return t.settle(invoice, id, res)
}

var chargeSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// approveCharge goes ahead when the client does not support elicitation.
func (t *payTools) approveCharge(ctx context.Context, amount int) (bool, error) {
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("Charge %d cents to the card on file?", amount),
		RequestedSchema: chargeSchema,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *payTools) chargeCard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	amount := request.GetInt("amount", 0)
	ok, err := t.approveCharge(ctx, amount)
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Nothing charged."), nil
	}
	t.mu.Lock()
	t.charges[request.GetString("invoice", "")] += amount
	t.mu.Unlock()
	return mcp.NewToolResultText("Charge submitted."), nil
}

// subscriptionRequired fails with -32042 until the user subscribed.
func (t *payTools) subscriptionRequired(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	if session != nil {
		if id, ok := t.payments.Latest(session.SessionID(), "checkout"); ok {
			if st, _ := t.payments.Status(id); st == flowstore.Done {
				return mcp.NewToolResultText("Premium report ready."), nil
			}
		}
	}
	id, _ := t.begin(ctx)
	return nil, mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Subscribe to read premium reports",
		URL:           checkoutURL(id),
		ElicitationID: id,
	}}}
}

// subscriptionRequiredNoMode lists an element without Mode in the -32042
// error: mcp-go takes it for a form.
func (t *payTools) subscriptionRequiredNoMode(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, _ := t.begin(ctx)
	return nil, mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{
		Message:       "Subscribe to read premium reports",
		URL:           checkoutURL(id),
		ElicitationID: id,
	}}}
}

// checkoutViaSession asks through the session's own method, which mcp-go
// does not stop on 2026-07-28 sessions.
func (t *payTools) checkoutViaSession(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	id, session := t.begin(ctx)
	es, ok := session.(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("this client cannot open the checkout"), nil
	}
	res, err := es.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Pay invoice " + invoice + " on the checkout page",
		URL:           checkoutURL(id),
		ElicitationID: id,
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot open the checkout: " + err.Error()), nil
	}
	return t.settle(invoice, id, res)
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

// checkoutModernAware asks directly only for older clients, and through
// the round trip for 2026-07-28 ones.
func (t *payTools) checkoutModernAware(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	if !server.IsModernRequest(ctx) {
		id, session := t.begin(ctx)
		res, err := t.srv.RequestURLElicitation(ctx, session, id, checkoutURL(id), "Pay invoice "+invoice+" on the checkout page")
		if err != nil {
			return mcp.NewToolResultError("cannot open the checkout: " + err.Error()), nil
		}
		return t.settle(invoice, id, res)
	}
	if res := server.ElicitationResponse(request.Params.InputResponses, "checkout"); res != nil {
		session := server.ClientSessionFromContext(ctx)
		user := ""
		if session != nil {
			user = session.SessionID()
		}
		id, _ := t.payments.Latest(user, "checkout")
		return t.settle(invoice, id, res)
	}
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
	}
	id, _ := t.begin(ctx)
	return server.NewInputRequestBuilder("").
		Elicit("checkout", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Pay invoice " + invoice + " on the checkout page",
			URL:           checkoutURL(id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

// refundIBANForm asks for the bank account in a form.
func (t *payTools) refundIBANForm(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Where should we send your refund?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"account_holder": map[string]any{"type": "string", "title": "Account holder"},
				"iban":           map[string]any{"type": "string", "title": "IBAN"},
			},
			"required": []any{"account_holder", "iban"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask for refund details: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := res.Content.(map[string]any)
		holder, _ := content["account_holder"].(string)
		log.Printf("refund details received for %s", holder)
		return mcp.NewToolResultText("Refund details received."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Refund will go back to the original card."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// paymentWebhook is where the provider reports the payment: it records it
// and tells the session that started the checkout.
func (t *payTools) paymentWebhook(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("flow")
	if r.FormValue("status") != "succeeded" {
		_ = t.payments.Fail(id)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := t.payments.Complete(id, r.FormValue("payment_intent")); err != nil {
		http.Error(w, "unknown checkout", http.StatusNotFound)
		return
	}
	t.mu.Lock()
	session := t.sessions[id]
	delete(t.sessions, id)
	t.mu.Unlock()
	if session != nil {
		if err := t.srv.SendElicitationComplete(r.Context(), session, id); err != nil {
			log.Printf("completion of %s: %v", id, err)
		}
	}
	w.WriteHeader(http.StatusNoContent)
}
