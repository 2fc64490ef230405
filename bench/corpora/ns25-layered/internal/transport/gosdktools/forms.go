package gosdktools

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns25/layered/internal/adapter/mcpadapter"
	"example.com/ns25/layered/internal/domain"
)

// settle replies to an answer whose content the tool does not need.
func settle(res *mcp.ElicitResult, what string) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		return text(what + ": saved."), nil, nil
	case "decline":
		return text(what + ": declined."), nil, nil
	case "cancel":
		return text(what + ": cancelled."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// ConfigureWebhook asks where to deliver events.
func (t *Tools) ConfigureWebhook(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["webhook_target"].(*mcp.ElicitResult); ok {
		return settle(res, "webhook")
	}
	if !mcpadapter.CanElicit(req) {
		return nil, nil, errNeedsElicitation
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"webhook_target": &mcp.ElicitParams{
		Message: "Where should events for " + in.Target + " go?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"endpoint": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"url":    map[string]any{"type": "string", "format": "uri"},
						"method": map[string]any{"type": "string", "enum": []string{"POST", "PUT"}},
					},
				},
			},
		},
	}}}, nil, nil
}

// StoreSigningSecret asks for the webhook's signing secret.
func (t *Tools) StoreSigningSecret(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["signing_secret"].(*mcp.ElicitResult); ok {
		return settle(res, "signing secret")
	}
	if !mcpadapter.CanElicit(req) {
		return nil, nil, errNeedsElicitation
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"signing_secret": &mcp.ElicitParams{
		Message: "Paste the signing secret of " + in.Target,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"signingSecret": map[string]any{"type": "string", "title": "Webhook signing secret"},
			},
		},
	}}}, nil, nil
}

// LabelSecret asks for a label for an existing secret: a name, not the secret.
func (t *Tools) LabelSecret(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["secret_label"].(*mcp.ElicitResult); ok {
		return settle(res, "secret label")
	}
	if !mcpadapter.CanElicit(req) {
		return nil, nil, errNeedsElicitation
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"secret_label": &mcp.ElicitParams{
		Message: "How should the secret of " + in.Target + " be labelled?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"secretLabel": map[string]any{"type": "string", "title": "A label for your API key"},
			},
		},
	}}}, nil, nil
}

// ScheduleJob asks when to run the job.
func (t *Tools) ScheduleJob(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["job_schedule"].(*mcp.ElicitResult); ok {
		return settle(res, "schedule")
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errNeedsElicitation
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"job_schedule": &mcp.ElicitParams{
		Message: "When should " + in.Target + " run?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"at": map[string]any{"type": "string", "format": "datetime"},
			},
			"required": []string{"at"},
		},
	}}}, nil, nil
}

// ImportCSV asks, the old way, which delimiter the file uses.
func (t *Tools) ImportCSV(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"delimiter": map[string]any{"type": "string", "enum": []string{",", ";", "tab"}}},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		delim, _ := res.Content["delimiter"].(string)
		if err := t.ops.Run(ctx, "import", in.Target+"|"+delim); err != nil {
			return nil, nil, err
		}
		return text("Imported."), nil, nil
	case "decline", "cancel":
		return text("Nothing imported."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// PurgeAll asks, the old way, with the domain's legal wording.
func (t *Tools) PurgeAll(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         domain.PurgePrompt().Message,
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, errors.Join(domain.ErrNotAsked, err)
	}
	switch res.Action {
	case "accept":
		if err := t.ops.Run(ctx, "purge", in.Target); err != nil {
			return nil, nil, err
		}
		return text("Purged."), nil, nil
	case "decline", "cancel":
		return text("Nothing purged."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// ArchiveDirect asks through the adapter's generic elicitor helper.
func (t *Tools) ArchiveDirect(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	res, err := mcpadapter.ElicitOn(ctx, req.Session, "Archive "+in.Target+"?")
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if err := t.deletion.ArchiveProject(ctx, in.Target); err != nil {
			return nil, nil, err
		}
		return text("Archived."), nil, nil
	case "decline", "cancel":
		return text("Not archived."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// IndexWorkspace indexes the client's roots through the adapter.
func (t *Tools) IndexWorkspace(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	roots, err := mcpadapter.ListWorkspaceRoots(ctx, req.Session)
	if err != nil {
		return nil, nil, err
	}
	for _, r := range roots {
		if err := t.ops.Run(ctx, "index", r); err != nil {
			return nil, nil, err
		}
	}
	return text("Indexed."), nil, nil
}

// PurgeLegacy asks directly on older protocols and in the round trip on 2026-07-28.
func (t *Tools) PurgeLegacy(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Purge " + in.Target + "?", RequestedSchema: yesNo})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			if err := t.ops.Run(ctx, "purge-legacy", in.Target); err != nil {
				return nil, nil, err
			}
			return text("Purged."), nil, nil
		case "decline", "cancel":
			return text("Nothing purged."), nil, nil
		}
		return nil, nil, unknownAction(res.Action)
	}
	d, ask := mcpadapter.ConfirmStep(req, "purge_legacy", "Purge "+in.Target+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if d != domain.DecisionApprove {
		return text("Nothing purged."), nil, nil
	}
	if err := t.ops.Run(ctx, "purge-legacy", in.Target); err != nil {
		return nil, nil, err
	}
	return text("Purged."), nil, nil
}
