package main

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// placeOrder asks for delivery preferences with a flat form and handles
// accept, decline and cancel separately. Content is read only on accept.
func (sh *shop) placeOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
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
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		return mcp.NewToolResultText(fmt.Sprintf("Order placed (%v delivery).", data["delivery"])), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Order not placed."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Checkout cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// connectStore sends the merchant to the store's consent page (url mode):
// https, a fresh elicitation ID per call, and no schema.
func (sh *shop) connectStore(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	session := server.ClientSessionFromContext(ctx)
	res, err := sh.srv.RequestURLElicitation(ctx, session, id,
		"https://store.example.com/oauth/authorize?state="+id,
		"Sign in to your store account to connect it.")
	if err != nil {
		return nil, err
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

// deployStorefront uses a multi round-trip input request (mcp-go v1.0+):
// the first call returns the question, the retry carries the answer.
func (sh *shop) deployStorefront(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	env := req.GetString("environment", "staging")
	answer := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if answer == nil {
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
	switch answer.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := answer.Content.(map[string]any)
		return mcp.NewToolResultText(fmt.Sprintf("Published to %s: %v", env, content["note"])), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Not published."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Publishing cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", answer.Action)
}

// exportOrders needs the accounting system connected first, so it returns a
// URLElicitationRequiredError with a url-mode element.
func (sh *shop) exportOrders(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	return nil, mcp.URLElicitationRequiredError{
		Elicitations: []mcp.ElicitationParams{{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Connect your accounting system, then try the export again.",
			URL:           "https://books.example.com/oauth/authorize?state=" + id,
			ElicitationID: id,
		}},
	}
}
