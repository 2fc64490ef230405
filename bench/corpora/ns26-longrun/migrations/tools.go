package migrations

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"example.com/ns26/longrun/jobkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func runMigration(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["confirm_migration"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("running a migration needs a client that can ask its user")
		}
		state, err := jobkit.SealState(stateKey, jobkit.JobState{JobID: in.Name, User: req.Session.ID(), Expires: time.Now().Add(15 * time.Minute).Unix()})
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"confirm_migration": &mcp.ElicitParams{Message: "Run migration " + in.Name + "?", RequestedSchema: confirmSchema}},
			RequestState:  state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		st, err := jobkit.OpenState(stateKey, req.Params.RequestState)
		if err != nil || st.JobID != in.Name || st.User != req.Session.ID() {
			return nil, nil, errors.New("the confirmation does not match this migration")
		}
		return textResult("started " + startMigration(in.Name, st.Offset, false)), nil, nil
	case "decline", "cancel":
		return textResult("migration not run"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func migrateNoCaps(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["quick_confirm"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"quick_confirm": &mcp.ElicitParams{Message: "Apply migration " + in.Name + " now?", RequestedSchema: confirmSchema},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("started " + startMigration(in.Name, 0, false)), nil, nil
	case "decline", "cancel":
		return textResult("not applied"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func migrateResumeOffset(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["resume_confirm"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("resuming needs a client that can ask its user")
		}
		jobsMu.Lock()
		offset := 0
		for _, j := range jobs {
			if j.name == in.Name {
				offset = j.offset
			}
		}
		jobsMu.Unlock()
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"resume_confirm": &mcp.ElicitParams{Message: fmt.Sprintf("Resume %s from row %d?", in.Name, offset), RequestedSchema: confirmSchema}},
			RequestState:  "offset=" + strconv.Itoa(offset),
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		off, err := strconv.Atoi(strings.TrimPrefix(req.Params.RequestState, "offset="))
		if err != nil {
			return nil, nil, err
		}
		return textResult("resumed as " + startMigration(in.Name, off, false)), nil, nil
	case "decline", "cancel":
		return textResult("not resumed"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var planSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"plan": map[string]any{"type": "string", "enum": []string{"online", "offline"}, "title": "How to run the migration"},
	},
	"required": []string{"plan"},
}

func migrateSingleAssert(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("planning needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"plan_choice": &mcp.ElicitParams{Message: "Run " + in.Name + " online or offline?", RequestedSchema: planSchema},
		}}, nil, nil
	}
	res := req.Params.InputResponses["plan_choice"].(*mcp.ElicitResult)
	switch res.Action {
	case "accept":
		plan, ok := res.Content["plan"].(string)
		if !ok {
			return nil, nil, errors.New("no plan chosen")
		}
		return textResult("started " + startMigration(in.Name, 0, plan == "offline")), nil, nil
	case "decline", "cancel":
		return textResult("no plan"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func migrateFailOpenNoCaps(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["apply_confirm"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"apply_confirm": &mcp.ElicitParams{Message: "Apply " + in.Name + " to production?", RequestedSchema: confirmSchema},
			}}, nil, nil
		}
		return textResult("applied without asking: " + startMigration(in.Name, 0, false)), nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("applied: " + startMigration(in.Name, 0, false)), nil, nil
	case "decline", "cancel":
		return textResult("not applied"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func migrateAnyAnswer(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		return textResult("started " + startMigration(in.Name, 0, false)), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("this migration needs a client that can ask its user")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"any_confirm": &mcp.ElicitParams{Message: "Start migration " + in.Name + "?", RequestedSchema: confirmSchema},
	}}, nil, nil
}

func migrateMissingFails(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["strict_confirm"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState == "" {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this migration needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"strict_confirm": &mcp.ElicitParams{Message: "Lock the tables and migrate " + in.Name + "?", RequestedSchema: confirmSchema}},
				RequestState:  "asked",
			}, nil, nil
		}
		return nil, nil, errors.New("the retry carries no confirmation")
	}
	switch res.Action {
	case "accept":
		return textResult("started " + startMigration(in.Name, 0, false)), nil, nil
	case "decline", "cancel":
		return textResult("not migrated"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
