package migrations

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	"example.com/ns26/longrun/jobkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var targetSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"target": map[string]any{"type": "string", "enum": []string{"staging", "production"}, "title": "Database"},
	},
	"required": []string{"target"},
}

func migrateStepMachine(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	state := req.Params.RequestState
	caps := req.ClientCapabilities()
	canAsk := caps != nil && caps.Elicitation != nil
	switch {
	case state == "":
		if !canAsk {
			return nil, nil, errors.New("this migration needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"target": &mcp.ElicitParams{Message: "Which database should " + in.Name + " migrate?", RequestedSchema: targetSchema}},
			RequestState:  "step=1",
		}, nil, nil
	case state == "round=1":
		res, ok := req.Params.InputResponses["target"].(*mcp.ElicitResult)
		if !ok {
			if !canAsk {
				return nil, nil, errors.New("this migration needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"target": &mcp.ElicitParams{Message: "Which database should " + in.Name + " migrate?", RequestedSchema: targetSchema}},
				RequestState:  state,
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			target, _ := res.Content["target"].(string)
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"go_ahead": &mcp.ElicitParams{Message: "Migrate " + target + " now?", RequestedSchema: confirmSchema}},
				RequestState:  "round=2;target=" + target,
			}, nil, nil
		case "decline", "cancel":
			return textResult("no target chosen"), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	case strings.HasPrefix(state, "round=2;target="):
		res, ok := req.Params.InputResponses["go_ahead"].(*mcp.ElicitResult)
		if !ok {
			if !canAsk {
				return nil, nil, errors.New("this migration needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"go_ahead": &mcp.ElicitParams{Message: "Migrate now?", RequestedSchema: confirmSchema}},
				RequestState:  state,
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			target := strings.TrimPrefix(state, "round=2;target=")
			return textResult("started " + startMigration(in.Name+"@"+target, 0, false)), nil, nil
		case "decline", "cancel":
			return textResult("not migrated"), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return nil, nil, errors.New("unknown step")
}

func migrateStateOnly(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	id := startMigration(in.Name, 0, true)
	return &mcp.CallToolResult{RequestState: id}, nil, nil
}

func migrateSamplingWrongType(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["summary"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return textResult("no summary: the client cannot sample"), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"summary": &mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarize migration " + in.Name}}},
		}}}, nil, nil
	}
	text, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return textResult("the model answered without text"), nil, nil
	}
	return textResult(text.Text), nil, nil
}

func migrateViaDirect(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Migrate " + in.Name + " directly?", RequestedSchema: confirmSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("started " + startMigration(in.Name, 0, false)), nil, nil
	case "decline", "cancel":
		return textResult("not migrated"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func migrateURLApproval(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["approval"].(*mcp.ElicitResult)
	if !ok {
		caps := req.ClientCapabilities()
		if caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("approval needs a client that can open a URL")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approval": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Ask a database owner to approve " + in.Name,
			URL:           "https://approvals.example.com/migrations/" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("the approval request is open; the migration starts after sign-off"), nil, nil
	case "decline", "cancel":
		return textResult("no approval requested"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func migrateURLAcceptDone(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["signoff"].(*mcp.ElicitResult)
	if !ok {
		caps := req.ClientCapabilities()
		if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("sign-off needs a client that can open a URL")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"signoff": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign off migration " + in.Name,
			URL:           "https://approvals.example.com/signoff/" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("Sign-off complete: migration " + in.Name + " approved"), nil, nil
	case "decline", "cancel":
		return textResult("not signed off"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func migrateSealedResume(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, answered := jobkit.Answer(req, "sealed_confirm")
	if !answered {
		if !jobkit.CanElicit(req) {
			return nil, nil, errors.New("resuming needs a client that can ask its user")
		}
		state, err := jobkit.SealState(stateKey, jobkit.JobState{JobID: in.Name, Offset: 1200, User: req.Session.ID(), Expires: time.Now().Add(10 * time.Minute).Unix()})
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"sealed_confirm": &mcp.ElicitParams{Message: "Resume " + in.Name + " from row 1200?", RequestedSchema: confirmSchema}},
			RequestState:  state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		st, err := jobkit.OpenState(stateKey, req.Params.RequestState)
		if err != nil {
			return nil, nil, err
		}
		if st.JobID != in.Name {
			return nil, nil, errors.New("the state belongs to another migration")
		}
		return textResult("resumed as " + startMigration(st.JobID, st.Offset, false)), nil, nil
	case "decline", "cancel":
		return textResult("not resumed"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func migrateSuffixCheck(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["signed_confirm"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("this migration needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"signed_confirm": &mcp.ElicitParams{Message: "Run signed migration " + in.Name + "?", RequestedSchema: confirmSchema}},
			RequestState:  in.Name + "-signed",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		state := req.Params.RequestState
		if !strings.HasSuffix(state, "-signed") {
			return nil, nil, errors.New("unsigned state")
		}
		name := strings.TrimSuffix(state, "-signed")
		return textResult("started " + startMigration(name, 0, false)), nil, nil
	case "decline", "cancel":
		return textResult("not run"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func migrateWithGate(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	ok, ask := jobkit.ConfirmRoundTrip(req, "gate_confirm", "Run gated migration "+in.Name+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return textResult("not run"), nil, nil
	}
	return textResult("started " + startMigration(in.Name, 0, false)), nil, nil
}

func migrateRoots(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	roots, ok := req.Params.InputResponses["sources"].(*mcp.ListRootsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
			return textResult("no roots: migrating from the default directory"), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"sources": &mcp.ListRootsParams{}}}, nil, nil
	}
	if len(roots.Roots) == 0 {
		return textResult("the client shares no roots"), nil, nil
	}
	return textResult("migration files under " + roots.Roots[0].URI), nil, nil
}

func migrationPlanPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["plan_prompt"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the plan prompt needs a client that can ask its user")
		}
		return &mcp.GetPromptResult{
			Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Plan the pending migrations."}}},
			InputRequests: mcp.InputRequestMap{"plan_prompt": &mcp.ElicitParams{
				Message: "Include the destructive migrations in the plan?", RequestedSchema: confirmSchema,
			}},
		}, nil
	}
	text := "Plan the pending migrations, skipping destructive ones."
	switch res.Action {
	case "accept":
		text = "Plan every pending migration, destructive ones included."
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}}, nil
}

func migrationStatusResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["status_confirm"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the status needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"status_confirm": &mcp.ElicitParams{
			Message: "Include failed jobs in the status?", RequestedSchema: confirmSchema,
		}}}, nil
	}
	includeFailed := false
	switch res.Action {
	case "accept":
		includeFailed = true
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	jobsMu.Lock()
	defer jobsMu.Unlock()
	var b strings.Builder
	for id, j := range jobs {
		if j.done || includeFailed {
			fmt.Fprintf(&b, "%s: offset %d done=%v\n", id, j.offset, j.done)
		}
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: b.String()}}}, nil
}
