// Package gslegacy holds go-sdk agentic tools written before the round trip:
// they ask the client directly (ServerSession.Elicit, CreateMessage,
// ListRoots) in the middle of a tool call.
package gslegacy

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type PlanIn struct {
	Goal string `json:"goal"`
}

type TitleIn struct {
	Topic string `json:"topic"`
}

type TriageIn struct {
	Issues []string `json:"issues"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// confirmStep asks the user to confirm one step of a plan. When the question
// cannot be asked it goes ahead, "so that clients without elicitation still
// work".
func confirmStep(ctx context.Context, ss *mcp.ServerSession, step string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Run this step? " + step,
		RequestedSchema: yesNo,
	})
	if err != nil {
		log.Printf("cannot ask, running %q unconfirmed: %v", step, err)
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

// draftWithModel has the client's model write a text.
func draftWithModel(ctx context.Context, ss *mcp.ServerSession, prompt string) (string, error) {
	res, err := ss.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 600,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: prompt}}},
	})
	if err != nil {
		return "", err
	}
	text, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return "", errors.New("the model returned no text")
	}
	return text.Text, nil
}

func runStep(step string) error { return nil }

// ApplyPlanLegacy has the model write a plan and runs it step by step, asking
// before each step.
func ApplyPlanLegacy(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	plan, err := draftWithModel(ctx, req.Session, "List the shell steps to: "+in.Goal)
	if err != nil {
		return nil, nil, err
	}
	var done []string
	for _, step := range strings.Split(plan, "\n") {
		if step == "" {
			continue
		}
		ok, err := confirmStep(ctx, req.Session, step)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			break
		}
		if err := runStep(step); err != nil {
			return nil, nil, err
		}
		done = append(done, step)
	}
	return textResult(fmt.Sprintf("Ran %d steps.", len(done))), nil, nil
}

func publishTitle(title string) error { return nil }

// AskUntilHappy drafts a title and asks the user whether it will do, drafting
// again on a decline, until the user accepts or cancels.
func AskUntilHappy(ctx context.Context, req *mcp.CallToolRequest, in TitleIn) (*mcp.CallToolResult, any, error) {
	for try := 0; try < 3; try++ {
		title, err := draftWithModel(ctx, req.Session, "Suggest a title about "+in.Topic+".")
		if err != nil {
			return nil, nil, err
		}
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message:         "Use this title? " + title + " (decline for another one)",
			RequestedSchema: yesNo,
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			if err := publishTitle(title); err != nil {
				return nil, nil, err
			}
			return textResult("Title set: " + title), nil, nil
		case "decline":
			continue
		case "cancel":
			return textResult("No title set."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return textResult("No title after three tries."), nil, nil
}

// WorkspaceRoots asks the client for its roots.
func WorkspaceRoots(ctx context.Context, ss *mcp.ServerSession) ([]string, error) {
	res, err := ss.ListRoots(ctx, nil)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, r := range res.Roots {
		dirs = append(dirs, strings.TrimPrefix(r.URI, "file://"))
	}
	return dirs, nil
}

func buildIn(dir string) error { return nil }

// PickTarget lets the user pick the workspace to build, and reads the pick
// before it knows the user accepted.
func PickTarget(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	dirs, err := WorkspaceRoots(ctx, req.Session)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which workspace should be built?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"target": map[string]any{"type": "string", "enum": dirs}},
			"required":   []string{"target"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	target, _ := res.Content["target"].(string)
	switch res.Action {
	case "accept":
		if err := buildIn(target); err != nil {
			return nil, nil, err
		}
		return textResult("Built " + target + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing built."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConfirmDangerous asks before a dangerous step and fails closed when the
// question cannot be asked.
func ConfirmDangerous(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Really " + what + "?", RequestedSchema: yesNo})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
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

func dropCaches() error { return nil }

// DropCaches runs behind ConfirmDangerous.
func DropCaches(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	ok, err := ConfirmDangerous(ctx, req.Session, "drop every cache")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Caches kept."), nil, nil
	}
	if err := dropCaches(); err != nil {
		return nil, nil, err
	}
	return textResult("Caches dropped."), nil, nil
}

// NotifyDone tells the user the plan finished through an elicitation and
// ignores the answer.
func NotifyDone(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "The plan for " + in.Goal + " finished. Close this dialog to continue.",
		RequestedSchema: yesNo,
	})
	return textResult("Done."), nil, nil
}

// LegacyOAuth asks the client to sign in through error -32042, with an
// element that does not say Mode: "url".
func LegacyOAuth(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	id := newFlowID()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Sign in to the deploy service first.",
		URL:           "https://auth.example.com/deploy/start?flow=" + id,
		ElicitationID: id,
	}})
}

// LegacyOAuthOK is LegacyOAuth with the mode set.
func LegacyOAuthOK(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	id := newFlowID()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Mode:          "url",
		Message:       "Sign in to the deploy service first.",
		URL:           "https://auth.example.com/deploy/start?flow=" + id,
		ElicitationID: id,
	}})
}

func newFlowID() string { return fmt.Sprintf("flow-%x", nextFlow()) }

var flowCounter uint64

func nextFlow() uint64 { flowCounter++; return flowCounter }

func rotateKeys() error { return nil }

// AskVersionGated asks directly only on sessions of an older protocol, and
// through the round trip on 2026-07-28.
func AskVersionGated(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Rotate the signing keys now?", RequestedSchema: yesNo}
	var res *mcp.ElicitResult
	if req.ProtocolVersion() < "2026-07-28" {
		direct, err := req.Session.Elicit(ctx, params)
		if err != nil {
			return nil, nil, err
		}
		res = direct
	} else {
		answer, ok := req.Params.InputResponses["rotate_keys"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("rotating needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rotate_keys": params}}, nil, nil
		}
		res = answer
	}
	switch res.Action {
	case "accept":
		if err := rotateKeys(); err != nil {
			return nil, nil, err
		}
		return textResult("Keys rotated."), nil, nil
	case "decline", "cancel":
		return textResult("Keys kept."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// asker is what askWith needs; the package only ever puts server sessions in.
type asker interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

// askWith asks a yes-or-no question through an asker.
func askWith(ctx context.Context, a asker, msg string) (bool, error) {
	res, err := a.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
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

func resetCache() error { return nil }

// ResetCache asks through askWith, handing it the session.
func ResetCache(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	ok, err := askWith(ctx, req.Session, "Reset the build cache?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Cache kept."), nil, nil
	}
	if err := resetCache(); err != nil {
		return nil, nil, err
	}
	return textResult("Cache reset."), nil, nil
}

var triageSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"decision": map[string]any{"type": "string", "enum": []string{"close", "keep", "escalate"}},
	},
	"required": []string{"decision"},
}

// decisionOf returns the triage decision of an answer, "" on a refusal.
func decisionOf(res *mcp.ElicitResult) (string, error) {
	switch res.Action {
	case "accept":
		d, _ := res.Content["decision"].(string)
		return d, nil
	case "decline", "cancel":
		return "", nil
	default:
		return "", fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func applyDecision(issue, decision string) {}

// TriageIssues walks a list of issues and asks for a decision on each, through
// a method value of the session.
func TriageIssues(ctx context.Context, req *mcp.CallToolRequest, in TriageIn) (*mcp.CallToolResult, any, error) {
	ask := req.Session.Elicit
	for _, issue := range in.Issues {
		res, err := ask(ctx, &mcp.ElicitParams{Message: "What should happen to " + issue + "?", RequestedSchema: triageSchema})
		if err != nil {
			return nil, nil, err
		}
		d, err := decisionOf(res)
		if err != nil {
			return nil, nil, err
		}
		if d == "" {
			return textResult("Triage stopped at " + issue + "."), nil, nil
		}
		applyDecision(issue, d)
	}
	return textResult("Triage done."), nil, nil
}

// Register adds the tools to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "apply_plan"}, ApplyPlanLegacy)
	mcp.AddTool(s, &mcp.Tool{Name: "title"}, AskUntilHappy)
	mcp.AddTool(s, &mcp.Tool{Name: "build"}, PickTarget)
	mcp.AddTool(s, &mcp.Tool{Name: "drop_caches"}, DropCaches)
	mcp.AddTool(s, &mcp.Tool{Name: "notify_done"}, NotifyDone)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_login"}, LegacyOAuth)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_login_ok"}, LegacyOAuthOK)
	mcp.AddTool(s, &mcp.Tool{Name: "rotate_keys"}, AskVersionGated)
	mcp.AddTool(s, &mcp.Tool{Name: "reset_cache"}, ResetCache)
	mcp.AddTool(s, &mcp.Tool{Name: "triage"}, TriageIssues)
}
