// Package forms collects account details through round-trip elicitations.
package forms

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// In is the empty tool input.
type In struct{}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func answered(res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		return text("thanks"), nil, nil
	case "decline", "cancel":
		return text("nothing saved"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func noForms() (*mcp.CallToolResult, any, error) {
	return nil, nil, errors.New("this tool needs a client that can ask its user")
}

func Profile(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["profile"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"profile": &mcp.ElicitParams{
		Message: "Tell us about yourself",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"name": map[string]any{"type": "string"},
				"address": map[string]any{
					"type":       "object",
					"properties": map[string]any{"city": map[string]any{"type": "string"}},
				},
			},
		},
	}}}, nil, nil
}

func Labels(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["labels"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"labels": &mcp.ElicitParams{
		Message: "Label the account",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"labels": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			},
		},
	}}}, nil, nil
}

func Interests(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["interests"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"interests": &mcp.ElicitParams{
		Message: "What are you interested in?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"topics": map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": []string{"go", "rust", "zig"}}},
			},
		},
	}}}, nil, nil
}

func Contact(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["contact"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"contact": &mcp.ElicitParams{
		Message: "How can we reach you?",
		RequestedSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"email": {Type: "string", Format: "email"},
			},
			Required: []string{"emial"},
		},
	}}}, nil, nil
}

// Survey is the struct the survey form is derived from.
type Survey struct {
	Score   int    `json:"score"`
	Comment string `json:"comment,omitempty"`
	Team    *int   `json:"team,omitempty"`
}

func SurveyForm(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["survey"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	schema, err := jsonschema.For[Survey](nil)
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"survey": &mcp.ElicitParams{
		Message:         "How did we do?",
		RequestedSchema: schema,
	}}}, nil, nil
}

func ConnectStripe(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["stripe"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"stripe": &mcp.ElicitParams{
		Message: "Connect your Stripe account",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"apiKey": map[string]any{"type": "string", "title": "Stripe API key"},
			},
		},
	}}}, nil, nil
}

func Recovery(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["recovery"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"recovery": &mcp.ElicitParams{
		Message: "Set up account recovery",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"password_hint": map[string]any{"type": "string", "description": "a hint to help you remember your password"},
				"apiKeyName":    map[string]any{"type": "string"},
			},
		},
	}}}, nil, nil
}

func Terms(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["terms"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"terms": &mcp.ElicitParams{
		Message: "Before we continue, please confirm that you have read and understood our terms of service, " +
			"the acceptable use policy, the data processing addendum, the privacy notice and the cookie policy, " +
			"and that you agree to be bound by all of them.",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}}}, nil, nil
}

func Nickname(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["nickname"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"nickname": &mcp.ElicitParams{
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"nick": map[string]any{"type": "string"}}},
	}}}, nil, nil
}

func Privacy(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["privacy"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"privacy": &mcp.ElicitParams{
		Message:         "Read https://acme.example/privacy and confirm",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}}}, nil, nil
}

func Repository(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["repo"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"repo": &mcp.ElicitParams{
		Message:         "Which repository? (e.g. https://github.com/owner/repo)",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"repo": map[string]any{"type": "string", "format": "uri"}}},
	}}}, nil, nil
}

var roomSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"nights": map[string]any{"type": "integer", "minimum": 1},
		"notes":  map[string]any{"type": "string"},
	},
	"required": []string{"nights"},
}

func Room(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["room"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return noForms()
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"room": &mcp.ElicitParams{Message: "Book a room", RequestedSchema: roomSchema}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		nights, ok := res.Content["nights"].(int)
		if !ok {
			return nil, nil, errors.New("how many nights?")
		}
		notes, _ := res.Content["notes"].(string)
		return text(fmt.Sprintf("booked %d nights (%s)", nights, notes)), nil, nil
	case "decline", "cancel":
		return text("no booking"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func Suite(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["suite"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return noForms()
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"suite": &mcp.ElicitParams{Message: "Book a suite", RequestedSchema: roomSchema}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		nights := res.Content["nights"].(float64)
		return text(fmt.Sprintf("suite for %d nights", int(nights))), nil, nil
	case "decline", "cancel":
		return text("no suite"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func CloseAccount(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["close"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return noForms()
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"close": &mcp.ElicitParams{
			Message: "Close your account?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"confirm": map[string]any{"type": "boolean", "title": "Tick to close the account"}},
				"required":   []string{"confirm"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return text("account closed"), nil, nil
	case "decline", "cancel":
		return text("account kept"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func CloseWorkspace(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["close_ws"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return noForms()
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"close_ws": &mcp.ElicitParams{
			Message: "Close the workspace?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
				"required":   []string{"confirm"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if sure, _ := res.Content["confirm"].(bool); !sure {
			return text("box not ticked; workspace kept"), nil, nil
		}
		return text("workspace closed"), nil, nil
	case "decline", "cancel":
		return text("workspace kept"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func LinkGitHub(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["github"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return noForms()
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"github": &mcp.ElicitParams{
		Mode:          "URL",
		Message:       "Connect GitHub",
		URL:           "https://auth.example.com/github?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

func LinkGitLab(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["gitlab"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return noForms()
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gitlab": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect GitLab",
		URL:           "http://auth.example.com/gitlab?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

func LinkLocal(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["local"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return noForms()
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"local": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Open the local dev console",
		URL:           "http://localhost:8080/console?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

func DownloadExport(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["export"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return noForms()
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"export": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Download your export",
		URL:           "https://exports.example.com/e.zip?X-Amz-Expires=300&X-Amz-Signature=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

const oauthFlow = "oauth-flow"

func LinkSlack(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["slack"].(*mcp.ElicitResult); ok {
		return answered(res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return noForms()
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"slack": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect Slack",
		URL:           "https://auth.example.com/slack/start",
		ElicitationID: oauthFlow,
	}}}, nil, nil
}

func RequireLogin(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{Message: "Sign in first", URL: "https://auth.example.com/login?flow=" + id, ElicitationID: id},
	})
}

func RequireBilling(ctx context.Context, req *mcp.CallToolRequest, _ In) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{Mode: "url", Message: "Add a payment method", URL: "https://billing.example.com/setup?flow=" + id, ElicitationID: id},
	})
}

// Register adds the form tools.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "profile"}, Profile)
	mcp.AddTool(s, &mcp.Tool{Name: "labels"}, Labels)
	mcp.AddTool(s, &mcp.Tool{Name: "interests"}, Interests)
	mcp.AddTool(s, &mcp.Tool{Name: "contact"}, Contact)
	mcp.AddTool(s, &mcp.Tool{Name: "survey"}, SurveyForm)
	mcp.AddTool(s, &mcp.Tool{Name: "stripe"}, ConnectStripe)
	mcp.AddTool(s, &mcp.Tool{Name: "recovery"}, Recovery)
	mcp.AddTool(s, &mcp.Tool{Name: "terms"}, Terms)
	mcp.AddTool(s, &mcp.Tool{Name: "nickname"}, Nickname)
	mcp.AddTool(s, &mcp.Tool{Name: "privacy"}, Privacy)
	mcp.AddTool(s, &mcp.Tool{Name: "repo"}, Repository)
	mcp.AddTool(s, &mcp.Tool{Name: "room"}, Room)
	mcp.AddTool(s, &mcp.Tool{Name: "suite"}, Suite)
	mcp.AddTool(s, &mcp.Tool{Name: "close_account"}, CloseAccount)
	mcp.AddTool(s, &mcp.Tool{Name: "close_workspace"}, CloseWorkspace)
	mcp.AddTool(s, &mcp.Tool{Name: "github"}, LinkGitHub)
	mcp.AddTool(s, &mcp.Tool{Name: "gitlab"}, LinkGitLab)
	mcp.AddTool(s, &mcp.Tool{Name: "local"}, LinkLocal)
	mcp.AddTool(s, &mcp.Tool{Name: "export"}, DownloadExport)
	mcp.AddTool(s, &mcp.Tool{Name: "slack"}, LinkSlack)
	mcp.AddTool(s, &mcp.Tool{Name: "login"}, RequireLogin)
	mcp.AddTool(s, &mcp.Tool{Name: "billing"}, RequireBilling)
}
