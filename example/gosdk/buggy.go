package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Except chooseSeat (a direct request) and exportToAirline (an error), the
// handlers below use the round trip of protocol 2026-07-28: the first call
// returns the question in InputRequests, and the client calls again with
// the answer in InputResponses. Each "BUG" comment names the check.
// Before it asks, each of them tests that the client declared the
// capability the question needs, as correct.go does (but for
// linkFrequentFlyer, whose bug that is).

// confirmSchema is a flat yes/no form used by several handlers below.
var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "description": "Go ahead?"},
	},
	"required": []string{"confirm"},
}

// BUG (round-trip): a direct request from the handler. ServerSession.Elicit
// fails on sessions that negotiate protocol 2026-07-28, the default of
// current clients. It is in the shape elicitlint -fix migrates.
func chooseSeat(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which seat would you like on this flight?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"seat": map[string]any{"type": "string", "enum": []string{"window", "aisle", "middle"}},
			},
			"required": []string{"seat"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		seat, ok := res.Content["seat"].(string)
		if !ok {
			return nil, nil, fmt.Errorf("no seat in the answer")
		}
		return text("Seat preference saved: " + seat + "."), nil, nil
	case "decline":
		return text("No seat preference."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG (message): the message is 230 characters; clients may truncate
// anything over 200.
func bookTrip(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["trip"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("booking a trip needs a client that can ask for the details")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"trip": &mcp.ElicitParams{
			Message:         "Before we book this trip we need to confirm a few details: the traveller's full name as printed on the passport, the preferred departure window, the seat preferences, meal requirements, and whether travel insurance is needed, too.",
			RequestedSchema: confirmSchema,
		}}}, nil, nil
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

// BUG (message): the message is empty, so the user sees a form with no
// explanation.
func renameTrip(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["title"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("renaming needs a client that can ask for the new name")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"title": &mcp.ElicitParams{
			Message: "",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"title": map[string]any{"type": "string", "maxLength": 80},
				},
				"required": []string{"title"},
			},
		}}}, nil, nil
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

// BUG (mode): url mode without a URL: the client has nothing to open.
func linkBankAccount(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["bank"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("linking a bank account needs a client that can open the bank's page")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"bank": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Link your bank account for refunds on our partner's site.",
			ElicitationID: rand.Text(),
		}}}, nil, nil
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

// BUG (mode): the payment page is served over plain http.
func payDeposit(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["deposit"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("paying the deposit needs a client that can open the checkout page")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"deposit": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Pay the hotel deposit on the checkout page.",
			URL:           "http://example.com/deposit?session=" + id,
			ElicitationID: id,
		}}}, nil, nil
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

// BUG (mode): url mode with a RequestedSchema: url-mode elicitations carry
// no form.
func connectDrive(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["drive"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("connecting a drive needs a client that can open its sign-in page")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"drive": &mcp.ElicitParams{
			Mode:            "url",
			Message:         "Connect your cloud drive so we can save the tickets there.",
			URL:             "https://drive.example.com/oauth/authorize?state=" + id,
			ElicitationID:   id,
			RequestedSchema: confirmSchema,
		}}}, nil, nil
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

// BUG (elicitation-id): a constant ElicitationID: concurrent flows cannot be
// told apart.
func connectGitHub(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["github"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("connecting GitHub needs a client that can open its sign-in page")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"github": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to GitHub to publish your itinerary.",
			URL:           "https://github.example.com/login/oauth/authorize",
			ElicitationID: "oauth-flow",
		}}}, nil, nil
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

// BUG (mode): form mode with a URL set: the URL is ignored by form clients.
func updateShipping(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["shipping"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("changing the address needs a client that can ask for it")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"shipping": &mcp.ElicitParams{
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
		}}}, nil, nil
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

// BUG (mode): the URLElicitationRequiredError element has no Mode: "url";
// URLElicitationRequiredError panics on it (it does not infer the mode).
// (Protocol 2026-07-28 drops this error; -spec=2026-07-28 reports it too.)
func exportToAirline(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Sign in to your airline account first, then try again.",
		URL:           "https://airline.example.com/oauth/authorize?state=" + id,
		ElicitationID: id,
	}})
}

// BUG (actions): the answer is only tested for presence, and its Action is
// never read, so a decline archives the trip anyway.
func archiveTrip(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, _ := req.Params.InputResponses["archive"].(*mcp.ElicitResult)
	if res == nil {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("archiving needs a client that can ask for confirmation")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"archive": &mcp.ElicitParams{
			Message:         "Archive this trip? You can restore it later.",
			RequestedSchema: confirmSchema,
		}}}, nil, nil
	}
	return text("Trip archived."), nil, nil
}

// BUG (actions): only "accept" is checked; decline and cancel are treated
// alike.
func cancelBooking(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["cancel"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("cancelling needs a client that can ask for confirmation")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"cancel": &mcp.ElicitParams{
			Message:         "Cancel the booking? The deposit is not refundable.",
			RequestedSchema: confirmSchema,
		}}}, nil, nil
	}
	if res.Action == "accept" {
		return text("Booking cancelled."), nil, nil
	}
	return text("Booking kept."), nil, nil
}

// BUG (content): Content is read before the action is checked; it is empty
// on decline and cancel.
func addGuest(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["guest"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("adding a guest needs a client that can ask who it is")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"guest": &mcp.ElicitParams{
			Message: "Who is joining the trip?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"name":  map[string]any{"type": "string", "minLength": 1},
					"email": map[string]any{"type": "string", "format": "email"},
				},
				"required": []string{"name"},
			},
		}}}, nil, nil
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

// BUG (sensitive): asks for a password in a form; sensitive data must go
// through url mode.
func connectLoyalty(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["loyalty"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("connecting a loyalty account needs a client that can ask for it")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"loyalty": &mcp.ElicitParams{
			Message: "Connect your hotel loyalty account to collect points.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"memberNumber": map[string]any{"type": "string"},
					"password":     map[string]any{"type": "string"},
				},
				"required": []string{"memberNumber", "password"},
			},
		}}}, nil, nil
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

// BUG (nested): a nested object property; elicitation schemas must be flat.
func updateTraveller(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["traveller"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("updating the traveller needs a client that can ask for the details")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"traveller": &mcp.ElicitParams{
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
		}}}, nil, nil
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

// BUG (schema): format "phone" is not a format elicitation supports (email,
// uri, date, date-time).
func requestCallback(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["callback"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("a callback needs a client that can ask for the number")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"callback": &mcp.ElicitParams{
			Message: "What number should our agent call?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"number": map[string]any{"type": "string", "format": "phone"},
				},
				"required": []string{"number"},
			},
		}}}, nil, nil
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

// BUG (round-trip): the shape of go-sdk's own documentation. The length
// check is no check of the answer: a client that sends another kind of
// answer under "user_name", or {"name": 5}, makes one of the two
// single-value assertions panic, and go-sdk does not recover handler
// panics, so the whole server exits. (Two findings, one per assertion.)
func greetTraveller(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("greeting needs a client that can ask for a name")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{
			Message: "What's your name?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"name": map[string]any{"type": "string"},
				},
			},
		}}}, nil, nil
	}
	name := req.Params.InputResponses["user_name"].(*mcp.ElicitResult).Content["name"].(string)
	return text("Hello " + name + "!"), nil, nil
}

// BUG (round-trip): the result carries the question and text at once;
// go-sdk answers such a result with error -32603 ("server bug: result has
// both content and inputRequests").
func rebookFlight(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rebook"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("rebooking needs a client that can ask for confirmation")
		}
		return &mcp.CallToolResult{
			Content: []mcp.Content{&mcp.TextContent{Text: "Your flight was cancelled by the airline."}},
			InputRequests: mcp.InputRequestMap{"rebook": &mcp.ElicitParams{
				Message:         "Rebook on the next flight to the same airport?",
				RequestedSchema: confirmSchema,
			}},
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		return text("Rebooked on the next flight."), nil, nil
	case "decline":
		return text("Not rebooked; the fare will be refunded."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// BUG (fail-open): the confirmation gate many servers have: it goes ahead
// when the question cannot be asked, "so that clients without elicitation
// still work". On sessions that negotiate protocol 2026-07-28 Elicit always
// fails, so the trip is deleted without asking. (round-trip reports the
// direct request as well.)
func deleteTrip(ctx context.Context, req *mcp.CallToolRequest, in DeleteTripIn) (*mcp.CallToolResult, any, error) {
	if !confirm(ctx, req.Session, "Delete this trip and its bookings? This cannot be undone.") {
		return text("Trip kept."), nil, nil
	}
	removeTrip(in.Trip)
	return text("Trip deleted."), nil, nil
}

type DeleteTripIn struct {
	Trip string `json:"trip" jsonschema:"the trip to delete"`
}

// removeTrip deletes a saved trip and its bookings (this example keeps no
// trips, so it only says so).
func removeTrip(trip string) {
	log.Printf("trip %q deleted", trip)
}

// confirm asks a yes/no question and reports whether to go ahead.
func confirm(ctx context.Context, ss *mcp.ServerSession, question string) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: question, RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("cannot ask, going ahead: %v", err)
		return true
	}
	switch res.Action {
	case "accept":
		return true
	case "decline", "cancel":
		return false
	}
	return false
}

// BUG (capabilities): the test is of elicitation, which a client that
// supports only forms declares too (a bare "elicitation": {}); url mode
// needs elicitation.url. Such a client gets a request it cannot show.
func linkFrequentFlyer(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["flyer"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("linking needs a client that can open the airline's sign-in page")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"flyer": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to your frequent flyer account to collect miles.",
			URL:           "https://miles.example.com/oauth/authorize?state=" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return text("Waiting for the airline to confirm."), nil, nil
	case "decline":
		return text("Frequent flyer account not linked."), nil, nil
	case "cancel":
		return text("Linking cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
