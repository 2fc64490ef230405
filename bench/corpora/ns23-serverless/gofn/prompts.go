package gofn

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var areaSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"area": map[string]any{"type": "string", "title": "Area", "enum": []string{"billing", "auth", "storage"}},
	},
	"required": []string{"area"},
}

// triagePrompt asks which area to triage and sends the prompt's messages in
// the same result.
func triagePrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["triage_area"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("triage needs a client that can ask its user")
		}
		return &mcp.GetPromptResult{
			Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Triage the incoming issues."}}},
			InputRequests: mcp.InputRequestMap{"triage_area": &mcp.ElicitParams{
				Message:         "Which area should the triage cover?",
				RequestedSchema: areaSchema,
			}},
		}, nil
	}
	switch res.Action {
	case "accept":
		area, _ := res.Content["area"].(string)
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Triage the incoming " + area + " issues."},
		}}}, nil
	case "decline", "cancel":
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Triage the incoming issues."},
		}}}, nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var weekSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"week": map[string]any{"type": "string", "title": "Week", "format": "date"},
	},
	"required": []string{"week"},
}

// weeklyReport asks which week to report on.
func weeklyReport(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["report_week"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the weekly report needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"report_week": &mcp.ElicitParams{
			Message:         "Which week? Give its Monday.",
			RequestedSchema: weekSchema,
		}}}, nil
	}
	switch res.Action {
	case "accept":
		week, _ := res.Content["week"].(string)
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI: req.Params.URI, MIMEType: "text/plain", Text: "report for the week of " + week,
		}}}, nil
	case "decline", "cancel":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI: req.Params.URI, MIMEType: "text/plain", Text: "no week chosen",
		}}}, nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var monthSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"month": map[string]any{"type": "string", "title": "Month", "enum": []string{"2026-01", "2026-02", "2026-03"}},
	},
	"required": []string{"month"},
}

// monthlyReport asks which month to report on, with an empty Contents
// beside its request.
func monthlyReport(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["report_month"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the monthly report needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{
			Contents: []*mcp.ResourceContents{},
			InputRequests: mcp.InputRequestMap{"report_month": &mcp.ElicitParams{
				Message:         "Which month?",
				RequestedSchema: monthSchema,
			}},
		}, nil
	}
	switch res.Action {
	case "accept":
		month, _ := res.Content["month"].(string)
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI: req.Params.URI, MIMEType: "text/plain", Text: "report for " + month,
		}}}, nil
	case "decline", "cancel":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI: req.Params.URI, MIMEType: "text/plain", Text: "no month chosen",
		}}}, nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
