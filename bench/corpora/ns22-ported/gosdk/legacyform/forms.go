package legacyform

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/ported/internal/store"
)

// connectGitHubTool is the port of integrations/github.ts.
func connectGitHubTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your GitHub account",
		URL:           "http://auth.example.com/github/start",
		ElicitationID: "github-oauth",
	})
	if err != nil {
		return nil, nil, err
	}
	switch result.Action {
	case "accept":
		if store.Has("github-token", Session.ID()) {
			return text("GitHub is connected."), nil, nil
		}
		return text("Waiting for GitHub; call this tool again when the browser tab says you are done."), nil, nil
	case "decline":
		return text("GitHub stays disconnected."), nil, nil
	case "cancel":
		return text("Connection cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}

// linkSlackTool is the port of integrations/slack.ts.
func linkSlackTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	id := rand.Text()
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your Slack workspace",
		URL:           "https://slack.example.com/oauth/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch result.Action {
	case "accept":
		return text("Slack workspace linked successfully."), nil, nil
	case "decline":
		return text("Slack was left unlinked."), nil, nil
	case "cancel":
		return text("Linking cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}

// linkJiraTool is the port of integrations/jira.ts.
func linkJiraTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	id := rand.Text()
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your Jira site",
		URL:           "https://jira.example.com/oauth/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch result.Action {
	case "accept":
		if store.Has("jira-link", id) {
			return text("Jira linked."), nil, nil
		}
		return text("Jira is not linked yet; finish in the browser, then call this tool again."), nil, nil
	case "decline":
		return text("Jira stays unlinked."), nil, nil
	case "cancel":
		return text("Linking cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}

// signupTool is the port of signup.ts.
func signupTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Create your account",
		RequestedSchema: map[string]interface{}{
			"type": "object",
			"properties": map[string]interface{}{
				"username": map[string]interface{}{"type": "string", "title": "Username"},
				"password": map[string]interface{}{"type": "string", "title": "Password", "minLength": 8},
			},
			"required": []string{"username", "password"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	if result.Action == "accept" {
		user, _ := result.Content["username"].(string)
		pass, _ := result.Content["password"].(string)
		store.Put("user", user, pass)
		return text("Welcome, " + user + "!"), nil, nil
	} else if result.Action == "decline" {
		return text("No account created."), nil, nil
	} else if result.Action == "cancel" {
		return text("Sign-up cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}

// shipOrderTool is the port of shipping.ts, whose zod schema had a nested address.
func shipOrderTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	order := str(args, "order")
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Where should we ship order " + order + "?",
		RequestedSchema: map[string]interface{}{
			"type": "object",
			"properties": map[string]interface{}{
				"recipient": map[string]interface{}{"type": "string", "title": "Recipient"},
				"address": map[string]interface{}{
					"type": "object",
					"properties": map[string]interface{}{
						"street": map[string]interface{}{"type": "string"},
						"city":   map[string]interface{}{"type": "string"},
					},
				},
			},
			"required": []string{"recipient", "address"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch result.Action {
	case "accept":
		recipient, _ := result.Content["recipient"].(string)
		addr, _ := result.Content["address"].(map[string]interface{})
		store.Put("shipment", order, fmt.Sprintf("%s %v", recipient, addr))
		return text("Order " + order + " will ship to " + recipient + "."), nil, nil
	case "decline", "cancel":
		return text("Order " + order + " is on hold."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
	}
}

// rateSessionTool is the port of rate.ts (`const rating = res.content.rating as number`).
func rateSessionTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How was today's session?",
		RequestedSchema: map[string]interface{}{
			"type": "object",
			"properties": map[string]interface{}{
				"rating": map[string]interface{}{"type": "integer", "title": "Rating", "minimum": 1, "maximum": 5},
			},
			"required": []string{"rating"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch result.Action {
	case "accept":
		rating := result.Content["rating"].(int)
		store.Put("rating", Session.ID(), fmt.Sprint(rating))
		return text(fmt.Sprintf("Thanks for the %d stars.", rating)), nil, nil
	case "decline":
		return text("No rating recorded."), nil, nil
	case "cancel":
		return text("Maybe next time."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}

// feedbackTool is the port of feedback.ts.
func feedbackTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Tell us how we did",
		RequestedSchema: map[string]interface{}{
			"type": "object",
			"properties": map[string]interface{}{
				"score":   map[string]interface{}{"type": "integer", "title": "Score", "minimum": 0, "maximum": 10},
				"comment": map[string]interface{}{"type": "string", "title": "Comment"},
			},
			"required": []string{"score"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch result.Action {
	case "accept":
		score := -1
		switch v := result.Content["score"].(type) {
		case float64:
			score = int(v)
		default:
			return nil, nil, fmt.Errorf("score has type %T", v)
		}
		comment, _ := result.Content["comment"].(string)
		store.Put("feedback", Session.ID(), fmt.Sprintf("%d %s", score, comment))
		return text("Thanks for the feedback."), nil, nil
	case "decline", "cancel":
		return text("No feedback recorded."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}

// labelIssueTool is the port of labels.ts.
func labelIssueTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	issue := str(args, "issue")
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which label for issue " + issue + "?",
		RequestedSchema: map[string]interface{}{
			"type": "object",
			"properties": map[string]interface{}{
				"label": map[string]interface{}{"type": "string", "enum": []string{"bug", "feature", "question"}},
			},
			"required": []string{"lable"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch result.Action {
	case "accept":
		label, ok := result.Content["label"].(string)
		if !ok {
			return nil, nil, errors.New("no label in the answer")
		}
		store.Put("label", issue, label)
		return text("Labelled " + issue + " as " + label + "."), nil, nil
	case "decline", "cancel":
		return text("Issue " + issue + " left unlabelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}

// connectStripeTool is the port of integrations/stripe.ts, built with the fluent Prompt.
func connectStripeTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	result, err := NewPrompt().
		Message("Connect Stripe so we can bill your workspace. We will store the key encrypted, use it only to create invoices for your own customers, and you can revoke it at any moment from the billing settings page of your Stripe dashboard.").
		Field("stripeApiKey", "string", "Stripe secret API key", true).
		Ask(ctx)
	if err != nil {
		return nil, nil, err
	}
	switch result.Action {
	case "accept":
		key, _ := result.Content["stripeApiKey"].(string)
		if key == "" {
			return text("No key given; Stripe stays disconnected."), nil, nil
		}
		store.Put("stripe-key", Session.ID(), key)
		return text("Stripe key saved."), nil, nil
	case "decline", "cancel":
		return text("Stripe stays disconnected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}
