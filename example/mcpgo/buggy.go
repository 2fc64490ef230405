package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// confirmSchema is a flat yes/no form used by several handlers below.
var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "description": "Go ahead?"},
	},
	"required": []string{"confirm"},
}

// BUG: the message is 230 characters; clients may truncate anything over 200.
func (sh *shop) scheduleDelivery(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "We can deliver this order on several days next week. Please pick the delivery slot that suits you, tell us whether someone will be at home to sign for the parcel, and say whether the driver may leave it with a kind neighbour, too.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"slot":     map[string]any{"type": "string", "enum": []string{"morning", "afternoon", "evening"}},
					"atHome":   map[string]any{"type": "boolean"},
					"neighbor": map[string]any{"type": "boolean"},
				},
				"required": []string{"slot"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Delivery scheduled."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No slot chosen."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: the message is empty, so the user sees a form with no explanation.
func (sh *shop) applyCoupon(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"code": map[string]any{"type": "string", "maxLength": 20},
				},
				"required": []string{"code"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		return mcp.NewToolResultText(fmt.Sprintf("Coupon %v applied.", data["code"])), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No coupon applied."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: url mode without a URL: the client has nothing to open (and mcp-go's
// Validate rejects the request).
func (sh *shop) linkWallet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Link your payment wallet on the provider's site.",
			ElicitationID: rand.Text(),
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the wallet provider."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Wallet not linked."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: the payment page is served over plain http.
func (sh *shop) payInvoice(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := sh.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"http://example.com/invoices/pay?session="+id,
		"Pay the invoice on the checkout page.")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the payment to clear."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Invoice not paid."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: url mode with a RequestedSchema: url-mode elicitations carry no form.
func (sh *shop) connectWarehouse(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:            mcp.ElicitationModeURL,
			Message:         "Connect the warehouse system to sync stock levels.",
			URL:             "https://wms.example.com/oauth/authorize?state=" + id,
			ElicitationID:   id,
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the warehouse system."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Warehouse not connected."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: a constant elicitation ID: concurrent sign-ins cannot be told apart.
func (sh *shop) connectMarketplace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), "oauth-flow",
		"https://marketplace.example.com/oauth/authorize",
		"Sign in to your marketplace seller account.")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the marketplace."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Marketplace not connected."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: form mode (mcp-go's default for an empty Mode) with a URL set.
func (sh *shop) addGiftNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "What should the gift note say?",
			URL:     "https://shop.example.com/gift-notes",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"note": map[string]any{"type": "string", "maxLength": 200},
				},
				"required": []string{"note"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Gift note added."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No gift note."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: form mode without a RequestedSchema; mcp-go requires one for form
// elicitations.
func (sh *shop) refundOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	orderID := req.GetString("orderId", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if answer == nil {
		return server.NewInputRequestBuilder("order="+orderID).
			Elicit("confirm", mcp.ElicitationParams{
				Message: fmt.Sprintf("Refund order %s in full?", orderID),
			}).
			ToolResult(), nil
	}
	switch answer.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Refund issued."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No refund."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", answer.Action)
}

// BUG: the result is discarded, so a decline subscribes the customer anyway.
func (sh *shop) subscribeNewsletter(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message:         "Subscribe to our weekly newsletter?",
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Subscribed."), nil
}

// BUG: only "accept" is checked; decline and cancel are treated alike.
func (sh *shop) emptyCart(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message:         "Remove every item from the cart?",
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return nil, err
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("Cart emptied."), nil
	}
	return mcp.NewToolResultText("Cart kept."), nil
}

// BUG: Content is read before the action is checked; it is empty on decline
// and cancel.
func (sh *shop) changeAddress(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Where should the order go instead?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"street": map[string]any{"type": "string"},
					"city":   map[string]any{"type": "string"},
				},
				"required": []string{"street", "city"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	data, _ := res.Content.(map[string]any)
	log.Printf("new address: %v, %v", data["street"], data["city"])
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Address changed."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Address kept."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: asks for a password in a form; sensitive data must go through url mode.
func (sh *shop) connectSupplier(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Sign in to the supplier portal to import the catalogue.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"username": map[string]any{"type": "string"},
					"password": map[string]any{"type": "string"},
				},
				"required": []string{"username", "password"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Supplier portal connected."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Not connected."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: a nested object property; elicitation schemas must be flat.
func (sh *shop) createCustomer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Enter the new customer's details.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"name": map[string]any{"type": "string"},
					"billing": map[string]any{
						"type": "object",
						"properties": map[string]any{
							"street": map[string]any{"type": "string"},
							"city":   map[string]any{"type": "string"},
						},
					},
				},
				"required": []string{"name"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Customer created."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No customer created."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: format "phone" is not a format elicitation supports (email, uri,
// date, date-time).
func (sh *shop) enableSMSAlerts(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Which mobile number should receive shipping updates?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"mobile": map[string]any{"type": "string", "format": "phone"},
				},
				"required": []string{"mobile"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("SMS alerts enabled."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("SMS alerts stay off."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
