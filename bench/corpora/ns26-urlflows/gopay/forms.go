package gopay

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// checkoutCardForm asks for the card number and CVC in a form.
func checkoutCardForm(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Enter your card to pay invoice " + in.Invoice,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"card_number": map[string]any{"type": "string", "title": "Card number"},
				"cvc":         map[string]any{"type": "string", "title": "CVC"},
			},
			"required": []any{"card_number", "cvc"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		card, _ := res.Content["card_number"].(string)
		cvc, _ := res.Content["cvc"].(string)
		if card == "" || cvc == "" {
			return nil, nil, errors.New("card details missing")
		}
		return textResult("Card ending " + card[len(card)-min(4, len(card)):] + " submitted for authorization; the charge is pending."), nil, nil
	case "decline", "cancel":
		return textResult("No payment made."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// checkoutBillingForm asks only for billing details in a form (no card
// data), and reads the box it asks the user to tick.
func checkoutBillingForm(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Billing details for invoice " + in.Invoice,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"cardholder_name": map[string]any{"type": "string", "title": "Name on the invoice"},
				"billing_email":   map[string]any{"type": "string", "format": "email", "title": "Billing email"},
				"save_details":    map[string]any{"type": "boolean", "title": "Remember these details?", "default": false},
			},
			"required": []any{"cardholder_name", "billing_email"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		name, _ := res.Content["cardholder_name"].(string)
		email, _ := res.Content["billing_email"].(string)
		save, _ := res.Content["save_details"].(bool)
		log.Printf("billing for %s: %s <%s> (save=%v)", in.Invoice, name, email, save)
		return textResult("Billing details recorded for invoice " + in.Invoice + "."), nil, nil
	case "decline", "cancel":
		return textResult("Billing details unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// deliveryPhoneFormat uses a string format the elicitation subset does not
// have.
func deliveryPhoneFormat(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How should the courier reach you about invoice " + in.Invoice + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"contact_phone": map[string]any{"type": "string", "format": "phone", "title": "Phone for the courier"},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		phone, _ := res.Content["contact_phone"].(string)
		return textResult("The courier will call " + phone + "."), nil, nil
	case "decline", "cancel":
		return textResult("The courier will leave a note."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// shippingNested asks for the address as a nested object.
func shippingNested(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Where should we ship the order for invoice " + in.Invoice + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"address": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"street": map[string]any{"type": "string"},
						"city":   map[string]any{"type": "string"},
					},
				},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		addr, _ := res.Content["address"].(map[string]any)
		return textResult(fmt.Sprintf("Shipping to %v.", addr["city"])), nil, nil
	case "decline", "cancel":
		return textResult("Shipping address unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var refundSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// confirmRefund asks before a refund, and refunds anyway when the question
// cannot be asked.
func confirmRefund(ctx context.Context, ss *mcp.ServerSession, invoice string, amount int) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("Refund %d cents on invoice %s?", amount, invoice),
		RequestedSchema: refundSchema,
	})
	if err != nil {
		log.Printf("cannot ask for refund confirmation, refunding anyway: %v", err)
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

func refundTool(ctx context.Context, req *mcp.CallToolRequest, in RefundIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmRefund(ctx, req.Session, in.Invoice, in.Amount)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("No refund issued."), nil, nil
	}
	if err := issueRefund(in.Invoice, in.Amount); err != nil {
		return nil, nil, err
	}
	return textResult("Refund queued."), nil, nil
}

// confirmRefundClosed refuses when the question cannot be asked.
func confirmRefundClosed(ctx context.Context, ss *mcp.ServerSession, invoice string, amount int) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("Refund %d cents on invoice %s?", amount, invoice),
		RequestedSchema: refundSchema,
	})
	if err != nil {
		return false, fmt.Errorf("asking for refund confirmation: %w", err)
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

func refundToolClosed(ctx context.Context, req *mcp.CallToolRequest, in RefundIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmRefundClosed(ctx, req.Session, in.Invoice, in.Amount)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("No refund issued."), nil, nil
	}
	if err := issueRefund(in.Invoice, in.Amount); err != nil {
		return nil, nil, err
	}
	return textResult("Refund queued."), nil, nil
}

// checkoutOldProtocolOnly asks directly only on sessions of older
// protocols, and through the round trip on 2026-07-28.
func checkoutOldProtocolOnly(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	user := req.Session.ID()
	if req.ProtocolVersion() < "2026-07-28" {
		id := payments.Begin("checkout", user)
		remember(id, req.Session)
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Pay invoice " + in.Invoice + " on the checkout page",
			URL:           checkoutURL(id),
			ElicitationID: id,
		})
		if err != nil {
			return nil, nil, err
		}
		return settle(in.Invoice, id, res)
	}
	if res, ok := req.Params.InputResponses["checkout_rt"].(*mcp.ElicitResult); ok {
		id, found := payments.Latest(user, "checkout")
		if !found {
			return nil, nil, errors.New("no checkout was started for this session")
		}
		return settle(in.Invoice, id, res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("paying needs a client that can open a URL")
	}
	id := payments.Begin("checkout", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"checkout_rt": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice + " on the checkout page",
		URL:           checkoutURL(id),
		ElicitationID: id,
	}}}, nil, nil
}

// paymentCallback is where the payment provider sends the user back: it
// records the payment and tells the client the elicitation completed.
func paymentCallback(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id := q.Get("flow")
	if q.Get("status") != "succeeded" {
		_ = payments.Fail(id)
		http.Error(w, "payment failed", http.StatusPaymentRequired)
		return
	}
	if err := payments.Complete(id, q.Get("payment_intent")); err != nil {
		http.Error(w, "unknown checkout", http.StatusNotFound)
		return
	}
	if ss := takeSession(id); ss != nil {
		if err := ss.NotifyElicitationComplete(r.Context(), &mcp.ElicitationCompleteParams{ElicitationID: id}); err != nil {
			log.Printf("notifying completion of %s: %v", id, err)
		}
	}
	fmt.Fprintln(w, "Payment received. You can close this tab.")
}

// paymentCallbackWrongID notifies the client with the provider's payment
// ID, not the elicitation's, so the client cannot match it.
func paymentCallbackWrongID(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id := q.Get("flow")
	if err := payments.Complete(id, q.Get("payment_intent")); err != nil {
		http.Error(w, "unknown checkout", http.StatusNotFound)
		return
	}
	if ss := takeSession(id); ss != nil {
		_ = ss.NotifyElicitationComplete(r.Context(), &mcp.ElicitationCompleteParams{ElicitationID: q.Get("payment_intent")})
	}
	fmt.Fprintln(w, "Payment received. You can close this tab.")
}
