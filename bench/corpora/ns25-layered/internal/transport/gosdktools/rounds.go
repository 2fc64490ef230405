package gosdktools

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns25/layered/internal/adapter/mcpadapter"
)

// EnvIn is the input of the deploy tools.
type EnvIn struct {
	Env string `json:"env"`
}

// Deploy keeps the target environment in plain RequestState.
func (t *Tools) Deploy(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["deploy_env"].(*mcp.ElicitResult)
	if !ok {
		if !mcpadapter.CanElicit(req) {
			return nil, nil, errNeedsElicitation
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"deploy_env": &mcp.ElicitParams{Message: "Deploy to " + in.Env + "?", RequestedSchema: yesNo}},
			RequestState:  "env=" + in.Env,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		env := strings.TrimPrefix(req.Params.RequestState, "env=")
		if err := t.ops.Run(ctx, "deploy", env); err != nil {
			return nil, nil, err
		}
		return text("Deployed to " + env + "."), nil, nil
	case "decline", "cancel":
		return text("Nothing deployed."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

func userOf(req *mcp.CallToolRequest) string {
	if req.Session == nil {
		return ""
	}
	return req.Session.ID()
}

// DeploySealed keeps the environment in state sealed by the adapter's HMAC.
func (t *Tools) DeploySealed(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["deploy_sealed"].(*mcp.ElicitResult)
	if !ok {
		if !mcpadapter.CanElicit(req) {
			return nil, nil, errNeedsElicitation
		}
		state, err := t.sealer.Seal(mcpadapter.StatePayload{Env: in.Env, User: userOf(req), Expires: time.Now().Add(10 * time.Minute).Unix()})
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"deploy_sealed": &mcp.ElicitParams{Message: "Deploy to " + in.Env + "?", RequestedSchema: yesNo}},
			RequestState:  "v1." + state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		st, err := t.sealer.Open(strings.TrimPrefix(req.Params.RequestState, "v1."))
		if err != nil || st.User != userOf(req) {
			return nil, nil, errors.New("the confirmation is not valid here")
		}
		if err := t.ops.Run(ctx, "deploy", st.Env); err != nil {
			return nil, nil, err
		}
		return text("Deployed to " + st.Env + "."), nil, nil
	case "decline", "cancel":
		return text("Nothing deployed."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// SizeIn is the input of Resize.
type SizeIn struct {
	Cluster string `json:"cluster"`
	Size    string `json:"size"`
}

// Resize keeps the size in state "checked" by the adapter's first helper.
func (t *Tools) Resize(ctx context.Context, req *mcp.CallToolRequest, in SizeIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["resize_cluster"].(*mcp.ElicitResult)
	if !ok {
		if !mcpadapter.CanElicit(req) {
			return nil, nil, errNeedsElicitation
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"resize_cluster": &mcp.ElicitParams{Message: "Resize " + in.Cluster + " to " + in.Size + "?", RequestedSchema: yesNo}},
			RequestState:  "size=" + in.Size + ";ok",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		state := req.Params.RequestState
		if !mcpadapter.WeakStateCheck(state) {
			return nil, nil, errors.New("invalid request state")
		}
		size := strings.TrimSuffix(strings.TrimPrefix(state, "size="), ";ok")
		if err := t.ops.Run(ctx, "resize", in.Cluster+"="+size); err != nil {
			return nil, nil, err
		}
		return text("Resized."), nil, nil
	case "decline", "cancel":
		return text("Size kept."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

var sourceParams = &mcp.ElicitParams{
	Message: "Which database should be migrated?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"source": map[string]any{"type": "string"}},
		"required":   []string{"source"},
	},
}

// Migrate asks in steps selected by RequestState.
func (t *Tools) Migrate(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if !mcpadapter.CanElicit(req) {
		return nil, nil, errNeedsElicitation
	}
	switch req.Params.RequestState {
	case "":
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"migrate_source": sourceParams},
			RequestState:  "step=1",
		}, nil, nil
	case "step-1":
		res, ok := req.Params.InputResponses["migrate_source"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"migrate_source": sourceParams},
				RequestState:  req.Params.RequestState,
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			src, _ := res.Content["source"].(string)
			return text("Migration source noted: " + src), nil, nil
		case "decline", "cancel":
			return text("No migration."), nil, nil
		}
		return nil, nil, unknownAction(res.Action)
	}
	return nil, nil, errors.New("unexpected request state")
}

// Greet asks the client's model for a greeting.
func (t *Tools) Greet(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["greeting"].(*mcp.CreateMessageResult); ok {
		if tc, ok := res.Content.(*mcp.TextContent); ok {
			return text(tc.Text), nil, nil
		}
		return text("Hello!"), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
		return text("Hello, " + in.Target + "!"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"greeting": &mcp.CreateMessageParams{
		MaxTokens: 50,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Greet " + in.Target}}},
	}}}, nil, nil
}

// Summarize asks the client's model for a summary, read as go-sdk delivers it.
func (t *Tools) Summarize(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["summary"].(*mcp.CreateMessageWithToolsResult); ok {
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				return text(tc.Text), nil, nil
			}
		}
		return nil, nil, errors.New("the model returned no text")
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
		return nil, nil, errors.New("summarising needs a client that can sample")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"summary": &mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarise " + in.Target}}},
	}}}, nil, nil
}

// ListProjectRoots asks for the client's roots.
func (t *Tools) ListProjectRoots(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["project_roots"].(*mcp.ListRootsResult); ok {
		var uris []string
		for _, r := range res.Roots {
			uris = append(uris, r.URI)
		}
		return text(strings.Join(uris, "\n")), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"project_roots": &mcp.ListRootsParams{}}}, nil, nil
}

// Reindex asks before rebuilding the search index.
func (t *Tools) Reindex(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errNeedsElicitation
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"reindex": &mcp.ElicitParams{Message: "Rebuild the index of " + in.Target + "?", RequestedSchema: yesNo},
	}}, nil, nil
}

// ExportData exports once the call carries answers.
func (t *Tools) ExportData(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		if err := t.ops.Run(ctx, "export", in.Target); err != nil {
			return nil, nil, err
		}
		return text("Exported."), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errNeedsElicitation
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"export_data": &mcp.ElicitParams{Message: "Export all data of " + in.Target + "?", RequestedSchema: yesNo},
	}}, nil, nil
}

// ResetTokens asks once, and fails when the retry brings no answer.
func (t *Tools) ResetTokens(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["reset_tokens"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState == "" {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errNeedsElicitation
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"reset_tokens": &mcp.ElicitParams{Message: "Revoke every access token of " + in.Target + "?", RequestedSchema: yesNo}},
				RequestState:  "asked",
			}, nil, nil
		}
		return nil, nil, errors.New("no confirmation received")
	}
	switch res.Action {
	case "accept":
		if err := t.ops.Run(ctx, "reset-tokens", in.Target); err != nil {
			return nil, nil, err
		}
		return text("Tokens revoked."), nil, nil
	case "decline", "cancel":
		return text("Tokens kept."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// InviteGuest trusts what the session declared at initialize.
func (t *Tools) InviteGuest(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["guest_name"].(*mcp.ElicitResult)
	if !ok {
		if !t.caps.CachedCanAsk(userOf(req)) {
			return nil, nil, errNeedsElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"guest_name": &mcp.ElicitParams{
			Message: "Guest's name?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"name": map[string]any{"type": "string"}},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		name, _ := res.Content["name"].(string)
		if err := t.ops.Run(ctx, "invite-guest", in.Target+":"+name); err != nil {
			return nil, nil, err
		}
		return text("Guest invited."), nil, nil
	case "decline", "cancel":
		return text("No guest invited."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// ReviewPrompt asks for the scope of a review, and sends the prompt with it.
func (t *Tools) ReviewPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if res, ok := req.Params.InputResponses["review_scope"].(*mcp.ElicitResult); ok {
		scope := "everything"
		switch res.Action {
		case "accept":
			if s, ok := res.Content["scope"].(string); ok {
				scope = s
			}
		case "decline", "cancel":
			return nil, errors.New("no review scope chosen")
		default:
			return nil, unknownAction(res.Action)
		}
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Review " + scope + "."}}}}, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, errNeedsElicitation
	}
	return &mcp.GetPromptResult{
		Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Review the change."}}},
		InputRequests: mcp.InputRequestMap{"review_scope": &mcp.ElicitParams{
			Message: "What should the review cover?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"scope": map[string]any{"type": "string", "enum": []string{"tests", "docs", "code"}}},
			},
		}},
	}, nil
}

// ReportResource asks which period the report covers.
func (t *Tools) ReportResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	if res, ok := req.Params.InputResponses["report_period"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			period, _ := res.Content["period"].(string)
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "report for " + period}}}, nil
		case "decline", "cancel":
			return nil, errors.New("no period chosen")
		}
		return nil, unknownAction(res.Action)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, errNeedsElicitation
	}
	return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"report_period": &mcp.ElicitParams{
		Message: "Which period?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"period": map[string]any{"type": "string", "enum": []string{"week", "month"}}},
		},
	}}}, nil
}
