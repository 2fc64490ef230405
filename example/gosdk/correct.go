package main

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type BookTableIn struct {
	Restaurant string `json:"restaurant" jsonschema:"the restaurant to book"`
}

// bookTable asks for the reservation details with a flat form and handles
// accept, decline and cancel separately. Content is read only on accept.
func bookTable(ctx context.Context, req *mcp.CallToolRequest, in BookTableIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
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
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text(fmt.Sprintf("Booked %s on %v at %v for %v.",
			in.Restaurant, res.Content["date"], res.Content["time"], res.Content["partySize"])), nil, nil
	case "decline":
		return text("No table booked."), nil, nil
	case "cancel":
		return text("Booking cancelled before it started."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// connectCalendar sends the user to the provider's consent page (url mode):
// https, a fresh ElicitationID per call, and no schema.
func connectCalendar(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to your calendar provider to let us find free days.",
		URL:           "https://calendar.example.com/oauth/authorize?state=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
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
// page, so it returns a URLElicitationRequiredError with a url-mode element.
func payBooking(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Mode:          "url",
		Message:       "Pay for the booking on the secure checkout page, then try again.",
		URL:           "https://pay.example.com/checkout?session=" + id,
		ElicitationID: id,
	}})
}

type DeployIn struct {
	Site string `json:"site" jsonschema:"the itinerary site to publish"`
}

// deployItinerarySite uses multi round-trip input requests (go-sdk v1.7+):
// the first call returns the question, the retry carries the answer.
func deployItinerarySite(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	answer, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{
				"confirm": &mcp.ElicitParams{
					Message: fmt.Sprintf("Publish %s now?", in.Site),
					RequestedSchema: map[string]any{
						"type": "object",
						"properties": map[string]any{
							"notify": map[string]any{"type": "boolean", "description": "Email the travellers"},
						},
					},
				},
			},
		}, nil, nil
	}
	switch answer.Action {
	case "accept":
		notify, _ := answer.Content["notify"].(bool)
		return text(fmt.Sprintf("Published %s (notify travellers: %v).", in.Site, notify)), nil, nil
	case "decline":
		return text("Not published."), nil, nil
	case "cancel":
		return text("Publishing cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", answer.Action)
}
