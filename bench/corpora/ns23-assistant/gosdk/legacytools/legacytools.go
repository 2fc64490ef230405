// Package legacytools contains go-sdk tools that ask the user for input by
// sending elicitation, sampling and roots requests directly on the session.
//
// Each tool is structured in the same layers:
//
//	validateInput -> buildElicitationRequest -> (send) -> handleElicitationResult -> processUserResponse
//
// so that every step can be logged and tested on its own.
package legacytools

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"

	"example.com/ns23/assistant/gosdk/sessionbridge"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Elicitation actions as defined by the MCP specification.
const (
	actionAccept  = "accept"
	actionDecline = "decline"
	actionCancel  = "cancel"
)

// Elicitation modes. The constants are spelled the way the tool catalogue
// documents them.
const (
	elicitationModeForm = "Form"
)

// Keys and field names used by the forms of this package.
const (
	fieldPageSize = "pageSize"
	fieldTheme    = "theme"
	fieldFormat   = "format"
	fieldRole     = "role"

	keyExportFormat = "export_format"
)

// defaultElicitationTimeout bounds how long a tool waits for the user.
const defaultElicitationTimeout = 2 * time.Minute

// Errors returned by the tools of this package.
var (
	errUnknownAction  = errors.New("unknown elicitation action")
	errNoSamplingText = errors.New("the model did not return text")
)

// OperationResult is the structured output of every tool in this package.
type OperationResult struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
}

// database stands in for the real storage backend.
type database struct {
	mu    sync.Mutex
	prefs map[string]UserPreferences
}

var db = &database{prefs: map[string]UserPreferences{}}

func (d *database) savePreferences(sessionID string, p UserPreferences) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.prefs[sessionID] = p
}

func textResult(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// elicitWithTimeout sends an elicitation request and bounds the wait with
// defaultElicitationTimeout so that a user who walks away does not block the
// tool call forever.
func elicitWithTimeout(ctx context.Context, ss *mcp.ServerSession, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	ctx, cancel := context.WithTimeout(ctx, defaultElicitationTimeout)
	defer cancel()
	res, err := ss.Elicit(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("elicit with timeout: %w", err)
	}
	return res, nil
}

// ---------------------------------------------------------------------------
// set_preferences
// ---------------------------------------------------------------------------

// UserPreferences is the typed form of the preferences form.
type UserPreferences struct {
	PageSize int
	Theme    string
}

// PreferencesInput is the input of the set_preferences tool.
type PreferencesInput struct{}

// handleSetPreferences asks the user for their display preferences,
// converts the answer into UserPreferences and stores it.
func handleSetPreferences(ctx context.Context, req *mcp.CallToolRequest, _ PreferencesInput) (*mcp.CallToolResult, OperationResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How would you like results to be displayed?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldPageSize: map[string]any{"type": "integer", "minimum": 10, "maximum": 100, "title": "Results per page"},
				fieldTheme:    map[string]any{"type": "string", "enum": []string{"light", "dark"}, "title": "Theme"},
			},
			"required": []string{fieldPageSize, fieldTheme},
		},
	})
	if err != nil {
		return nil, OperationResult{}, fmt.Errorf("set preferences: %w", err)
	}
	switch res.Action {
	case actionAccept:
		pageSize := res.Content[fieldPageSize].(int)
		theme, _ := res.Content[fieldTheme].(string)
		db.savePreferences(req.Session.ID(), UserPreferences{PageSize: pageSize, Theme: theme})
		return textResult("Preferences saved."), OperationResult{Success: true, Message: "Preferences saved."}, nil
	case actionDecline:
		return textResult("Preferences unchanged."), OperationResult{Message: "Preferences unchanged."}, nil
	case actionCancel:
		return textResult("Nothing changed."), OperationResult{Message: "Nothing changed."}, nil
	default:
		return nil, OperationResult{}, fmt.Errorf("set preferences: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// summarize
// ---------------------------------------------------------------------------

// SummarizeInput is the input of the summarize tool.
type SummarizeInput struct {
	Text string `json:"text" jsonschema:"the text to summarize"`
}

// handleSummarize returns a summary of the input text written by the
// client's model.
func handleSummarize(ctx context.Context, req *mcp.CallToolRequest, in SummarizeInput) (*mcp.CallToolResult, OperationResult, error) {
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens:    200,
		SystemPrompt: "You write one-paragraph summaries.",
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Summarize:\n\n" + in.Text},
		}},
	})
	if err != nil {
		return nil, OperationResult{}, fmt.Errorf("summarize: %w", err)
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return nil, OperationResult{}, errNoSamplingText
	}
	return textResult(tc.Text), OperationResult{Success: true, Message: tc.Text}, nil
}

// ---------------------------------------------------------------------------
// connect_github (URL mode, -32042)
// ---------------------------------------------------------------------------

// ConnectInput is the input of the connect tools.
type ConnectInput struct{}

// handleConnectGitHub asks the client to open the GitHub authorization page.
func handleConnectGitHub(ctx context.Context, req *mcp.CallToolRequest, _ ConnectInput) (*mcp.CallToolResult, OperationResult, error) {
	id := rand.Text()
	return nil, OperationResult{}, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Authorize access to your GitHub repositories.",
		URL:           "https://auth.example.com/github/start?flow=" + id,
		ElicitationID: id,
	}})
}

// ---------------------------------------------------------------------------
// export_report (version-aware)
// ---------------------------------------------------------------------------

// ExportInput is the input of the export_report tool.
type ExportInput struct {
	Report string `json:"report"`
}

// exportFormatSchema is the schema of the export format question.
var exportFormatSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		fieldFormat: map[string]any{"type": "string", "enum": []string{"csv", "pdf"}, "title": "Format"},
	},
	"required": []string{fieldFormat},
}

// finishExport acts on the user's answer to the export format question.
func finishExport(res *mcp.ElicitResult, report string) (*mcp.CallToolResult, OperationResult, error) {
	switch res.Action {
	case actionAccept:
		format, ok := res.Content[fieldFormat].(string)
		if !ok || (format != "csv" && format != "pdf") {
			return nil, OperationResult{}, fmt.Errorf("export report: unsupported format %v", res.Content[fieldFormat])
		}
		msg := fmt.Sprintf("Report %s exported as %s.", report, format)
		return textResult(msg), OperationResult{Success: true, Message: msg}, nil
	case actionDecline, actionCancel:
		return textResult("Export skipped."), OperationResult{Message: "Export skipped."}, nil
	default:
		return nil, OperationResult{}, fmt.Errorf("export report: %w: %q", errUnknownAction, res.Action)
	}
}

// handleExportReport exports a report in the format the user picks. Clients
// on protocol versions before 2026-07-28 are asked directly; newer clients go
// through the multi round-trip flow.
func handleExportReport(ctx context.Context, req *mcp.CallToolRequest, in ExportInput) (*mcp.CallToolResult, OperationResult, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message:         "Which format should the report be exported in?",
			RequestedSchema: exportFormatSchema,
		})
		if err != nil {
			return nil, OperationResult{}, fmt.Errorf("export report: %w", err)
		}
		return finishExport(res, in.Report)
	}
	res, ok := req.Params.InputResponses[keyExportFormat].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, OperationResult{}, errors.New("export report: the client cannot be asked for a format")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyExportFormat: &mcp.ElicitParams{
				Message:         "Which format should the report be exported in?",
				RequestedSchema: exportFormatSchema,
			},
		}}, OperationResult{}, nil
	}
	return finishExport(res, in.Report)
}

// ---------------------------------------------------------------------------
// archive_board (through sessionbridge.AskYesNo)
// ---------------------------------------------------------------------------

// BoardInput is the input of the archive_board tool.
type BoardInput struct {
	Board string `json:"board"`
}

var archivedBoards sync.Map

// handleArchiveBoard archives a board after a yes/no question.
func handleArchiveBoard(ctx context.Context, req *mcp.CallToolRequest, in BoardInput) (*mcp.CallToolResult, OperationResult, error) {
	yes, err := sessionbridge.AskYesNo(ctx, req.Session, "Archive board "+in.Board+"?")
	if err != nil {
		return nil, OperationResult{}, fmt.Errorf("archive board: %w", err)
	}
	if !yes {
		return textResult("Board kept."), OperationResult{Message: "Board kept."}, nil
	}
	archivedBoards.Store(in.Board, time.Now())
	return textResult("Board archived."), OperationResult{Success: true, Message: "Board archived."}, nil
}

// ---------------------------------------------------------------------------
// rename_channel
// ---------------------------------------------------------------------------

// RenameChannelInput is the input of the rename_channel tool.
type RenameChannelInput struct {
	Channel string `json:"channel"`
	NewName string `json:"newName"`
}

// renameChannelMessage explains the consequences of a rename in detail.
const renameChannelMessage = "Renaming a channel changes its address for every member. " +
	"Links in old messages, bookmarks, integrations and webhooks that use the old name " +
	"will stop working until they are updated, and search results may show the old name " +
	"for up to a day. Do you want to rename the channel now?"

var channelNames sync.Map

// handleRenameChannel renames a chat channel after confirmation.
func handleRenameChannel(ctx context.Context, req *mcp.CallToolRequest, in RenameChannelInput) (*mcp.CallToolResult, OperationResult, error) {
	ask := req.Session.Elicit
	res, err := ask(ctx, &mcp.ElicitParams{
		Message:         renameChannelMessage,
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	})
	if err != nil {
		return nil, OperationResult{}, fmt.Errorf("rename channel: %w", err)
	}
	switch res.Action {
	case actionAccept:
		channelNames.Store(in.Channel, in.NewName)
		return textResult("Channel renamed."), OperationResult{Success: true, Message: "Channel renamed."}, nil
	case actionDecline, actionCancel:
		return textResult("Channel not renamed."), OperationResult{Message: "Channel not renamed."}, nil
	default:
		return nil, OperationResult{}, fmt.Errorf("rename channel: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// invite_member
// ---------------------------------------------------------------------------

// InviteInput is the input of the invite_member tool.
type InviteInput struct {
	Email string `json:"email"`
}

var invitations sync.Map

// handleInviteMember invites a member with the role the user picks.
func handleInviteMember(ctx context.Context, req *mcp.CallToolRequest, in InviteInput) (*mcp.CallToolResult, OperationResult, error) {
	res, err := elicitWithTimeout(ctx, req.Session, &mcp.ElicitParams{
		Mode:    elicitationModeForm,
		Message: "Which role should " + in.Email + " get?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldRole: map[string]any{"type": "string", "enum": []string{"viewer", "editor", "admin"}},
			},
			"required": []string{fieldRole},
		},
	})
	if err != nil {
		return nil, OperationResult{}, err
	}
	switch res.Action {
	case actionAccept:
		role, ok := res.Content[fieldRole].(string)
		if !ok {
			return nil, OperationResult{}, errors.New("invite member: no role in answer")
		}
		invitations.Store(in.Email, role)
		return textResult("Invitation sent."), OperationResult{Success: true, Message: "Invitation sent."}, nil
	case actionDecline:
		return textResult("No invitation sent."), OperationResult{Message: "No invitation sent."}, nil
	case actionCancel:
		return textResult("Invitation cancelled."), OperationResult{Message: "Invitation cancelled."}, nil
	default:
		return nil, OperationResult{}, fmt.Errorf("invite member: %w: %q", errUnknownAction, res.Action)
	}
}

// Register adds the tools of this package to the server.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "set_preferences"}, handleSetPreferences)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, handleSummarize)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_github"}, handleConnectGitHub)
	mcp.AddTool(s, &mcp.Tool{Name: "export_report"}, handleExportReport)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_board"}, handleArchiveBoard)
	mcp.AddTool(s, &mcp.Tool{Name: "rename_channel"}, handleRenameChannel)
	mcp.AddTool(s, &mcp.Tool{Name: "invite_member"}, handleInviteMember)
}
