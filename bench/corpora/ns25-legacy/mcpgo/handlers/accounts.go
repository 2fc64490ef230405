package handlers

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"sync"

	"example.com/ns25/legacy/mcpgo/elicit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// linked records finished url-mode flows (the callback writes it).
var linked sync.Map

// MarkLinked is called by the OAuth callback.
func MarkLinked(id string) { linked.Store(id, true) }

// LoginForm asks for the legacy VPN credentials in a form.
func LoginForm(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Log in to the legacy VPN",
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
		return mcp.NewToolResultText("Connected to the VPN."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not connected."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// LoginHint only asks for things that describe the account.
func LoginHint(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Which account should the reset go to?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"username":      map[string]any{"type": "string"},
					"email":         map[string]any{"type": "string", "format": "email"},
					"password_hint": map[string]any{"type": "string", "description": "A hint to help you remember your password"},
				},
				"required": []string{"username"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		user, _ := data["username"].(string)
		return mcp.NewToolResultText("Reset link sent to " + user + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No reset."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// CardPayment takes the card in a hand-written raw JSON form.
func CardPayment(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Pay for the extra seats",
			RequestedSchema: json.RawMessage(`{
				"type": "object",
				"properties": {
					"holder": {"type": "string", "title": "Card holder"},
					"cardNumber": {"type": "string", "title": "Card number"}
				},
				"required": ["holder", "cardNumber"]
			}`),
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Payment submitted."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No payment."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// RememberDevice asks a yes/no about storing the login on this device.
func RememberDevice(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Stay signed in on this device?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"remember_password": map[string]any{"type": "boolean", "title": "Remember password"},
				},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		if remember, _ := data["remember_password"].(bool); remember {
			return mcp.NewToolResultText("Remembered."), nil
		}
		return mcp.NewToolResultText("You will be asked next time."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing stored."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConfigureAlerts keeps its schema as raw JSON (edited by hand, by ops).
func ConfigureAlerts(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Alert thresholds",
			RequestedSchema: json.RawMessage(`{
				"type": "object",
				"properties": {
					"cpu": {"type": "integer", "minimum": 1, "maximum": 100},
					"disk": {"type": "integer", "minimum": 1, "maximum": 100},
				}
			}`),
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Thresholds saved."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Thresholds unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConfigureAlertsString is the first version, with the schema as a Go string.
func ConfigureAlertsString(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message:         "Alert thresholds",
			RequestedSchema: `{"type":"object","properties":{"cpu":{"type":"integer","minimum":1,"maximum":100}}}`,
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Thresholds saved."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Thresholds unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// SetPriority defaults to a priority the enum no longer has.
func SetPriority(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Priority of the incident?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"priority": map[string]any{"type": "string", "enum": []string{"p1", "p2", "p3"}, "default": "p4"},
				},
				"required": []string{"priority"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		p, _ := data["priority"].(string)
		return mcp.NewToolResultText("Priority " + p + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Priority unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ChooseTags offers fixed choices as a multi-select.
func ChooseTags(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Tag the incident",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"tags": map[string]any{
						"type":  "array",
						"items": map[string]any{"type": "string", "enum": []string{"network", "database", "deploy"}},
					},
				},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		tags, _ := data["tags"].([]any)
		return mcp.NewToolResultText(fmt.Sprintf("Tagged %v.", tags)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No tags."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ChooseLabels asks for any number of free-form labels.
func ChooseLabels(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Label the incident",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"labels": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
				},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		labels, _ := data["labels"].([]any)
		return mcp.NewToolResultText(fmt.Sprintf("Labelled %v.", labels)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No labels."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// AssignOwner reuses the person definition of the API schema.
func AssignOwner(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Who owns the follow-up?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"owner": map[string]any{"type": "string", "$ref": "https://schemas.example.com/person.json"},
				},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Owner assigned."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No owner."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectSheets links the spreadsheet export through elicit.OpenURL.
func ConnectSheets(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.OpenURL(ctx, "sheets-flow", "https://auth.example.com/sheets/start", "Connect Google Sheets")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if _, ok := linked.Load("sheets-flow"); ok {
			return mcp.NewToolResultText("Sheets linked."), nil
		}
		return mcp.NewToolResultText("Waiting for Google."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Sheets not linked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectCalendar checks that the client can elicit before sending it to
// the calendar's consent page.
func ConnectCalendar(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	if !ok || session.GetClientCapabilities().Elicitation == nil {
		return mcp.NewToolResultError("Connect the calendar at https://cal.example.com/connect first."), nil
	}
	id := rand.Text()
	res, err := elicit.Server().RequestURLElicitation(ctx, session, id,
		"https://cal.example.com/connect?flow="+id, "Connect your calendar")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if _, ok := linked.Load(id); ok {
			return mcp.NewToolResultText("Calendar linked."), nil
		}
		return mcp.NewToolResultText("Waiting for the calendar."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Calendar not linked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// RequireSignIn answers -32042 with the sign-in page.
func RequireSignIn(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := linked.Load(request.GetString("account", "")); ok {
		return mcp.NewToolResultText("Already signed in."), nil
	}
	id := rand.Text()
	return nil, mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{
		Message:       "Sign in to continue",
		URL:           "https://auth.example.com/login?flow=" + id,
		ElicitationID: id,
	}}}
}

// ConnectZoom takes the accept for a finished install.
func ConnectZoom(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := elicit.Server().RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"https://zoom-install.example.com/start?flow="+id, "Install the Zoom app")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Zoom connected successfully."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Zoom not installed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// PickPlan links the pricing page from a form.
func PickPlan(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeForm,
			Message: "Which plan? Prices are on the pricing page.",
			URL:     "https://pricing.example.com",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"plan": map[string]any{"type": "string", "enum": []string{"team", "business"}},
				},
				"required": []string{"plan"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		plan, _ := data["plan"].(string)
		return mcp.NewToolResultText("Switched to " + plan + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Plan unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectNotion builds the url-mode params by hand and forgets the ID.
func ConnectNotion(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Connect Notion",
			URL:     "https://auth.example.com/notion/start",
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if _, ok := linked.Load("notion"); ok {
			return mcp.NewToolResultText("Notion linked."), nil
		}
		return mcp.NewToolResultText("Waiting for Notion."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Notion not linked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
