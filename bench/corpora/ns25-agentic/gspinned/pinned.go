// Package gspinned holds go-sdk tools that ask the client directly, on a
// server pinned to the protocols before 2026-07-28, where direct requests
// still work.
package gspinned

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type WipeIn struct {
	Bucket string `json:"bucket"`
}

type RenameIn struct {
	Service string `json:"service"`
}

type Config struct {
	AllowUnconfirmed bool
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func wipeBucket(name string) error { return nil }

// PinnedConfirmWipe asks before wiping a bucket.
func PinnedConfirmWipe(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Wipe every object in " + in.Bucket + "?",
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if err := wipeBucket(in.Bucket); err != nil {
			return nil, nil, err
		}
		return textResult("Wiped."), nil, nil
	case "decline", "cancel":
		return textResult("Kept."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func postStatus(text string) error { return nil }

// PinnedDraftThenConfirm has the client's model draft a status update, then
// asks the user to post it.
func PinnedDraftThenConfirm(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Draft a status update about bucket " + in.Bucket + "."}}},
	})
	if err != nil {
		return nil, nil, err
	}
	text, ok := msg.Content.(*mcp.TextContent)
	if !ok {
		return nil, nil, errors.New("the model returned no text")
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Post this update? " + text.Text,
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if err := postStatus(text.Text); err != nil {
			return nil, nil, err
		}
		return textResult("Posted."), nil, nil
	case "decline", "cancel":
		return textResult("Not posted. Draft: " + text.Text), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// pinnedGate asks for a yes or no and says yes when the question fails.
func pinnedGate(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
	if err != nil {
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func purgeQueue(name string) error { return nil }

// PinnedPurge purges a queue behind pinnedGate.
func PinnedPurge(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	ok, err := pinnedGate(ctx, req.Session, "Purge queue "+in.Bucket+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Queue kept."), nil, nil
	}
	if err := purgeQueue(in.Bucket); err != nil {
		return nil, nil, err
	}
	return textResult("Queue purged."), nil, nil
}

// pinnedGateConfigured goes ahead unasked only where the operator allowed it.
func pinnedGateConfigured(ctx context.Context, ss *mcp.ServerSession, cfg *Config, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
	if err != nil && cfg.AllowUnconfirmed {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var cfg = &Config{}

// PinnedRestart restarts a service behind pinnedGateConfigured.
func PinnedRestart(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	ok, err := pinnedGateConfigured(ctx, req.Session, cfg, "Restart "+in.Service+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Not restarted."), nil, nil
	}
	if err := restartService(in.Service); err != nil {
		return nil, nil, err
	}
	return textResult("Restarted."), nil, nil
}

func restartService(name string) error        { return nil }
func renameService(old, newName string) error { return nil }

// PinnedRename asks for a new name and leaves only on a decline: a cancel
// renames the service to "".
func PinnedRename(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "New name for " + in.Service + "?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"new_name": map[string]any{"type": "string", "minLength": 1}},
			"required":   []string{"new_name"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "decline" {
		return textResult("Name kept."), nil, nil
	}
	name, _ := res.Content["new_name"].(string)
	if err := renameService(in.Service, name); err != nil {
		return nil, nil, err
	}
	return textResult("Renamed to " + name + "."), nil, nil
}

func scheduleWindow(email, window string) error { return nil }

// PinnedSchemaBad requires a property the schema does not have.
func PinnedSchemaBad(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "When may we restart " + in.Service + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"contact": map[string]any{"type": "string", "format": "email"},
				"window":  map[string]any{"type": "string", "enum": []string{"night", "weekend"}},
			},
			"required": []string{"contact", "windw"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		contact, _ := res.Content["contact"].(string)
		window, _ := res.Content["window"].(string)
		if err := scheduleWindow(contact, window); err != nil {
			return nil, nil, err
		}
		return textResult("Scheduled."), nil, nil
	case "decline", "cancel":
		return textResult("Not scheduled."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// PinnedLongMessage explains too much in the message.
func PinnedLongMessage(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "The plan is about to rotate the storage credentials of every bucket in this project. " +
			"Running services will reconnect within a minute, but batch jobs that are running right now " +
			"will fail and must be restarted by hand. Continue with the rotation?",
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("Rotation started."), nil, nil
	case "decline", "cancel":
		return textResult("Rotation skipped."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func acceptTerms(version string) error { return nil }

// PinnedFormWithLink links to the terms from a form.
func PinnedFormWithLink(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Accept the storage terms at https://example.com/terms/storage before the plan goes on?",
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if err := acceptTerms("2026-01"); err != nil {
			return nil, nil, err
		}
		return textResult("Terms accepted."), nil, nil
	case "decline", "cancel":
		return textResult("Terms not accepted; the plan stops here."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// PinnedRoots lists the client's roots.
func PinnedRoots(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.ListRoots(ctx, &mcp.ListRootsParams{})
	if err != nil {
		return nil, nil, err
	}
	text := ""
	for _, r := range res.Roots {
		text += r.URI + "\n"
	}
	return textResult(text), nil, nil
}

// PinnedURLLogin sends the user to sign in, without an elicitation ID.
func PinnedURLLogin(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:    "url",
		Message: "Sign in to the storage console.",
		URL:     "https://console.example.com/login",
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("Waiting for the sign-in to finish; call again when you are done."), nil, nil
	case "decline", "cancel":
		return textResult("Not signed in."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func book(nights float64, notes string) error { return nil }

// PinnedBookNights asserts an optional field without comma-ok.
func PinnedBookNights(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How many nights should the build agents stay reserved?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"nights": map[string]any{"type": "integer", "minimum": 1},
				"notes":  map[string]any{"type": "string"},
			},
			"required": []string{"nights"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		nights, _ := res.Content["nights"].(float64)
		notes := res.Content["notes"].(string)
		if err := book(nights, notes); err != nil {
			return nil, nil, err
		}
		return textResult("Reserved."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing reserved."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// NewServer builds the only server of the package, pinned to 2025-11-25 and
// 2025-06-18.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "pinned", Version: "1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "wipe"}, PinnedConfirmWipe)
	mcp.AddTool(s, &mcp.Tool{Name: "status"}, PinnedDraftThenConfirm)
	mcp.AddTool(s, &mcp.Tool{Name: "purge"}, PinnedPurge)
	mcp.AddTool(s, &mcp.Tool{Name: "restart"}, PinnedRestart)
	mcp.AddTool(s, &mcp.Tool{Name: "rename"}, PinnedRename)
	mcp.AddTool(s, &mcp.Tool{Name: "schedule"}, PinnedSchemaBad)
	mcp.AddTool(s, &mcp.Tool{Name: "rotate"}, PinnedLongMessage)
	mcp.AddTool(s, &mcp.Tool{Name: "terms"}, PinnedFormWithLink)
	mcp.AddTool(s, &mcp.Tool{Name: "roots"}, PinnedRoots)
	mcp.AddTool(s, &mcp.Tool{Name: "login"}, PinnedURLLogin)
	mcp.AddTool(s, &mcp.Tool{Name: "reserve"}, PinnedBookNights)
	return s
}
