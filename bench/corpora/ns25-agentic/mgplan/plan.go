// Package mgplan holds mcp-go agentic plans: the client's roots locate the
// workspace, url-mode elicitation signs in to a service in the middle of a
// plan, and gates confirm the steps that change things.
package mgplan

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

func canElicit(ctx context.Context) bool {
	caps := clientCaps(ctx)
	return caps != nil && caps.Elicitation != nil
}

func canOpenURL(ctx context.Context) bool {
	caps := clientCaps(ctx)
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

func sessionID(ctx context.Context) string {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		return s.SessionID()
	}
	return ""
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// linked records the services each session signed in to; the OAuth callbacks
// (not shown) store into it.
var linked sync.Map

func isLinked(service, session string) bool {
	_, ok := linked.Load(service + "/" + session)
	return ok
}

func workspaceOf(res *mcp.ListRootsResult) string {
	for _, r := range res.Roots {
		if strings.HasPrefix(r.URI, "file://") {
			return strings.TrimPrefix(r.URI, "file://")
		}
	}
	return ""
}

func runAgentSteps(workspace, goal string) error { return nil }

func githubLogin(ctx context.Context, state string) (*mcp.CallToolResult, error) {
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("connect GitHub in the web app first, then run the plan again"), nil
	}
	id := rand.Text()
	return server.NewInputRequestBuilder(state).Elicit("agent_github", mcp.ElicitationParams{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Sign in to GitHub so the plan can open a pull request.",
		URL:           "https://auth.example.com/github/start?flow=" + id,
		ElicitationID: id,
	}).ToolResult(), nil
}

// RunAgentPlan finds the workspace from the client's roots, signs in to
// GitHub in the middle of the plan when needed, and runs the steps once the
// sign-in is on record.
func RunAgentPlan(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	goal := request.GetString("goal", "")
	session := sessionID(ctx)
	if request.Params.RequestState == "" {
		roots := server.RootsResponse(request.Params.InputResponses, "agent_roots")
		if roots == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Roots == nil {
				return mcp.NewToolResultError("the plan needs a client that shares its roots"), nil
			}
			return server.NewInputRequestBuilder("").Roots("agent_roots").ToolResult(), nil
		}
		ws := workspaceOf(roots)
		if ws == "" {
			return mcp.NewToolResultError("the client shares no file root"), nil
		}
		if !isLinked("github", session) {
			return githubLogin(ctx, signState(ws))
		}
		if err := runAgentSteps(ws, goal); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Plan finished in " + ws + "."), nil
	}
	ws, err := verifyState(request.Params.RequestState)
	if err != nil {
		return nil, err
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "agent_github")
	if res == nil {
		return githubLogin(ctx, request.Params.RequestState)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if !isLinked("github", session) {
			return githubLogin(ctx, request.Params.RequestState)
		}
		if err := runAgentSteps(ws, goal); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Plan finished in " + ws + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Plan stopped before the pull request; nothing was pushed."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// linkAnswer handles the answer of a url-mode sign-in, trusting an accept
// only once the callback stored the link.
func linkAnswer(service, session string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if !isLinked(service, session) {
			return mcp.NewToolResultText("Waiting for " + service + " to confirm; call again once you are done."), nil
		}
		return mcp.NewToolResultText(service + " linked."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(service + " not linked."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConnectCalendar signs in to the calendar in url mode without an
// elicitation ID.
func ConnectCalendar(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(request.Params.InputResponses, "link_calendar"); res != nil {
		return linkAnswer("calendar", sessionID(ctx), res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("linking needs a client that can open a URL"), nil
	}
	flow := rand.Text()
	return server.NewInputRequestBuilder("").Elicit("link_calendar", mcp.ElicitationParams{
		Mode:    mcp.ElicitationModeURL,
		Message: "Link your calendar so the plan can book the review.",
		URL:     "https://auth.example.com/calendar/start?flow=" + flow,
	}).ToolResult(), nil
}

// ConnectDrive puts the user's email address in the sign-in URL.
func ConnectDrive(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(request.Params.InputResponses, "link_drive"); res != nil {
		return linkAnswer("drive", sessionID(ctx), res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("linking needs a client that can open a URL"), nil
	}
	var in struct {
		Email string `json:"email"`
	}
	if err := request.BindArguments(&in); err != nil {
		return nil, err
	}
	id := rand.Text()
	return server.NewInputRequestBuilder("").Elicit("link_drive", mcp.ElicitationParams{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Link your drive so the plan can store the report.",
		URL:           "https://auth.example.com/drive/start?flow=" + id + "&login_hint=" + in.Email,
		ElicitationID: id,
	}).ToolResult(), nil
}

// ConnectNotion signs in in url mode and, on accept, looks at its own record
// of the sign-in before it says so.
func ConnectNotion(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := sessionID(ctx)
	if res := server.ElicitationResponse(request.Params.InputResponses, "link_notion"); res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			if !isLinked("notion", session) {
				return mcp.NewToolResultText("Still waiting for Notion; call again once you are done."), nil
			}
			return mcp.NewToolResultText("Notion connected successfully."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Notion not linked."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("linking needs a client that can open a URL"), nil
	}
	id := rand.Text()
	return server.NewInputRequestBuilder("").Elicit("link_notion", mcp.ElicitationParams{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Link Notion so the plan can write the summary page.",
		URL:           "https://auth.example.com/notion/start?flow=" + id,
		ElicitationID: id,
	}).ToolResult(), nil
}

// capsBySession keeps what each client declared at initialize.
var capsBySession sync.Map

// rememberCaps is the AfterInitialize hook that fills capsBySession.
func rememberCaps(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		capsBySession.Store(s.SessionID(), message.Params.Capabilities)
	}
}

// ListWorkspaceRoots asks for the client's roots, testing the capabilities
// the session declared at initialize.
func ListWorkspaceRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	roots := server.RootsResponse(request.Params.InputResponses, "ws_roots")
	if roots == nil {
		v, _ := capsBySession.Load(sessionID(ctx))
		caps, ok := v.(mcp.ClientCapabilities)
		if !ok || caps.Roots == nil {
			return mcp.NewToolResultError("the client shares no roots"), nil
		}
		return server.NewInputRequestBuilder("").Roots("ws_roots").ToolResult(), nil
	}
	return mcp.NewToolResultText("Workspace: " + workspaceOf(roots)), nil
}

// WorkspaceRootsDirect asks the session for its roots directly.
func WorkspaceRootsDirect(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return mcp.NewToolResultError("the session cannot list roots"), nil
	}
	res, err := sess.ListRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Workspace: " + workspaceOf(res)), nil
}

func archiveProject(name string) error { return nil }

// ArchiveProject asks before archiving when the client can be asked, and
// archives unasked when it cannot.
func ArchiveProject(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("project", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "archive_project")
	if res == nil && canElicit(ctx) {
		return server.NewInputRequestBuilder("").Elicit("archive_project", mcp.ElicitationParams{
			Message:         "Archive project " + name + "?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	approved := true
	if res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			approved = true
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			approved = false
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if !approved {
		return mcp.NewToolResultText("Project kept."), nil
	}
	if err := archiveProject(name); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Project archived."), nil
}

// stepApproval is the gate of the plan's risky steps: the question to return
// when it asks, or the decision. A client that cannot be asked is waved
// through.
func stepApproval(ctx context.Context, request mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		if !canElicit(ctx) {
			return true, nil
		}
		return false, server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, nil
	}
}

func rotateKeys(service string) error { return nil }

// RotateKeys rotates a service's keys behind stepApproval.
func RotateKeys(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	ok, ask := stepApproval(ctx, request, "rotate_service_keys", "Rotate the keys of "+service+"?")
	if ask != nil {
		return ask, nil
	}
	if !ok {
		return mcp.NewToolResultText("Keys kept."), nil
	}
	if err := rotateKeys(service); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Keys rotated."), nil
}

func truncateTable(name string) error { return nil }

// TruncateTable compares the action with a spelling no client sends, so it
// never truncates.
func TruncateTable(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "truncate_table")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("truncating needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("truncate_table", mcp.ElicitationParams{
			Message:         "Truncate table " + table + "?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case "accepted":
		if err := truncateTable(table); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Table truncated."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Table kept."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// PlanFocusPrompt asks which part of the plan to focus on before it builds the
// prompt.
func PlanFocusPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "prompt_focus")
	if res == nil {
		if !canElicit(ctx) {
			return nil, fmt.Errorf("this prompt needs a client that can ask its user")
		}
		return server.NewInputRequestBuilder("").Elicit("prompt_focus", mcp.ElicitationParams{
			Message: "Which part of the plan should the prompt focus on?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"focus": map[string]any{"type": "string", "enum": []string{"tests", "docs", "release"}}},
				"required":   []string{"focus"},
			},
		}).PromptResult(), nil
	}
	focus := "the whole plan"
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if data, ok := res.Content.(map[string]any); ok {
			if f, ok := data["focus"].(string); ok {
				focus = f
			}
		}
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return mcp.NewGetPromptResult("plan", []mcp.PromptMessage{
		mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("Review the plan, focusing on "+focus+".")),
	}), nil
}

// toolGuard refuses every tool call of a client that did not declare
// elicitation.
func toolGuard(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("this server's tools need a client that can ask its user"), nil
		}
		return next(ctx, request)
	}
}

func purgeCaches(scope string) error { return nil }

// PurgeCaches has no capability test of its own: toolGuard, on the only
// server it is registered on, refuses clients without elicitation.
func PurgeCaches(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	scope := request.GetString("scope", "all")
	res := server.ElicitationResponse(request.Params.InputResponses, "purge_caches")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("purge_caches", mcp.ElicitationParams{
			Message:         "Purge the " + scope + " caches?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := purgeCaches(scope); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Purged."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Caches kept."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// NewPlanServer builds the server of the plan tools.
func NewPlanServer() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberCaps)
	s := server.NewMCPServer("agent-plan", "1.0.0", server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("run_plan", mcp.WithString("goal")), RunAgentPlan)
	s.AddTool(mcp.NewTool("link_calendar"), ConnectCalendar)
	s.AddTool(mcp.NewTool("link_drive", mcp.WithString("email")), ConnectDrive)
	s.AddTool(mcp.NewTool("link_notion"), ConnectNotion)
	s.AddTool(mcp.NewTool("workspace_roots"), ListWorkspaceRoots)
	s.AddTool(mcp.NewTool("workspace_roots_direct"), WorkspaceRootsDirect)
	s.AddTool(mcp.NewTool("archive_project", mcp.WithString("project")), ArchiveProject)
	s.AddTool(mcp.NewTool("rotate_keys", mcp.WithString("service")), RotateKeys)
	s.AddTool(mcp.NewTool("truncate_table", mcp.WithString("table")), TruncateTable)
	s.AddPrompt(mcp.NewPrompt("plan_focus"), PlanFocusPrompt)
	return s
}

// NewGuardedServer builds the server whose tools all need elicitation.
func NewGuardedServer() *server.MCPServer {
	s := server.NewMCPServer("guarded", "1.0.0", server.WithToolHandlerMiddleware(toolGuard))
	s.AddTool(mcp.NewTool("purge_caches", mcp.WithString("scope")), PurgeCaches)
	return s
}
