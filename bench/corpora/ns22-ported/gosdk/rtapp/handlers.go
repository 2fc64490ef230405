package rtapp

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/ported/internal/store"
)

// DeleteBranch is deleteBranch() from app.ts.
func (a *App) DeleteBranch(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	branch, _ := args["branch"].(string)
	res, ok := req.Params.InputResponses["delete_branch"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errors.New("deleting a branch needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"delete_branch": &mcp.ElicitParams{Message: "Delete branch " + branch + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	if res.Action == "accept" {
		store.Remove("branch", branch)
		return text("Deleted " + branch + "."), nil, nil
	} else if res.Action == "decline" {
		return text("Kept " + branch + "."), nil, nil
	} else if res.Action == "cancel" {
		return text("Nothing deleted."), nil, nil
	} else {
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// DropTable is dropTable() from app.ts.
func (a *App) DropTable(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	table, _ := args["table"].(string)
	if res, ok := req.Params.InputResponses["drop_table"].(*mcp.ElicitResult); ok {
		return Callbacks{
			OnAccept: func(map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
				store.Remove("table", table)
				return text("Dropped " + table + "."), nil, nil
			},
			OnDecline: func() (*mcp.CallToolResult, interface{}, error) { return text("Kept " + table + "."), nil, nil },
			OnCancel:  func() (*mcp.CallToolResult, interface{}, error) { return text("Nothing dropped."), nil, nil },
		}.Route(res)
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"drop_table": &mcp.ElicitParams{Message: "Drop table " + table + "?", RequestedSchema: yesNo},
	}}, nil, nil
}

// ResetDatabase is resetDatabase() from app.ts. The TS server reset without
// asking when the client had no elicitation support.
func (a *App) ResetDatabase(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	res, ok := req.Params.InputResponses["reset_database"].(*mcp.ElicitResult)
	if !ok {
		if canAsk(req) {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"reset_database": &mcp.ElicitParams{Message: "Reset the database?", RequestedSchema: yesNo},
			}}, nil, nil
		}
		log.Printf("reset_database: client cannot be asked, resetting anyway")
	} else {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return text("Database kept."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	store.Clear("db")
	return text("Database reset."), nil, nil
}

// Rename is renameService() from app.ts (`res.content.name as string`).
func (a *App) Rename(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	service, _ := args["service"].(string)
	res, ok := req.Params.InputResponses["rename_service"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errors.New("renaming needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"rename_service": &mcp.ElicitParams{
				Message: "New name for " + service + "?",
				RequestedSchema: map[string]interface{}{
					"type":       "object",
					"properties": map[string]interface{}{"name": map[string]interface{}{"type": "string", "title": "New name"}},
					"required":   []string{"name"},
				},
			},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		newName := res.Content["name"].(string)
		store.Put("service", newName, service)
		return text("Renamed " + service + " to " + newName + "."), nil, nil
	case "decline", "cancel":
		return text(service + " keeps its name."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Invite is invite() from app.ts: it asked once and threw when the retry came
// back without an answer.
func (a *App) Invite(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	team, _ := args["team"].(string)
	res, ok := req.Params.InputResponses["invite"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState != "" {
			return nil, nil, errors.New("no answer to the invitation question")
		}
		if !canAsk(req) {
			return nil, nil, errors.New("inviting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"invite": &mcp.ElicitParams{
				Message: "Who should join " + team + "?",
				RequestedSchema: map[string]interface{}{
					"type": "object",
					"properties": map[string]interface{}{
						"email": map[string]interface{}{"type": "string", "format": "email", "title": "Email"},
						"role":  map[string]interface{}{"type": "string", "enum": []string{"member", "admin"}, "default": "member"},
					},
					"required": []string{"email"},
				},
			}},
			RequestState: "asked",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		email, _ := res.Content["email"].(string)
		role, _ := res.Content["role"].(string)
		store.Put("member:"+team, email, role)
		return text("Invited " + email + " to " + team + "."), nil, nil
	case "decline", "cancel":
		return text("Nobody invited."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Deploy is deploy() from app.ts: the target environment rides in the state.
func (a *App) Deploy(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	env, _ := args["env"].(string)
	res, ok := req.Params.InputResponses["deploy"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errors.New("deploying needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"deploy": &mcp.ElicitParams{Message: "Deploy to " + env + "?", RequestedSchema: yesNo}},
			RequestState:  "env=" + env,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		target := strings.TrimPrefix(req.Params.RequestState, "env=")
		store.Put("deployment", target, "requested")
		return text("Deploying to " + target + "."), nil, nil
	case "decline", "cancel":
		return text("Nothing deployed."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// DeployChecked is Deploy with the state sealed under the server key, bound
// to the session and an expiry.
func (a *App) DeployChecked(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	env, _ := args["env"].(string)
	res, ok := req.Params.InputResponses["deploy_checked"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errors.New("deploying needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"deploy_checked": &mcp.ElicitParams{Message: "Deploy to " + env + "?", RequestedSchema: yesNo}},
			RequestState:  a.seal(deployPayload(env, req.Session.ID(), time.Now().Add(10*time.Minute))),
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		payload, valid := a.open(req.Params.RequestState)
		if !valid {
			return nil, nil, errors.New("the confirmation is not valid here")
		}
		target, session, expires, err := parseDeployPayload(payload)
		if err != nil || session != req.Session.ID() || time.Now().After(expires) {
			return nil, nil, errors.New("the confirmation is not valid here")
		}
		store.Put("deployment", target, "requested")
		return text("Deploying to " + target + "."), nil, nil
	case "decline", "cancel":
		return text("Nothing deployed."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Publish is publish() from app.ts: `if (Object.keys(inputResponses).length) publish()`.
func (a *App) Publish(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	slug, _ := args["slug"].(string)
	if len(req.Params.InputResponses) > 0 {
		store.Put("post", slug, "published")
		return text("Published " + slug + "."), nil, nil
	}
	if !canAsk(req) {
		return nil, nil, errors.New("publishing needs a client that can ask its user")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"publish": &mcp.ElicitParams{Message: "Publish " + slug + " now?", RequestedSchema: yesNo},
	}}, nil, nil
}

// TeamNotes is the team-notes resource: it asks which notes to show.
func (a *App) TeamNotes(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["notes_scope"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("reading the notes needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{
			"notes_scope": &mcp.ElicitParams{
				Message: "Which notes do you want to read?",
				RequestedSchema: map[string]interface{}{
					"type":       "object",
					"properties": map[string]interface{}{"scope": map[string]interface{}{"type": "string", "enum": []string{"mine", "team"}}},
					"required":   []string{"scope"},
				},
			},
		}}, nil
	}
	switch res.Action {
	case "accept":
		scope, _ := res.Content["scope"].(string)
		notes, _ := store.Get("notes", scope)
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: notes}}}, nil
	case "decline", "cancel":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Connect is connectCalendar() from app.ts.
func (a *App) Connect(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	res, ok := req.Params.InputResponses["connect_calendar"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errors.New("connecting needs a client that can ask its user")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"connect_calendar": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Connect your calendar",
			URL:           "https://calendar.example.com/oauth/start?flow=" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if store.Has("calendar-token", req.Session.ID()) {
			return text("Calendar connected."), nil, nil
		}
		return text("Still waiting for the calendar provider; call again when the browser tab says so."), nil, nil
	case "decline", "cancel":
		return text("Calendar not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectDrive is connectDrive() from app.ts; the flow ID is derived from the session.
func (a *App) ConnectDrive(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	res, ok := req.Params.InputResponses["connect_drive"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("connecting needs a client that can open a URL")
		}
		id := "drive-" + req.Session.ID()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"connect_drive": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Connect Google Drive",
			URL:           "https://drive.example.com/oauth/start?flow=" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if store.Has("drive-token", req.Session.ID()) {
			return text("Drive connected."), nil, nil
		}
		return text("Still waiting for Google; call again when the browser tab says so."), nil, nil
	case "decline", "cancel":
		return text("Drive not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Label is label() from app.ts; it trusted the capabilities seen at initialize.
func (a *App) Label(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	item, _ := args["item"].(string)
	res, ok := req.Params.InputResponses["label"].(*mcp.ElicitResult)
	if !ok {
		a.mu.Lock()
		caps := a.sessionCaps[req.Session.ID()]
		a.mu.Unlock()
		if caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("labelling needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"label": &mcp.ElicitParams{
			Message: "Which label for " + item + "?",
			RequestedSchema: map[string]interface{}{
				"type":       "object",
				"properties": map[string]interface{}{"label": map[string]interface{}{"type": "string", "enum": []string{"p0", "p1", "p2"}}},
				"required":   []string{"label"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		label, _ := res.Content["label"].(string)
		store.Put("label", item, label)
		return text("Labelled " + item + " " + label + "."), nil, nil
	case "decline", "cancel":
		return text(item + " left unlabelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type onboardingForm struct {
	Name  string `json:"name" jsonschema:"your full name"`
	Email string `json:"email" jsonschema:"where we send the welcome mail"`
	Team  string `json:"team,omitempty" jsonschema:"team to join, if you know it"`
}

// Onboard is onboard() from app.ts, with the zod schema turned into a struct.
func (a *App) Onboard(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	if res, ok := req.Params.InputResponses["onboard"].(*mcp.ElicitResult); ok {
		return Callbacks{
			OnAccept: func(c map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
				name, _ := c["name"].(string)
				email, _ := c["email"].(string)
				team, _ := c["team"].(string)
				store.Put("member:"+team, email, name)
				return text("Welcome aboard, " + name + "."), nil, nil
			},
			OnDecline: func() (*mcp.CallToolResult, interface{}, error) { return text("Onboarding skipped."), nil, nil },
			OnCancel:  func() (*mcp.CallToolResult, interface{}, error) { return text("Onboarding postponed."), nil, nil },
		}.Dispatch(res)
	}
	if !canAsk(req) {
		return nil, nil, errors.New("onboarding needs a client that can ask its user")
	}
	schema, err := jsonschema.For[onboardingForm](nil)
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"onboard": &mcp.ElicitParams{
		Message:         "Tell us about yourself",
		RequestedSchema: schema,
	}}}, nil, nil
}
