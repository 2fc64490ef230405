package pinned

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/ported/internal/store"
)

// outline is outline() from desk.ts (`const text = (res.content as TextContent).text`).
func outline(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	input := request.GetString("text", "")
	res, err := MCP.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Outline this:\n" + input)}},
		MaxTokens: 400,
	}})
	if err != nil {
		return nil, err
	}
	text := res.Content.(mcp.TextContent)
	return mcp.NewToolResultText(text.Text), nil
}

// collectContact is collectContact() from desk.ts.
func collectContact(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "How can we reach you about this ticket?",
		RequestedSchema: map[string]interface{}{
			"type": "object",
			"properties": map[string]interface{}{
				"name":  map[string]interface{}{"type": "string", "title": "Name"},
				"email": map[string]interface{}{"type": "string", "format": "email", "title": "Email"},
			},
			"required": []string{"name", "email"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]interface{})
		if !ok {
			return mcp.NewToolResultError("unexpected answer"), nil
		}
		name, _ := data["name"].(string)
		email, _ := data["emial"].(string)
		store.Put("contact", name, email)
		return mcp.NewToolResultText("Thanks, " + name + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No contact details saved."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// acknowledge is acknowledge() from desk.ts; the TS SDK accepted a form with no schema.
func acknowledge(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	incident := request.GetString("incident", "")
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Acknowledge incident " + incident + "?",
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		store.Put("ack", incident, "yes")
		return mcp.NewToolResultText("Acknowledged " + incident + "."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Not acknowledged."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// importContacts is importContacts() from desk.ts.
func importContacts(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	source := request.GetString("source", "")
	count := len(strings.Fields(source))
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("Before we import your contacts, please confirm the list below. We keep the names and addresses you choose for as long as your workspace exists, we never share them with other workspaces, and you can delete them at any time from the settings page of the app. Import %d contacts from %s?", count, source),
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		store.Put("import", source, fmt.Sprint(count))
		return mcp.NewToolResultText("Importing."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing imported."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// acceptTerms is acceptTerms() from desk.ts.
func acceptTerms(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Do you accept the terms of service at https://desk.example.com/terms?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		store.Put("terms", "accepted", "v3")
		return mcp.NewToolResultText("Thanks."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The terms were not accepted."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// askRepo is mirrorRepo() from desk.ts.
func askRepo(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Which repository should we mirror? (e.g. https://github.com/owner/repo)",
		RequestedSchema: map[string]interface{}{
			"type":       "object",
			"properties": map[string]interface{}{"repo": map[string]interface{}{"type": "string", "format": "uri", "title": "Repository URL"}},
			"required":   []string{"repo"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]interface{})
		repo, _ := data["repo"].(string)
		if repo == "" {
			return mcp.NewToolResultError("no repository given"), nil
		}
		store.Put("mirror", repo, "queued")
		return mcp.NewToolResultText("Mirroring " + repo + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing mirrored."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// requireLogin is exportReport() from desk.ts: it throws the -32042 error
// until the user has signed in.
func requireLogin(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	if session != nil && store.Has("signed-in", session.SessionID()) {
		return mcp.NewToolResultText("Report exported."), nil
	}
	id := rand.Text()
	return nil, mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{
		Message:       "Sign in to export the report",
		URL:           "https://desk.example.com/login?flow=" + id,
		ElicitationID: id,
	}}}
}

// pickToppings is orderPizza() from desk.ts.
func pickToppings(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Which toppings?",
		RequestedSchema: map[string]interface{}{
			"type": "object",
			"properties": map[string]interface{}{
				"toppings": map[string]interface{}{
					"type":     "array",
					"title":    "Toppings",
					"minItems": 1,
					"items":    map[string]interface{}{"type": "string", "enum": []string{"cheese", "mushroom", "olive", "pepper"}},
				},
			},
			"required": []string{"toppings"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]interface{})
		raw, _ := data["toppings"].([]interface{})
		var toppings []string
		for _, x := range raw {
			if s, ok := x.(string); ok {
				toppings = append(toppings, s)
			}
		}
		store.Put("pizza", strings.Join(toppings, ","), "ordered")
		return mcp.NewToolResultText("Ordered a pizza with " + strings.Join(toppings, ", ") + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No pizza."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// askNights is bookNights() from desk.ts, where the schema was a JSON string.
func askNights(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "How many nights?",
		RequestedSchema: `{"type":"object","properties":{"nights":{"type":"integer","minimum":1}},"required":["nights"]}`,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]interface{})
		nights, _ := data["nights"].(float64)
		store.Put("nights", "desk", fmt.Sprint(int(nights)))
		return mcp.NewToolResultText(fmt.Sprintf("Booked %d nights.", int(nights))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing booked."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
