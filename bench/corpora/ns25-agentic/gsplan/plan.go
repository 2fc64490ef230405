// Package gsplan holds go-sdk agentic plans executed step by step over the
// 2026-07-28 round trip: the client's roots locate the workspace, url-mode
// elicitation signs in to a service in the middle of a plan, and form
// elicitation confirms the destructive steps.
package gsplan

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type PlanIn struct {
	Goal string `json:"goal"`
}

type BranchIn struct {
	Repo   string `json:"repo"`
	Branch string `json:"branch"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// tokens holds the services each session signed in to; the OAuth callbacks
// (not shown) store into it.
var tokens sync.Map

func signedIn(service, session string) bool {
	_, ok := tokens.Load(service + "/" + session)
	return ok
}

func sessionID(req *mcp.CallToolRequest) string {
	if req.Session == nil {
		return ""
	}
	return req.Session.ID()
}

type planState struct {
	Workspace string
}

func sealPlan(st planState) (string, error) {
	b, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	return sealState(string(b))
}

func openPlan(state string) (planState, error) {
	var st planState
	plain, err := openState(state)
	if err != nil {
		return st, err
	}
	return st, json.Unmarshal([]byte(plain), &st)
}

// workspaceOf picks the first file root the client shares.
func workspaceOf(roots *mcp.ListRootsResult) string {
	for _, r := range roots.Roots {
		if strings.HasPrefix(r.URI, "file://") {
			return strings.TrimPrefix(r.URI, "file://")
		}
	}
	return ""
}

func runPlanSteps(workspace, goal string) error { return nil }

// askGitHubLogin returns the url-mode request that signs the user in to
// GitHub, with the plan so far sealed in the state.
func askGitHubLogin(req *mcp.CallToolRequest, st planState) (*mcp.CallToolResult, any, error) {
	caps := req.ClientCapabilities()
	if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("connect GitHub in the web app first, then run the plan again")
	}
	state, err := sealPlan(st)
	if err != nil {
		return nil, nil, err
	}
	id := rand.Text()
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"plan_github": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to GitHub so the plan can push its branch.",
			URL:           "https://auth.example.com/github/start?flow=" + id,
			ElicitationID: id,
		}},
		RequestState: state,
	}, nil, nil
}

// RunPlan finds the workspace from the client's roots, signs in to GitHub in
// the middle of the plan when the session has no token yet, and runs the
// steps once the sign-in is on record.
func RunPlan(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	session := sessionID(req)
	if req.Params.RequestState == "" {
		roots, ok := req.Params.InputResponses["plan_roots"].(*mcp.ListRootsResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
				return nil, nil, errors.New("the plan needs a client that shares its roots")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"plan_roots": &mcp.ListRootsParams{}}}, nil, nil
		}
		ws := workspaceOf(roots)
		if ws == "" {
			return nil, nil, errors.New("the client shares no file root")
		}
		if !signedIn("github", session) {
			return askGitHubLogin(req, planState{Workspace: ws})
		}
		if err := runPlanSteps(ws, in.Goal); err != nil {
			return nil, nil, err
		}
		return textResult("Plan finished in " + ws + "."), nil, nil
	}
	st, err := openPlan(req.Params.RequestState)
	if err != nil {
		return nil, nil, err
	}
	res, ok := req.Params.InputResponses["plan_github"].(*mcp.ElicitResult)
	if !ok {
		return askGitHubLogin(req, st)
	}
	switch res.Action {
	case "accept":
		if !signedIn("github", session) {
			return askGitHubLogin(req, st)
		}
		if err := runPlanSteps(st.Workspace, in.Goal); err != nil {
			return nil, nil, err
		}
		return textResult("Plan finished in " + st.Workspace + "."), nil, nil
	case "decline", "cancel":
		return textResult("Plan stopped before pushing; nothing was changed."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConnectGitHubStep signs in to GitHub and reports success as soon as the user
// agrees to open the page.
func ConnectGitHubStep(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["connect_github"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("connecting needs a client that can open a URL")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"connect_github": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Connect your GitHub account.",
			URL:           "https://auth.example.com/github/start?flow=" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("GitHub connected successfully."), nil, nil
	case "decline", "cancel":
		return textResult("GitHub not connected."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// connectAnswer handles the answer of a url-mode sign-in: it trusts the
// accept only once the callback has stored the token.
func connectAnswer(service, session string, res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		if !signedIn(service, session) {
			return textResult("Waiting for " + service + " to confirm the sign-in; call again once you are done."), nil, nil
		}
		return textResult(service + " connected."), nil, nil
	case "decline", "cancel":
		return textResult(service + " not connected."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConnectJiraStep asks in url mode after testing only that the client
// declared elicitation, which a form-only client passes.
func ConnectJiraStep(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["connect_jira"].(*mcp.ElicitResult); ok {
		return connectAnswer("jira", sessionID(req), res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("connecting needs a client that can ask its user")
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"connect_jira": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your Jira site.",
		URL:           "https://auth.example.com/jira/start?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

// ConnectSlackStep sends the user to a plain-http sign-in page.
func ConnectSlackStep(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["connect_slack"].(*mcp.ElicitResult); ok {
		return connectAnswer("slack", sessionID(req), res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("connecting needs a client that can open a URL")
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"connect_slack": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your Slack workspace.",
		URL:           "http://auth.example.com/slack/start?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

// ConnectStripeStep asks for the Stripe secret key in a form.
func ConnectStripeStep(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["connect_stripe"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("connecting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"connect_stripe": &mcp.ElicitParams{
			Message: "Connect Stripe so the plan can create the product.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"secret_key": map[string]any{"type": "string", "title": "Stripe secret key"},
				},
				"required": []string{"secret_key"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		key, _ := res.Content["secret_key"].(string)
		tokens.Store("stripe/"+sessionID(req), key)
		return textResult("Stripe connected."), nil, nil
	case "decline", "cancel":
		return textResult("Stripe not connected."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConnectLinearStep uses the same elicitation ID for every sign-in.
func ConnectLinearStep(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["connect_linear"].(*mcp.ElicitResult); ok {
		return connectAnswer("linear", sessionID(req), res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("connecting needs a client that can open a URL")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"connect_linear": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your Linear workspace.",
		URL:           "https://auth.example.com/linear/start",
		ElicitationID: "linear-oauth",
	}}}, nil, nil
}

// vaultToken is the server's own token for the Vault UI.
var vaultToken = "s.server-side"

// ConnectVaultStep sends a link that is already signed in to Vault.
func ConnectVaultStep(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["connect_vault"].(*mcp.ElicitResult); ok {
		return connectAnswer("vault", sessionID(req), res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("connecting needs a client that can open a URL")
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"connect_vault": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Open Vault to approve the plan's secrets.",
		URL:           "https://vault.example.com/ui/approve?flow=" + id + "&access_token=" + vaultToken,
		ElicitationID: id,
	}}}, nil, nil
}

// FindWorkspace asks the client for its roots without testing that it
// declared roots.
func FindWorkspace(ctx context.Context, req *mcp.CallToolRequest, in PlanIn) (*mcp.CallToolResult, any, error) {
	roots, ok := req.Params.InputResponses["workspace_roots"].(*mcp.ListRootsResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"workspace_roots": &mcp.ListRootsParams{}}}, nil, nil
	}
	ws := workspaceOf(roots)
	if ws == "" {
		return textResult("The client shares no file root."), nil, nil
	}
	return textResult("Workspace: " + ws), nil, nil
}

func deleteBranch(repo, branch string) error { return nil }

// DeleteBranchStep asks before deleting a branch, but only when the client
// can be asked: a client without elicitation deletes unasked.
func DeleteBranchStep(ctx context.Context, req *mcp.CallToolRequest, in BranchIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["delete_branch"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"delete_branch": &mcp.ElicitParams{
				Message:         "Delete branch " + in.Branch + " of " + in.Repo + "?",
				RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
			}}}, nil, nil
		}
	} else {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return textResult("Branch kept."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := deleteBranch(in.Repo, in.Branch); err != nil {
		return nil, nil, err
	}
	return textResult("Branch deleted."), nil, nil
}

func forcePush(repo, branch string) error { return nil }

// ForcePushStep confirms a force push and treats decline and cancel alike.
func ForcePushStep(ctx context.Context, req *mcp.CallToolRequest, in BranchIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["force_push"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("force-pushing needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"force_push": &mcp.ElicitParams{
			Message:         "Force-push " + in.Branch + "? Commits on the remote may be lost.",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}}}, nil, nil
	}
	if res.Action != "accept" {
		return textResult("Not pushed."), nil, nil
	}
	if err := forcePush(in.Repo, in.Branch); err != nil {
		return nil, nil, err
	}
	return textResult("Force-pushed."), nil, nil
}

// ReadPlanResource asks before showing a plan that names production hosts,
// but returns the request with Contents nil.
func ReadPlanResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["show_plan"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the plan resource needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"show_plan": &mcp.ElicitParams{
			Message:         "The plan names production hosts. Show it?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}}}, nil
	}
	switch res.Action {
	case "accept":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "1. build\n2. deploy to prod-1"}}}, nil
	case "decline", "cancel":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "(hidden)"}}}, nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// PlanPrompt asks the user for the goal of the plan and builds the prompt
// from it. A prompt may ask with Messages nil.
func PlanPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["prompt_goal"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("this prompt needs a client that can ask its user")
		}
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"prompt_goal": &mcp.ElicitParams{
			Message: "What should the plan achieve?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"goal": map[string]any{"type": "string", "maxLength": 300}},
				"required":   []string{"goal"},
			},
		}}}, nil
	}
	goal := "Tidy up the repository."
	switch res.Action {
	case "accept":
		if g, ok := res.Content["goal"].(string); ok && g != "" {
			goal = g
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
		Role:    "user",
		Content: &mcp.TextContent{Text: "Make a step-by-step plan to: " + goal},
	}}}, nil
}

// requireElicitation refuses tool calls from clients that did not declare
// elicitation, before any handler of the guarded server runs.
func requireElicitation(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("this server's tools need a client that can ask its user")
			}
		}
		return next(ctx, method, req)
	}
}

func archiveRepo(repo string) error { return nil }

// ArchiveRepo has no capability test of its own: the receiving middleware of
// the only server it is registered on refuses clients without elicitation.
func ArchiveRepo(ctx context.Context, req *mcp.CallToolRequest, in BranchIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["archive_repo"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"archive_repo": &mcp.ElicitParams{
			Message:         "Archive " + in.Repo + "? It becomes read-only.",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := archiveRepo(in.Repo); err != nil {
			return nil, nil, err
		}
		return textResult("Archived."), nil, nil
	case "decline", "cancel":
		return textResult("Not archived."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// NewPlanServer builds the server of the plan tools.
func NewPlanServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "planner", Version: "1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "run_plan"}, RunPlan)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_github"}, ConnectGitHubStep)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_jira"}, ConnectJiraStep)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_slack"}, ConnectSlackStep)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_stripe"}, ConnectStripeStep)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_linear"}, ConnectLinearStep)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_vault"}, ConnectVaultStep)
	mcp.AddTool(s, &mcp.Tool{Name: "find_workspace"}, FindWorkspace)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_branch"}, DeleteBranchStep)
	mcp.AddTool(s, &mcp.Tool{Name: "force_push"}, ForcePushStep)
	s.AddResource(&mcp.Resource{URI: "plan://current", Name: "plan"}, ReadPlanResource)
	s.AddPrompt(&mcp.Prompt{Name: "plan"}, PlanPrompt)
	return s
}

// NewGuardedServer builds the server whose tools all need elicitation.
func NewGuardedServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "guarded", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(requireElicitation)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_repo"}, ArchiveRepo)
	return s
}
