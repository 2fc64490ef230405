package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The handlers below use the round trip of protocol 2026-07-28, except
// rateDelivery: the first call returns the question (built with
// server.NewInputRequestBuilder), the client asks the user and calls the
// tool again with the answer, read with server.ElicitationResponse. Each
// "BUG" comment names the check that finds the bug. Before it asks, each
// of them tests that the client declared the capability the question
// needs, through clientCaps (main.go) as correct.go does (but for
// choosePickupPoint, whose bug that is).

// confirmSchema is a flat yes/no form used by several handlers below.
var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "description": "Go ahead?"},
	},
	"required": []string{"confirm"},
}

// BUG (round-trip): a direct request from the handler. RequestElicitation
// returns ErrServerInitiatedRequestUnsupported on sessions that negotiate
// protocol 2026-07-28, the default of current clients. It is in the shape
// elicitlint -fix migrates.
func (sh *shop) rateDelivery(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "How was the delivery of your last order?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"stars": map[string]any{"type": "integer", "minimum": 1, "maximum": 5},
				},
				"required": []string{"stars"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		stars, ok := data["stars"].(float64)
		if !ok {
			return nil, fmt.Errorf("no rating in the answer")
		}
		return mcp.NewToolResultText(fmt.Sprintf("Thanks for the %d-star rating.", int(stars))), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No rating given."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG (message): the message is 230 characters; clients may truncate
// anything over 200.
func (sh *shop) scheduleDelivery(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "slot")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("scheduling needs a client that can ask for a slot"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("slot", mcp.ElicitationParams{
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
			}).
			ToolResult(), nil
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

// BUG (message): the message is empty, so the user sees a form with no
// explanation.
func (sh *shop) applyCoupon(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "coupon")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("applying a coupon needs a client that can ask for the code"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("coupon", mcp.ElicitationParams{
				Message: "",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"code": map[string]any{"type": "string", "maxLength": 20},
					},
					"required": []string{"code"},
				},
			}).
			ToolResult(), nil
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

// BUG (mode): url mode without a URL: the client has nothing to open (and
// mcp-go's Validate rejects the request).
func (sh *shop) linkWallet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wallet")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("linking a wallet needs a client that can open the provider's page"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("wallet", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Link your payment wallet on the provider's site.",
				ElicitationID: rand.Text(),
			}).
			ToolResult(), nil
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

// BUG (mode): the payment page is served over plain http.
func (sh *shop) payInvoice(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "invoice")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("paying needs a client that can open the checkout page"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").
			Elicit("invoice", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Pay the invoice on the checkout page.",
				URL:           "http://example.com/invoices/pay?session=" + id,
				ElicitationID: id,
			}).
			ToolResult(), nil
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

// BUG (mode): url mode with a RequestedSchema: url-mode elicitations carry
// no form.
func (sh *shop) connectWarehouse(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "warehouse")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("connecting the warehouse needs a client that can open its sign-in page"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").
			Elicit("warehouse", mcp.ElicitationParams{
				Mode:            mcp.ElicitationModeURL,
				Message:         "Connect the warehouse system to sync stock levels.",
				URL:             "https://wms.example.com/oauth/authorize?state=" + id,
				ElicitationID:   id,
				RequestedSchema: confirmSchema,
			}).
			ToolResult(), nil
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

// BUG (elicitation-id): a constant elicitation ID: concurrent sign-ins
// cannot be told apart.
func (sh *shop) connectMarketplace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "marketplace")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("connecting the marketplace needs a client that can open its sign-in page"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("marketplace", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to your marketplace seller account.",
				URL:           "https://marketplace.example.com/oauth/authorize",
				ElicitationID: "oauth-flow",
			}).
			ToolResult(), nil
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

// BUG (mode): form mode (mcp-go's default for an empty Mode) with a URL set.
func (sh *shop) addGiftNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "note")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("adding a gift note needs a client that can ask for it"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("note", mcp.ElicitationParams{
				Message: "What should the gift note say?",
				URL:     "https://shop.example.com/gift-notes",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"note": map[string]any{"type": "string", "maxLength": 200},
					},
					"required": []string{"note"},
				},
			}).
			ToolResult(), nil
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

// BUG (mode): form mode without a RequestedSchema; mcp-go requires one for
// form elicitations.
func (sh *shop) refundOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	orderID := req.GetString("orderId", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "refund")
	if answer == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("refunding needs a client that can ask for confirmation"), nil
		}
		return server.NewInputRequestBuilder("order="+orderID).
			Elicit("refund", mcp.ElicitationParams{
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

// BUG (actions): the answer is only tested for presence, and its Action is
// never read, so a decline subscribes the customer anyway.
func (sh *shop) subscribeNewsletter(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "newsletter")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("subscribing needs a client that can ask for consent"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("newsletter", mcp.ElicitationParams{
				Message:         "Subscribe to our weekly newsletter?",
				RequestedSchema: confirmSchema,
			}).
			ToolResult(), nil
	}
	return mcp.NewToolResultText("Subscribed."), nil
}

// BUG (actions): only "accept" is checked; decline and cancel are treated
// alike.
func (sh *shop) emptyCart(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "empty")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("emptying the cart needs a client that can ask for confirmation"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("empty", mcp.ElicitationParams{
				Message:         "Remove every item from the cart?",
				RequestedSchema: confirmSchema,
			}).
			ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("Cart emptied."), nil
	}
	return mcp.NewToolResultText("Cart kept."), nil
}

// BUG (content): Content is read before the action is checked; it is empty
// on decline and cancel.
func (sh *shop) changeAddress(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "address")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("changing the address needs a client that can ask for it"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("address", mcp.ElicitationParams{
				Message: "Where should the order go instead?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"street": map[string]any{"type": "string"},
						"city":   map[string]any{"type": "string"},
					},
					"required": []string{"street", "city"},
				},
			}).
			ToolResult(), nil
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

// BUG (sensitive): asks for a password in a form; sensitive data must go
// through url mode.
func (sh *shop) connectSupplier(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "supplier")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("connecting the supplier needs a client that can ask for the account"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("supplier", mcp.ElicitationParams{
				Message: "Sign in to the supplier portal to import the catalogue.",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"username": map[string]any{"type": "string"},
						"password": map[string]any{"type": "string"},
					},
					"required": []string{"username", "password"},
				},
			}).
			ToolResult(), nil
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

// BUG (nested): a nested object property; elicitation schemas must be flat.
func (sh *shop) createCustomer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "customer")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("creating a customer needs a client that can ask for the details"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("customer", mcp.ElicitationParams{
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
			}).
			ToolResult(), nil
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

// BUG (schema): format "phone" is not a format elicitation supports (email,
// uri, date, date-time).
func (sh *shop) enableSMSAlerts(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "mobile")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("SMS alerts need a client that can ask for the number"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("mobile", mcp.ElicitationParams{
				Message: "Which mobile number should receive shipping updates?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"mobile": map[string]any{"type": "string", "format": "phone"},
					},
					"required": []string{"mobile"},
				},
			}).
			ToolResult(), nil
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

// BUG (round-trip): the answer's raw Elicitation field stays nil for
// answers from 2026-07-28 clients until DecodeFor runs, so this handler
// asks again on every call from them; server.ElicitationResponse decodes.
func (sh *shop) trackParcel(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := req.Params.InputResponses["tracking"].Elicitation
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("tracking updates need a client that can ask for consent"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("tracking", mcp.ElicitationParams{
				Message:         "Send tracking updates for this parcel by email?",
				RequestedSchema: confirmSchema,
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Tracking updates on."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Tracking updates off."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG (round-trip): the result is built by hand without ResultType:
// mcp.ResultTypeInputRequired, so NeedsInput() is false and mcp-go sends it
// as a finished, empty result: the client never sees the question.
func (sh *shop) wrapGift(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wrap")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("gift wrap needs a client that can ask for confirmation"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"wrap": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
				Message:         "Wrap the order as a gift?",
				RequestedSchema: confirmSchema,
			})},
		}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The order will be gift-wrapped."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No gift wrap."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG (round-trip): the answer is read under "quantiy", a key no request
// uses, so it never arrives and the client is asked again on every call.
// (Two findings: the answer that is never requested, and the request that
// is never read.)
func (sh *shop) changeQuantity(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "quantiy")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("changing the quantity needs a client that can ask for it"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("quantity", mcp.ElicitationParams{
				Message: "How many of this item do you want?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"count": map[string]any{"type": "integer", "minimum": 1, "maximum": 99},
					},
					"required": []string{"count"},
				},
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		count, ok := data["count"].(float64)
		if !ok {
			return nil, fmt.Errorf("no count in the answer")
		}
		return mcp.NewToolResultText(fmt.Sprintf("Quantity set to %d.", int(count))), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Quantity unchanged."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG (fail-open): the confirmation gate many servers have: it goes ahead
// when the question cannot be asked, "so that clients without elicitation
// still work". On sessions that negotiate protocol 2026-07-28
// RequestElicitation always fails, so the store is closed without asking.
// (round-trip reports the direct request as well.)
func (sh *shop) closeStore(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !sh.confirm(ctx, "Close the store? Customers will not be able to order until you reopen it.") {
		return mcp.NewToolResultText("Store still open."), nil
	}
	sh.stopOrders()
	return mcp.NewToolResultText("Store closed."), nil
}

// stopOrders closes the store to new orders (this example has no store, so
// it only says so).
func (sh *shop) stopOrders() {
	log.Print("store closed to new orders")
}

// confirm asks a yes/no question and reports whether to go ahead.
func (sh *shop) confirm(ctx context.Context, question string) bool {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: question, RequestedSchema: confirmSchema},
	})
	if err != nil {
		log.Printf("cannot ask, going ahead: %v", err)
		return true
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false
	}
	return false
}

// BUG (capabilities): the question is returned with no test that the
// client declared elicitation: protocol 2026-07-28 forbids it, and a client
// that did not declare it gets a request it cannot answer.
func (sh *shop) choosePickupPoint(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "pickup")
	if res == nil {
		return server.NewInputRequestBuilder("").
			Elicit("pickup", mcp.ElicitationParams{
				Message: "Where would you like to collect the order?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"point": map[string]any{"type": "string", "enum": []string{"store", "locker", "post office"}},
					},
					"required": []string{"point"},
				},
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		point, ok := data["point"].(string)
		if !ok {
			return nil, fmt.Errorf("no pickup point in the answer")
		}
		return mcp.NewToolResultText("The order will wait at the " + point + "."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Home delivery it is."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
