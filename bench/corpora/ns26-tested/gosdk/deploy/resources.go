package deploy

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var reportSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"period": map[string]any{"type": "string", "enum": []string{"day", "week"}},
	},
	"required": []string{"period"},
}

func ReadReport(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["period"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the report needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{
			"period": &mcp.ElicitParams{Message: "Which period?", RequestedSchema: reportSchema},
		}}, nil
	}
	switch res.Action {
	case "accept":
		period, _ := res.Content["period"].(string)
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "report for " + period}}}, nil
	case "decline", "cancel":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "no report"}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func BriefingPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["audience"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the briefing needs a client that can ask its user")
		}
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{
			"audience": &mcp.ElicitParams{
				Message: "Who is the briefing for?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"audience": map[string]any{"type": "string", "enum": []string{"engineers", "executives"}}},
					"required":   []string{"audience"},
				},
			},
		}}, nil
	}
	switch res.Action {
	case "accept":
		who, _ := res.Content["audience"].(string)
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Brief the " + who}}}}, nil
	case "decline", "cancel":
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Write a general briefing"}}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Status(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["details"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return text(in.Env + " is up"), nil, nil
		}
		return &mcp.CallToolResult{
			Content:       []mcp.Content{&mcp.TextContent{Text: in.Env + " is up"}},
			InputRequests: mcp.InputRequestMap{"details": &mcp.ElicitParams{Message: "Show details too?", RequestedSchema: yesNo}},
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		return text(in.Env + " is up; 3 replicas"), nil, nil
	case "decline", "cancel":
		return text(in.Env + " is up"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) AwaitApproval(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{RequestState: t.Sealer.Seal(in.Env, userOf(req))}, nil, nil
	}
	env, err := t.Sealer.Open(req.Params.RequestState, userOf(req))
	if err != nil {
		return nil, nil, err
	}
	return text("approval for " + env + " recorded"), nil, nil
}
