package flows

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/ported/internal/store"
)

// Book is book() from flows.ts.
func (f *Flows) Book(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	room := request.GetString("room", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "book")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("booking needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("book", mcp.ElicitationParams{
			Message: "How many nights in " + room + "?",
			RequestedSchema: map[string]interface{}{
				"type":       "object",
				"properties": map[string]interface{}{"nights": map[string]interface{}{"type": "integer", "minimum": 1, "maximum": 30}},
				"required":   []string{"nights"},
			},
		}).ToolResult(), nil
	}
	return Handlers{
		OnAccept: func(data map[string]interface{}) (*mcp.CallToolResult, error) {
			nights, ok := data["nights"].(float64)
			if !ok || nights < 1 {
				return mcp.NewToolResultError("the answer had no number of nights"), nil
			}
			store.Put("booking", room, fmt.Sprint(int(nights)))
			return mcp.NewToolResultText(fmt.Sprintf("Booked %s for %d nights.", room, int(nights))), nil
		},
		OnDecline: reply("Nothing booked."),
		OnCancel:  reply("Booking cancelled; ask again any time."),
	}.Run(res)
}

// CancelSubscription is cancelSubscription() from flows.ts, whose
// if/else-if ladder became a tagless switch in the port.
func (f *Flows) CancelSubscription(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	plan := request.GetString("plan", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "cancel_subscription")
	caps := clientCaps(ctx)
	switch {
	case res != nil:
		return Handlers{
			OnAccept: func(map[string]interface{}) (*mcp.CallToolResult, error) {
				store.Remove("subscription", plan)
				return mcp.NewToolResultText("Subscription cancelled."), nil
			},
			OnDecline: reply("Subscription kept."),
			OnCancel:  reply("Nothing changed."),
		}.Run(res)
	case caps == nil || caps.Elicitation == nil:
		return mcp.NewToolResultError("cancelling needs a client that can ask its user; use the billing page instead"), nil
	default:
		return server.NewInputRequestBuilder("").Elicit("cancel_subscription", mcp.ElicitationParams{
			Message:         "Cancel your " + plan + " subscription?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
}

// Login is login() from flows.ts.
func (f *Flows) Login(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "login")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("signing in needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("login", mcp.ElicitationParams{
			Message: "Sign in to the package registry",
			RequestedSchema: map[string]interface{}{
				"type": "object",
				"properties": map[string]interface{}{
					"username":  map[string]interface{}{"type": "string", "title": "Username"},
					"api_token": map[string]interface{}{"type": "string", "title": "Registry API token"},
				},
				"required": []string{"username", "api_token"},
			},
		}).ToolResult(), nil
	}
	return Handlers{
		OnAccept: func(data map[string]interface{}) (*mcp.CallToolResult, error) {
			user, _ := data["username"].(string)
			token, _ := data["api_token"].(string)
			store.Put("registry-token", user, token)
			return mcp.NewToolResultText("Signed in as " + user + "."), nil
		},
		OnDecline: reply("Not signed in."),
		OnCancel:  reply("Sign-in cancelled."),
	}.Run(res)
}

// Pay is pay() from flows.ts.
func (f *Flows) Pay(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "pay")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("pay", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Pay invoice " + invoice,
			URL:     "https://pay.example.com/invoice/" + url.PathEscape(invoice),
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if store.Has("paid", invoice) {
			return mcp.NewToolResultText("Invoice " + invoice + " is paid."), nil
		}
		return mcp.NewToolResultText("Still waiting for the payment provider; call again in a minute."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Invoice " + invoice + " left unpaid."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Profile is profile() from flows.ts: a two-step wizard driven by requestState.
func (f *Flows) Profile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canElicit(ctx) {
		return mcp.NewToolResultError("the profile wizard needs a client that can ask its user"), nil
	}
	user := sessionID(ctx)
	colorQuestion := mcp.ElicitationParams{
		Message: "Pick a theme colour",
		RequestedSchema: map[string]interface{}{
			"type":       "object",
			"properties": map[string]interface{}{"color": map[string]interface{}{"type": "string", "enum": []string{"light", "dark"}}},
			"required":   []string{"color"},
		},
	}
	state := request.Params.RequestState
	if state == "" {
		res := server.ElicitationResponse(request.Params.InputResponses, "profile_name")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("profile_name", mcp.ElicitationParams{
				Message: "What is your display name?",
				RequestedSchema: map[string]interface{}{
					"type":       "object",
					"properties": map[string]interface{}{"name": map[string]interface{}{"type": "string"}},
					"required":   []string{"name"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Profile unchanged."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
		data, _ := res.Content.(map[string]interface{})
		name, _ := data["name"].(string)
		store.Put("profile-name", user, name)
		return server.NewInputRequestBuilder("step-2").Elicit("profile_color", colorQuestion).ToolResult(), nil
	}
	if state == "step=2" {
		res := server.ElicitationResponse(request.Params.InputResponses, "profile_color")
		if res == nil {
			return server.NewInputRequestBuilder(state).Elicit("profile_color", colorQuestion).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]interface{})
			color, _ := data["color"].(string)
			store.Put("profile-color", user, color)
			return mcp.NewToolResultText("Profile saved."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Kept the current colour."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return mcp.NewToolResultError("unknown wizard step"), nil
}

// gate is confirmOrSkip(ctx, key, message) from flows.ts: clients that cannot
// be asked were never asked in the TS server either.
func (f *Flows) gate(ctx context.Context, request mcp.CallToolRequest, key, message string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		if !canElicit(ctx) {
			return true, nil
		}
		return false, server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{Message: message, RequestedSchema: yesNo}).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, nil
	}
}

// Purge is purge() from flows.ts.
func (f *Flows) Purge(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, ask := f.gate(ctx, request, "purge", "Purge every cached artifact?")
	if ask != nil {
		return ask, nil
	}
	if !ok {
		return mcp.NewToolResultText("Artifacts kept."), nil
	}
	store.Clear("artifacts")
	return mcp.NewToolResultText("Artifacts purged."), nil
}

// Unsubscribe is unsubscribe() from flows.ts.
func (f *Flows) Unsubscribe(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := sessionID(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, "unsubscribe")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("unsubscribing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("unsubscribe", mcp.ElicitationParams{
			Message: "Stop the weekly digest?",
			RequestedSchema: map[string]interface{}{
				"type": "object",
				"properties": map[string]interface{}{
					"confirm": map[string]interface{}{"type": "boolean", "title": "Yes, stop sending it"},
				},
				"required": []string{"confirm"},
			},
		}).ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		store.Remove("digest", user)
		return mcp.NewToolResultText("Unsubscribed."), nil
	} else if res.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText("Still subscribed."), nil
	} else if res.Action == mcp.ElicitationResponseActionCancel {
		return mcp.NewToolResultText("Nothing changed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Escalate is escalate() from flows.ts; the result was built by hand like the TS object literal.
func (f *Flows) Escalate(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	incident := request.GetString("incident", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "escalate")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("escalating needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{
			MultiRoundTripResult: mcp.MultiRoundTripResult{
				InputRequests: mcp.InputRequests{
					"escalate": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
						Message:         "Page the on-call engineer about " + incident + "?",
						RequestedSchema: yesNo,
					}),
				},
			},
		}, nil
	}
	return Handlers{
		OnAccept: func(map[string]interface{}) (*mcp.CallToolResult, error) {
			store.Put("page", incident, "sent")
			return mcp.NewToolResultText("Paged the on-call engineer."), nil
		},
		OnDecline: reply("Not escalated."),
		OnCancel:  reply("Nothing sent."),
	}.Run(res)
}

// Transfer is transfer() from flows.ts; the state is sealed with AES-GCM and
// bound to the session and an expiry.
func (f *Flows) Transfer(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	to := request.GetString("to", "")
	amount := request.GetFloat("amount", 0)
	res := server.ElicitationResponse(request.Params.InputResponses, "transfer")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("transfers need a client that can ask its user"), nil
		}
		state, err := f.seal(transferState{To: to, Amount: amount, Session: sessionID(ctx), Expires: time.Now().Add(5 * time.Minute).Unix()})
		if err != nil {
			return nil, err
		}
		return server.NewInputRequestBuilder(state).Elicit("transfer", mcp.ElicitationParams{
			Message:         fmt.Sprintf("Send %.2f to %s?", amount, to),
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		st, err := f.open(request.Params.RequestState)
		if err != nil || st.Session != sessionID(ctx) || st.Expires < time.Now().Unix() {
			return mcp.NewToolResultError("this confirmation is not valid"), nil
		}
		store.Put("transfer", st.To, fmt.Sprintf("%.2f", st.Amount))
		return mcp.NewToolResultText(fmt.Sprintf("Sent %.2f to %s.", st.Amount, st.To)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing sent."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Refund is refund() from flows.ts; the state "protects" the order with a hash.
func (f *Flows) Refund(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	sum := sha256.Sum256([]byte(order))
	digest := hex.EncodeToString(sum[:]) // the TS code's hash(order)
	res := server.ElicitationResponse(request.Params.InputResponses, "refund")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("refunds need a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder(digest).Elicit("refund", mcp.ElicitationParams{
			Message:         "Refund order " + order + "?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if request.Params.RequestState != digest {
			return mcp.NewToolResultError("the confirmation does not match this order"), nil
		}
		store.Put("refund", order, "issued")
		return mcp.NewToolResultText("Refund issued for " + order + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No refund."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Reschedule is reschedule() from flows.ts; the state only remembers that we
// asked already, to word the question differently.
func (f *Flows) Reschedule(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	when := request.GetString("when", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "reschedule")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("rescheduling needs a client that can ask its user"), nil
		}
		msg := "Move the meeting to " + when + "?"
		if request.Params.RequestState == "asked" {
			msg = "Please answer: move the meeting to " + when + "?"
		}
		return server.NewInputRequestBuilder("asked").Elicit("reschedule", mcp.ElicitationParams{
			Message:         msg,
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	return Handlers{
		OnAccept: func(map[string]interface{}) (*mcp.CallToolResult, error) {
			store.Put("meeting", sessionID(ctx), when)
			return mcp.NewToolResultText("Meeting moved to " + when + "."), nil
		},
		OnDecline: reply("Meeting stays where it is."),
		OnCancel:  reply("Nothing changed."),
	}.Run(res)
}

// StandupPrompt is the "standup" prompt from flows.ts.
func (f *Flows) StandupPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	generic := mcp.NewGetPromptResult("Stand-up", []mcp.PromptMessage{
		mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("Write a short stand-up summary of yesterday's work.")),
	})
	res := server.ElicitationResponse(request.Params.InputResponses, "standup_team")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return generic, nil
		}
		return server.NewInputRequestBuilder("").Elicit("standup_team", mcp.ElicitationParams{
			Message: "Which team is this stand-up for?",
			RequestedSchema: map[string]interface{}{
				"type":       "object",
				"properties": map[string]interface{}{"team": map[string]interface{}{"type": "string", "enum": []string{"platform", "payments", "growth"}}},
				"required":   []string{"team"},
			},
		}).PromptResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]interface{})
		team, _ := data["team"].(string)
		return mcp.NewGetPromptResult("Stand-up for "+team, []mcp.PromptMessage{
			mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("Write a short stand-up summary for the "+team+" team.")),
		}), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return generic, nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
