package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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
func bookTrip(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Before we book this trip we need to confirm a few details: the traveller's full name as printed on the passport, the preferred departure window, the seat preferences, meal requirements, and whether travel insurance is needed, too.",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Trip booked."), nil, nil
	case "decline":
		return text("Trip not booked."), nil, nil
	case "cancel":
		return text("Booking cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: the message is empty, so the user sees a form with no explanation.
func renameTrip(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"title": map[string]any{"type": "string", "maxLength": 80},
			},
			"required": []string{"title"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text(fmt.Sprintf("Renamed to %v.", res.Content["title"])), nil, nil
	case "decline":
		return text("Name unchanged."), nil, nil
	case "cancel":
		return text("Rename cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: url mode without a URL: the client has nothing to open.
func linkBankAccount(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your bank account for refunds on our partner's site.",
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Waiting for the bank to confirm."), nil, nil
	case "decline":
		return text("Bank account not linked."), nil, nil
	case "cancel":
		return text("Linking cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: the payment page is served over plain http.
func payDeposit(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay the hotel deposit on the checkout page.",
		URL:           "http://example.com/deposit?session=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Waiting for the payment to clear."), nil, nil
	case "decline":
		return text("Deposit not paid."), nil, nil
	case "cancel":
		return text("Payment cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: url mode with a RequestedSchema: url-mode elicitations carry no form.
func connectDrive(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:            "url",
		Message:         "Connect your cloud drive so we can save the tickets there.",
		URL:             "https://drive.example.com/oauth/authorize?state=" + id,
		ElicitationID:   id,
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Waiting for the drive to confirm."), nil, nil
	case "decline":
		return text("Drive not connected."), nil, nil
	case "cancel":
		return text("Connection cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: a constant ElicitationID: concurrent flows cannot be told apart.
func connectGitHub(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to GitHub to publish your itinerary.",
		URL:           "https://github.example.com/login/oauth/authorize",
		ElicitationID: "oauth-flow",
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Waiting for GitHub to confirm."), nil, nil
	case "decline":
		return text("GitHub not connected."), nil, nil
	case "cancel":
		return text("Sign-in cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: form mode with a URL set: the URL is ignored by form clients.
func updateShipping(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:    "form",
		Message: "Where should we send the printed tickets?",
		URL:     "https://travel.example.com/address",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"street":     map[string]any{"type": "string"},
				"city":       map[string]any{"type": "string"},
				"postalCode": map[string]any{"type": "string"},
			},
			"required": []string{"street", "city"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text(fmt.Sprintf("Tickets go to %v, %v.", res.Content["street"], res.Content["city"])), nil, nil
	case "decline":
		return text("Address unchanged."), nil, nil
	case "cancel":
		return text("Update cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: the URLElicitationRequiredError element has no Mode: "url";
// URLElicitationRequiredError panics on it (it does not infer the mode).
func exportToAirline(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Sign in to your airline account first, then try again.",
		URL:           "https://airline.example.com/oauth/authorize?state=" + id,
		ElicitationID: id,
	}})
}

// BUG: the result is discarded, so a decline archives the trip anyway.
func archiveTrip(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Archive this trip? You can restore it later.",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	return text("Trip archived."), nil, nil
}

// BUG: only "accept" is checked; decline and cancel are treated alike.
func cancelBooking(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Cancel the booking? The deposit is not refundable.",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "accept" {
		return text("Booking cancelled."), nil, nil
	}
	return text("Booking kept."), nil, nil
}

// BUG: Content is read before the action is checked; it is empty on decline
// and cancel.
func addGuest(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Who is joining the trip?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"name":  map[string]any{"type": "string", "minLength": 1},
				"email": map[string]any{"type": "string", "format": "email"},
			},
			"required": []string{"name"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	name, _ := res.Content["name"].(string)
	log.Printf("adding guest %q", name)
	switch res.Action {
	case "accept":
		return text("Added " + name + "."), nil, nil
	case "decline":
		return text("No guest added."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: asks for a password in a form; sensitive data must go through url mode.
func connectLoyalty(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Connect your hotel loyalty account to collect points.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"memberNumber": map[string]any{"type": "string"},
				"password":     map[string]any{"type": "string"},
			},
			"required": []string{"memberNumber", "password"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Loyalty account connected."), nil, nil
	case "decline":
		return text("Not connected."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: a nested object property; elicitation schemas must be flat.
func updateTraveller(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Update the traveller's details.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"fullName": map[string]any{"type": "string"},
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
		return text("Traveller updated."), nil, nil
	case "decline":
		return text("Nothing changed."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG: format "phone" is not a format elicitation supports (email, uri,
// date, date-time).
func requestCallback(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "What number should our agent call?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"number": map[string]any{"type": "string", "format": "phone"},
			},
			"required": []string{"number"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text(fmt.Sprintf("An agent will call %v.", res.Content["number"])), nil, nil
	case "decline":
		return text("No callback scheduled."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
