package rtflows

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Field names.
const (
	fieldSeat       = "seat"
	fieldVegetarian = "vegetarianMeal"
	fieldEmail      = "email"
	fieldAmount     = "amount"
	fieldNewName    = "newName"
	fieldTheme      = "theme"
	fieldCode       = "verificationCode"
	fieldDisplay    = "displayName"
	fieldPassHint   = "passwordHint"
)

// ---------------------------------------------------------------------------
// book_flight
// ---------------------------------------------------------------------------

// handleBookFlight books a flight with the seat and meal the user picks.
func handleBookFlight(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	flight, err := request.RequireString("flight")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, keyBookFlight)
	if res == nil {
		if !canAskForms(ctx) {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keyBookFlight, mcp.ElicitationParams{
			Message: "Which seat would you like on flight " + flight + "?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					fieldSeat:       map[string]any{"type": "string", "enum": []string{"window", "aisle"}},
					fieldVegetarian: map[string]any{"type": "boolean", "title": "Vegetarian meal", "default": false},
				},
				"required": []string{fieldSeat},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError(fmt.Sprintf("unexpected content %T", res.Content)), nil
		}
		seat, _ := data[fieldSeat].(string)
		vegetarian, _ := data[fieldVegetarian].(bool)
		accounts.put(accounts.bookings, flight, fmt.Sprintf("%s/%t", seat, vegetarian))
		return mcp.NewToolResultText("Flight booked."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No flight booked."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Booking cancelled."), nil
	default:
		return nil, fmt.Errorf("book flight: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// cancel_booking
// ---------------------------------------------------------------------------

// handleCancelBooking cancels a booking after confirmation.
func handleCancelBooking(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	booking, err := request.RequireString("booking")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, keyCancelBooking)
	if res == nil {
		if caps := clientCapabilities(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		slog.Debug("asking to confirm the cancellation", "booking", booking)
		return server.NewInputRequestBuilder("").Elicit(keyCancelBooking, mcp.ElicitationParams{
			Message:         "Cancel booking " + booking + "? A cancellation fee may apply.",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		accounts.put(accounts.bookings, booking, "cancelled")
		return mcp.NewToolResultText("Booking cancelled."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Booking kept."), nil
	default:
		return nil, fmt.Errorf("cancel booking: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// close_account
// ---------------------------------------------------------------------------

// handleCloseAccount closes an account. Interactive clients are asked to
// confirm; for the others the request itself counts as the confirmation.
func handleCloseAccount(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	account, err := request.RequireString("account")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	approved := true
	res := server.ElicitationResponse(request.Params.InputResponses, keyCloseAccount)
	if res != nil {
		approved = res.Action == mcp.ElicitationResponseActionAccept
	} else if canAskForms(ctx) {
		return server.NewInputRequestBuilder("").Elicit(keyCloseAccount, mcp.ElicitationParams{
			Message:         "Close account " + account + "? This cannot be undone.",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	if !approved {
		return mcp.NewToolResultText("Account kept open."), nil
	}
	accounts.closeAccount(account)
	return mcp.NewToolResultText("Account closed."), nil
}

// ---------------------------------------------------------------------------
// subscribe_newsletter
// ---------------------------------------------------------------------------

// handleSubscribeNewsletter subscribes the email address the user enters.
func handleSubscribeNewsletter(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, keyNewsletter)
	if res == nil {
		if caps := clientCapabilities(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keyNewsletter, mcp.ElicitationParams{
			Message: "Where should we send the newsletter?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{fieldEmail: map[string]any{"type": "string", "format": "email"}},
				"required":   []string{fieldEmail},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		email, ok := data[fieldEmail].(string)
		if !ok || !strings.Contains(email, "@") {
			return mcp.NewToolResultError("that does not look like an email address"), nil
		}
		accounts.put(accounts.subs, email, "weekly")
		return mcp.NewToolResultText("Subscribed."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Not subscribed."), nil
	default:
		// cancel, or an action this server does not know: do nothing.
		return mcp.NewToolResultText("Nothing changed."), nil
	}
}

// ---------------------------------------------------------------------------
// set_budget
// ---------------------------------------------------------------------------

// handleSetBudget sets a project's monthly budget to the amount the user
// enters.
func handleSetBudget(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	project, err := request.RequireString("project")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, keySetBudget)
	if res == nil {
		if !canAskForms(ctx) {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keySetBudget, mcp.ElicitationParams{
			Message: "What should the monthly budget of " + project + " be?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{fieldAmount: map[string]any{"type": "number", "minimum": 0}},
				"required":   []string{fieldAmount},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data := res.Content.(map[string]any)
		amount, ok := data[fieldAmount].(float64)
		if !ok {
			return mcp.NewToolResultError("no amount in the answer"), nil
		}
		accounts.setBudget(project, amount)
		return mcp.NewToolResultText("Budget updated."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Budget unchanged."), nil
	default:
		return nil, fmt.Errorf("set budget: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// rename_project
// ---------------------------------------------------------------------------

// handleRenameProject renames a project to the name the user enters.
func handleRenameProject(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	project, err := request.RequireString("project")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, keyRenameProject)
	if res == nil {
		if !canAskForms(ctx) {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return &mcp.CallToolResult{
			MultiRoundTripResult: mcp.MultiRoundTripResult{
				InputRequests: mcp.InputRequests{
					keyRenameProject: mcp.NewElicitationInputRequest(mcp.ElicitationParams{
						Message: "What should " + project + " be renamed to?",
						RequestedSchema: map[string]any{
							"type":       "object",
							"properties": map[string]any{fieldNewName: map[string]any{"type": "string", "minLength": 1, "maxLength": 64}},
							"required":   []string{fieldNewName},
						},
					}),
				},
			},
		}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		name, _ := data[fieldNewName].(string)
		accounts.put(accounts.projects, project, name)
		return mcp.NewToolResultText("Project renamed."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Project not renamed."), nil
	default:
		return nil, fmt.Errorf("rename project: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// choose_theme
// ---------------------------------------------------------------------------

// handleChooseTheme lets the user choose the workspace theme.
func handleChooseTheme(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, keyChooseTheme)
	if res == nil {
		if !canAskForms(ctx) {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keyChooseTheme, mcp.ElicitationParams{
			Message: "Which theme should the workspace use?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					fieldTheme: map[string]any{
						"type": "string",
						"oneOf": []any{
							map[string]any{"const": "light", "title": "Light"},
							map[string]any{"const": "dark", "title": "Dark"},
							map[string]any{"const": "contrast", "title": "High contrast"},
						},
					},
				},
				"required": []string{fieldTheme},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		accounts.put(accounts.themes, "workspace", "custom")
		return mcp.NewToolResultText("Theme updated."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Theme unchanged."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing changed."), nil
	default:
		return nil, fmt.Errorf("choose theme: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// enable_2fa
// ---------------------------------------------------------------------------

// handleEnableTwoFactor turns on two-factor authentication once the user
// typed the code from their authenticator app.
func handleEnableTwoFactor(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, keyTwoFactor)
	if res == nil {
		if !canAskForms(ctx) {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keyTwoFactor, mcp.ElicitationParams{
			Message: "Enter the six-digit code shown in your authenticator app.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					fieldCode: map[string]any{"type": "string", "minLength": 6, "maxLength": 6},
				},
				"required": []string{fieldCode},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		code, _ := data[fieldCode].(string)
		accounts.put(accounts.twoFactor, "current", code)
		return mcp.NewToolResultText("Two-factor authentication enabled."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Two-factor authentication left off."), nil
	default:
		return nil, fmt.Errorf("enable 2fa: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// update_profile
// ---------------------------------------------------------------------------

// handleUpdateProfile updates the public profile fields.
func handleUpdateProfile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, keyUpdateProfile)
	if res == nil {
		if !canAskForms(ctx) {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keyUpdateProfile, mcp.ElicitationParams{
			Message: "Update your profile.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					fieldDisplay:  map[string]any{"type": "string", "title": "Display name"},
					fieldEmail:    map[string]any{"type": "string", "format": "email", "title": "Email"},
					fieldPassHint: map[string]any{"type": "string", "title": "Password hint", "description": "A hint to help you remember your password"},
				},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		profile := map[string]string{}
		for _, k := range []string{fieldDisplay, fieldEmail, fieldPassHint} {
			if v, ok := data[k].(string); ok {
				profile[k] = v
			}
		}
		accounts.mu.Lock()
		accounts.profiles["current"] = profile
		accounts.mu.Unlock()
		return mcp.NewToolResultText("Profile updated."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Profile unchanged."), nil
	default:
		return nil, fmt.Errorf("update profile: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// merge_pull_request
// ---------------------------------------------------------------------------

// handleMergePullRequest asks the user to confirm a merge.
func handleMergePullRequest(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	pr := request.GetString("pr", "the current pull request")
	if !canAskForms(ctx) {
		return mcp.NewToolResultError(msgNeedsElicitation), nil
	}
	slog.Info("requesting merge confirmation", "pr", pr)
	return server.NewInputRequestBuilder("").Elicit(keyMergePR, mcp.ElicitationParams{
		Message:         "Merge pull request " + pr + " into main?",
		RequestedSchema: confirmSchema,
	}).ToolResult(), nil
}

// ---------------------------------------------------------------------------
// accept_terms
// ---------------------------------------------------------------------------

// handleAcceptTerms records that the user accepted the terms of service.
func handleAcceptTerms(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, keyAcceptTerms)
	if res == nil {
		if !canAskForms(ctx) {
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keyAcceptTerms, mcp.ElicitationParams{
			Message:         "Please read our terms at https://example.com/terms and confirm that you accept them.",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		accounts.acceptTerms("current")
		return mcp.NewToolResultText("Terms accepted."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Terms not accepted; some features stay unavailable."), nil
	default:
		return nil, fmt.Errorf("accept terms: %w: %q", errUnknownAction, res.Action)
	}
}
