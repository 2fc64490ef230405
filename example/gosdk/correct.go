package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// These handlers use the round trip of protocol 2026-07-28 (go-sdk v1.7+).
// The first call finds no answer and returns the question in InputRequests;
// the client asks the user and calls the tool again with the answer in
// InputResponses, under the same key. go-sdk does the same for clients on
// older protocols, so the handlers work with both.
//
// Every answer is client input: any client can send inputResponses on any
// call, and nothing checks an answer against the requested schema on
// 2026-07-28 sessions. So the answer and every value of its Content are read
// with comma-ok assertions.
//
// A handler asks only a client that declared, on this request, the
// capability the question needs (elicitation for a form, elicitation.url
// for url mode): protocol 2026-07-28 forbids anything else, and neither SDK
// checks it in the round trip. req.ClientCapabilities() reads the request's
// own, and the session's for clients on older protocols. A typed tool
// handler's error reaches the client as a tool error that says why.

type BookTableIn struct {
	Restaurant string `json:"restaurant" jsonschema:"the restaurant to book"`
}

// bookTable asks for the reservation details with a flat form and handles
// accept, decline and cancel separately. Content is read only on accept.
func bookTable(ctx context.Context, req *mcp.CallToolRequest, in BookTableIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["reservation"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("booking a table needs a client that can ask for the date, time and party size")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"reservation": &mcp.ElicitParams{
			Mode:    "form",
			Message: fmt.Sprintf("Book a table at %s?", in.Restaurant),
			RequestedSchema: &jsonschema.Schema{
				Type: "object",
				Properties: map[string]*jsonschema.Schema{
					"date":      {Type: "string", Format: "date", Description: "Day of the reservation"},
					"time":      {Type: "string", Enum: []any{"18:00", "19:30", "21:00"}},
					"partySize": {Type: "integer", Minimum: jsonschema.Ptr(1.0), Maximum: jsonschema.Ptr(12.0)},
					"email":     {Type: "string", Format: "email", Description: "Where to send the confirmation"},
				},
				Required: []string{"date", "time", "partySize"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		date, ok1 := res.Content["date"].(string)
		slot, ok2 := res.Content["time"].(string)
		size, ok3 := res.Content["partySize"].(float64) // JSON numbers decode as float64
		if !ok1 || !ok2 || !ok3 || size < 1 || size > 12 {
			return nil, nil, fmt.Errorf("incomplete reservation details")
		}
		return text(fmt.Sprintf("Booked %s on %s at %s for %d.", in.Restaurant, date, slot, int(size))), nil, nil
	case "decline":
		return text("No table booked."), nil, nil
	case "cancel":
		return text("Booking cancelled before it started."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// connectCalendar sends the user to the provider's consent page (url mode):
// https, a fresh ElicitationID per request, and no schema.
func connectCalendar(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["calendar"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("connecting a calendar needs a client that can open the provider's sign-in page")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"calendar": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to your calendar provider to let us find free days.",
			URL:           "https://calendar.example.com/oauth/authorize?state=" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return text("Waiting for the calendar provider to confirm."), nil, nil
	case "decline":
		return text("Calendar not connected."), nil, nil
	case "cancel":
		return text("Calendar connection cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// payBooking cannot continue until the user has paid on the hosted checkout
// page. Before 2026-07-28 it would have returned a URLElicitationRequiredError;
// in the round trip it returns the url-mode request instead.
func payBooking(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["payment"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("paying needs a client that can open the checkout page")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"payment": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Pay for the booking on the secure checkout page.",
			URL:           "https://pay.example.com/checkout?session=" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return text("Waiting for the payment to clear."), nil, nil
	case "decline":
		return text("Booking not paid."), nil, nil
	case "cancel":
		return text("Payment cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

type DeployIn struct {
	Site string `json:"site" jsonschema:"the itinerary site to publish"`
}

// deployItinerarySite asks two independent questions in one round (go-sdk
// calls a handler again only once for clients on older protocols, so it
// asks everything it can at once) and reads both answers.
func deployItinerarySite(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	confirm, ok1 := req.Params.InputResponses["publish"].(*mcp.ElicitResult)
	audience, ok2 := req.Params.InputResponses["audience"].(*mcp.ElicitResult)
	if !ok1 || !ok2 {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			// Publishing is not done unconfirmed.
			return nil, nil, errors.New("publishing needs a client that can ask for confirmation")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"publish": &mcp.ElicitParams{
				Message: fmt.Sprintf("Publish %s now?", in.Site),
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"notify": map[string]any{"type": "boolean", "description": "Email the travellers"},
					},
				},
			},
			"audience": &mcp.ElicitParams{
				Message: "Who may see the site?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"visibility": map[string]any{"type": "string", "enum": []string{"travellers", "anyone with the link"}},
					},
					"required": []string{"visibility"},
				},
			},
		}}, nil, nil
	}
	switch confirm.Action {
	case "accept":
	case "decline":
		return text("Not published."), nil, nil
	case "cancel":
		return text("Publishing cancelled."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unexpected elicitation action %q", confirm.Action)
	}
	notify, _ := confirm.Content["notify"].(bool)
	switch audience.Action {
	case "accept":
		visibility, ok := audience.Content["visibility"].(string)
		if !ok {
			return nil, nil, fmt.Errorf("no visibility in the answer")
		}
		return text(fmt.Sprintf("Published %s for %s (notify travellers: %v).", in.Site, visibility, notify)), nil, nil
	case "decline":
		return text("Not published: no audience was chosen."), nil, nil
	case "cancel":
		return text("Publishing cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", audience.Action)
}
