// Package caps is an mcp-go project-board server written for the round
// trip. It tests what each client declared, sometimes per request and
// sometimes from what it kept. Served over stdio.
package caps

import (
	"context"
	"crypto/rand"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	mu    sync.Mutex
	board = map[string]string{}
)

func set(k, v string) {
	mu.Lock()
	defer mu.Unlock()
	board[k] = v
}

// sessionCaps keeps what each session declared at initialize.
var sessionCaps sync.Map

// lastSeenCaps is what the most recent modern request declared.
var (
	lastMu       sync.Mutex
	lastSeenCaps *mcp.ClientCapabilities
)

func NewServer() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberCaps)
	s := server.NewMCPServer("caps", "1.0.0", server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("whoami"), whoami)
	s.AddTool(mcp.NewTool("archive_board", mcp.WithString("board", mcp.Required())), archiveBoard)
	s.AddTool(mcp.NewTool("invite_member", mcp.WithString("email", mcp.Required())), inviteMember)
	s.AddTool(mcp.NewTool("connect_slack"), connectSlack)
	s.AddTool(mcp.NewTool("plan_sprint", mcp.WithString("goal", mcp.Required())), planSprint)
	s.AddTool(mcp.NewTool("rename_board", mcp.WithString("board", mcp.Required())), renameBoard)
	s.AddTool(mcp.NewTool("export_board", mcp.WithString("board", mcp.Required())), exportBoard)
	return s
}

func Serve() error {
	return server.ServeStdio(NewServer())
}

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

// rememberCaps keeps each session's initialize capabilities.
func rememberCaps(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		sessionCaps.Store(s.SessionID(), message.Params.Capabilities)
	}
}

// keptCaps returns what the session declared at initialize.
func keptCaps(ctx context.Context) (mcp.ClientCapabilities, bool) {
	s := server.ClientSessionFromContext(ctx)
	if s == nil {
		return mcp.ClientCapabilities{}, false
	}
	v, ok := sessionCaps.Load(s.SessionID())
	if !ok {
		return mcp.ClientCapabilities{}, false
	}
	caps, ok := v.(mcp.ClientCapabilities)
	return caps, ok
}

// whoami reports the caller, and notes what it declared.
func whoami(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info := server.RequestProtocolInfoFromContext(ctx)
	if info == nil || info.ClientInfo == nil {
		return mcp.NewToolResultText("an older client"), nil
	}
	lastMu.Lock()
	lastSeenCaps = info.ClientCapabilities
	lastMu.Unlock()
	return mcp.NewToolResultText(info.ClientInfo.Name + " " + info.ClientInfo.Version), nil
}

// archiveBoard tests the capabilities kept at initialize.
func archiveBoard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("board", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "archive_board")
	if res == nil {
		caps, ok := keptCaps(ctx)
		if !ok || caps.Elicitation == nil {
			return mcp.NewToolResultError("archiving needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("archive_board", mcp.ElicitationParams{
			Message:         "Archive board " + name + "?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		set("archived", name)
		return mcp.NewToolResultText("archived " + name), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("board kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// inviteMember tests what the last modern request declared.
func inviteMember(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	who := request.GetString("email", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "invite")
	if res == nil {
		lastMu.Lock()
		caps := lastSeenCaps
		lastMu.Unlock()
		if caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("inviting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("invite", mcp.ElicitationParams{
			Message:         "Invite " + who + " to the workspace?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		set("invited", who)
		return mcp.NewToolResultText("invitation sent"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("nobody invited"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// connectSlack sends the user to Slack's consent page, after testing only
// that the client can answer forms.
func connectSlack(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "slack")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("connect Slack from the web app instead"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("slack", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Connect your Slack workspace",
			URL:           "https://boards.example.com/slack/connect?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Call this tool again after you approve the app in Slack."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Slack not connected"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// planSprint lets the model look at the backlog, after testing only that the
// client samples.
func planSprint(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	goal := request.GetString("goal", "")
	res := server.SamplingResponse(request.Params.InputResponses, "plan")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("planning needs a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("plan", mcp.CreateMessageParams{
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Plan a sprint for: " + goal)}},
			MaxTokens: 800,
			Tools:     []mcp.Tool{mcp.NewTool("read_backlog")},
		}).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return nil, fmt.Errorf("sampling answer: %w", err)
	}
	if tc, ok := content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(tc.Text), nil
	}
	return mcp.NewToolResultError("the model did not answer with text"), nil
}

var renameSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"name": map[string]any{"type": "string", "description": "The board's new name", "maxLength": 80},
	},
	"required": []string{"name"},
}

// renameBoard tests this request's own capabilities.
func renameBoard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	old := request.GetString("board", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "rename_board")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("renaming needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("rename_board", mcp.ElicitationParams{
			Message:         "New name for board " + old + "?",
			RequestedSchema: renameSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("no name given"), nil
		}
		name, ok := data["name"].(string)
		if !ok || name == "" {
			return mcp.NewToolResultError("no name given"), nil
		}
		set("rename "+old, name)
		return mcp.NewToolResultText("renamed to " + name), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("name kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// exportBoard asks when the client can be asked, and exports otherwise.
func exportBoard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("board", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "export_board")
	if res == nil {
		if caps := clientCaps(ctx); caps != nil && caps.Elicitation != nil {
			return server.NewInputRequestBuilder("").Elicit("export_board", mcp.ElicitationParams{
				Message:         "Export board " + name + " with its comments?",
				RequestedSchema: yesNo,
			}).ToolResult(), nil
		}
	} else {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("nothing exported"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	set("exported", name)
	return mcp.NewToolResultText("exported " + name), nil
}
