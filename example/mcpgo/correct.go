package main

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// These handlers use the round trip of protocol 2026-07-28 (mcp-go v1.0+).
// The first call finds no answer and returns the question, built with
// server.NewInputRequestBuilder (which sets ResultType); the client asks the
// user and calls the tool again with the answer, which
// server.ElicitationResponse decodes and returns under the same key. mcp-go
// does the same for clients on older protocols, so the handlers work with
// both.
//
// Every answer is client input: nothing checks it against the requested
// schema, so Content and every value in it are read with comma-ok
// assertions.
//
// A handler asks only a client that declared the capability the question
// needs (elicitation for a form, elicitation.url for url mode), tested
// through clientCaps (main.go): protocol 2026-07-28 forbids anything else,
// and mcp-go does not check it in the round trip.

// placeOrder asks for delivery preferences with a flat form and handles
// accept, decline and cancel separately. Content is read only on accept.
func (sh *shop) placeOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "delivery")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("placing the order needs a client that can ask how to deliver it"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("delivery", mcp.ElicitationParams{
				Mode:    mcp.ElicitationModeForm,
				Message: "Place the order? Choose how it should be delivered.",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"delivery":   map[string]any{"type": "string", "enum": []string{"standard", "express", "pickup"}},
						"giftWrap":   map[string]any{"type": "boolean", "default": false},
						"deliverBy":  map[string]any{"type": "string", "format": "date"},
						"confirmTo":  map[string]any{"type": "string", "format": "email"},
						"itemsCount": map[string]any{"type": "integer", "minimum": 1},
					},
					"required": []string{"delivery"},
				},
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		delivery, ok := data["delivery"].(string)
		if !ok {
			return nil, fmt.Errorf("no delivery option in the answer")
		}
		return mcp.NewToolResultText(fmt.Sprintf("Order placed (%s delivery).", delivery)), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Order not placed."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Checkout cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// connectStore sends the merchant to the store's consent page (url mode):
// https, a fresh elicitation ID per request, and no schema.
func (sh *shop) connectStore(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "store")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("connecting the store needs a client that can open its sign-in page"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").
			Elicit("store", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to your store account to connect it.",
				URL:           "https://store.example.com/oauth/authorize?state=" + id,
				ElicitationID: id,
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the store to confirm the connection."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Store not connected."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Connection cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// deployStorefront carries what it knows in the request state (the client
// sends it back unchanged; it is client input like the answer).
func (sh *shop) deployStorefront(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	env := req.GetString("environment", "staging")
	answer := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if answer == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("publishing needs a client that can ask for confirmation"), nil
		}
		return server.NewInputRequestBuilder("env="+env).
			Elicit("confirm", mcp.ElicitationParams{
				Message: fmt.Sprintf("Publish the storefront to %s?", env),
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"note": map[string]any{"type": "string", "maxLength": 140, "description": "Release note"},
					},
				},
			}).
			ToolResult(), nil
	}
	if req.Params.RequestState != "env="+env {
		return nil, fmt.Errorf("the answer is for another environment")
	}
	switch answer.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := answer.Content.(map[string]any)
		note, _ := content["note"].(string)
		return mcp.NewToolResultText(fmt.Sprintf("Published to %s: %s", env, note)), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Not published."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Publishing cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", answer.Action)
}

// exportOrders needs the accounting system connected first. Before
// 2026-07-28 it would have returned a URLElicitationRequiredError; in the
// round trip it returns the url-mode request instead.
func (sh *shop) exportOrders(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "accounting")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("exporting needs a client that can open the accounting system's sign-in page"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").
			Elicit("accounting", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Connect your accounting system to export the orders.",
				URL:           "https://books.example.com/oauth/authorize?state=" + id,
				ElicitationID: id,
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the accounting system; the export starts once it is connected."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Orders not exported."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Export cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
