// Package legacyflows contains mcp-go tools that ask the user for input by
// sending requests from the server while the tool call is running.
//
// Every tool is a method of FlowService, which captures the *server.MCPServer
// it was registered on. The methods share the same structure:
//
//	validateInput -> buildElicitationRequest -> send -> handleElicitationResult
package legacyflows

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tool names.
const (
	toolDeleteWorkspace = "delete_workspace"
	toolNotifyTeam      = "notify_team"
	toolCollectProfile  = "collect_profile"
	toolConnectDrive    = "connect_drive"
	toolConnectDropbox  = "connect_dropbox"
	toolQuickPoll       = "quick_poll"
	toolAddCollaborator = "add_collaborator"
	toolFeedbackForm    = "feedback_form"
	toolArchiveRepo     = "archive_repo"
	toolEscalateTicket  = "escalate_ticket"
)

// Keys, fields and fixed identifiers.
const (
	keyArchiveRepo = "archive_repo"

	fieldFullName = "fullName"
	fieldCompany  = "company"
	fieldChoice   = "choice"
	fieldRating   = "rating"
	fieldSeverity = "severity"

	driveFlowID = "drive-oauth"
)

// Errors shared by the tools.
var (
	errMissingArgument = errors.New("missing required argument")
	errUnknownAction   = errors.New("unknown elicitation action")
	errNoElicitation   = errors.New("the client session does not support elicitation")
)

// emptyFormSchema is the schema of a plain confirmation.
var emptyFormSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// elicitRequester is the part of *server.MCPServer that the escalation flow
// needs. Declaring it keeps the flow testable.
type elicitRequester interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

var _ elicitRequester = (*server.MCPServer)(nil)

// FlowService holds the server and the backends of the tools.
type FlowService struct {
	srv   *server.MCPServer
	asker elicitRequester

	mu            sync.Mutex
	workspaces    map[string]bool
	profiles      map[string]map[string]any
	collaborators []string
	archived      map[string]bool
	tickets       map[string]string
}

// NewFlowService builds the server and registers the tools on it.
func NewFlowService() *FlowService {
	srv := server.NewMCPServer("legacy-flows", "1.0.0", server.WithElicitation())
	s := &FlowService{
		srv:        srv,
		asker:      srv,
		workspaces: map[string]bool{},
		profiles:   map[string]map[string]any{},
		archived:   map[string]bool{},
		tickets:    map[string]string{},
	}
	s.register()
	return s
}

func (s *FlowService) register() {
	s.srv.AddTool(mcp.NewTool(toolDeleteWorkspace, mcp.WithString("workspace", mcp.Required())), s.handleDeleteWorkspace)
	s.srv.AddTool(mcp.NewTool(toolNotifyTeam), s.handleNotifyTeam)
	s.srv.AddTool(mcp.NewTool(toolCollectProfile), s.handleCollectProfile)
	s.srv.AddTool(mcp.NewTool(toolConnectDrive), s.handleConnectDrive)
	s.srv.AddTool(mcp.NewTool(toolConnectDropbox), s.handleConnectDropbox)
	s.srv.AddTool(mcp.NewTool(toolQuickPoll, mcp.WithString("question", mcp.Required())), s.handleQuickPoll)
	s.srv.AddTool(mcp.NewTool(toolAddCollaborator, mcp.WithString("repo", mcp.Required())), s.handleAddCollaborator)
	s.srv.AddTool(mcp.NewTool(toolFeedbackForm), s.handleFeedbackForm)
	s.srv.AddTool(mcp.NewTool(toolArchiveRepo, mcp.WithString("repo", mcp.Required())), s.handleArchiveRepo)
	s.srv.AddTool(mcp.NewTool(toolEscalateTicket, mcp.WithString("ticket", mcp.Required())), s.handleEscalateTicket)
}

// clientCapabilities returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCapabilities(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := sess.GetClientCapabilities()
		return &caps
	}
	return nil
}

// validateInput returns the named string argument, or an error when it is
// missing or blank.
func validateInput(req mcp.CallToolRequest, name string) (string, error) {
	v := strings.TrimSpace(req.GetString(name, ""))
	if v == "" {
		return "", fmt.Errorf("%s: %w", name, errMissingArgument)
	}
	return v, nil
}

// ---------------------------------------------------------------------------
// delete_workspace
// ---------------------------------------------------------------------------

// confirmDeletion asks the user to confirm the deletion of a workspace.
//
// Clients that do not implement elicitation get server.ErrElicitationNotSupported;
// for them the deletion goes ahead, as it did before elicitation existed.
func (s *FlowService) confirmDeletion(ctx context.Context, workspace string) (bool, error) {
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message:         "Delete workspace " + workspace + " and everything in it?",
			RequestedSchema: emptyFormSchema,
		},
	})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		slog.Warn("client cannot confirm; deleting without confirmation", "workspace", workspace)
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("confirm deletion: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("confirm deletion: %w: %q", errUnknownAction, res.Action)
	}
}

func (s *FlowService) deleteWorkspace(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.workspaces, name)
}

// handleDeleteWorkspace deletes a workspace after confirmation.
func (s *FlowService) handleDeleteWorkspace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	workspace, err := validateInput(req, "workspace")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	ok, err := s.confirmDeletion(ctx, workspace)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("Workspace kept."), nil
	}
	s.deleteWorkspace(workspace)
	return mcp.NewToolResultText("Workspace deleted."), nil
}

// ---------------------------------------------------------------------------
// notify_team
// ---------------------------------------------------------------------------

// handleNotifyTeam lets the user add an optional note before the team is
// notified. The note is a courtesy: the notification goes out regardless.
func (s *FlowService) handleNotifyTeam(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	request := mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Add a note to the team notification?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"note": map[string]any{"type": "string"}},
		},
	}}
	s.srv.RequestElicitation(ctx, request)
	slog.Info("team notified")
	return mcp.NewToolResultText("Team notified."), nil
}

// ---------------------------------------------------------------------------
// collect_profile
// ---------------------------------------------------------------------------

// handleCollectProfile collects the user's name and company.
func (s *FlowService) handleCollectProfile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Tell us your name and company so we can personalise your workspace.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldFullName: map[string]any{"type": "string", "title": "Full name"},
				fieldCompany:  map[string]any{"type": "string", "title": "Company"},
			},
			"required": []string{fieldFullName},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("could not collect the profile: " + err.Error()), nil
	}
	// readField extracts one trimmed string field from the submitted form.
	readField := func(name string) string {
		data, _ := res.Content.(map[string]any)
		v, _ := data[name].(string)
		return strings.TrimSpace(v)
	}
	fullName, company := readField(fieldFullName), readField(fieldCompany)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if fullName == "" {
			return mcp.NewToolResultError("a name is required"), nil
		}
		s.mu.Lock()
		s.profiles[fullName] = map[string]any{fieldFullName: fullName, fieldCompany: company}
		s.mu.Unlock()
		return mcp.NewToolResultText("Profile saved."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Profile not saved."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Profile collection cancelled."), nil
	default:
		return nil, fmt.Errorf("collect profile: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// connect_drive / connect_dropbox (URL mode)
// ---------------------------------------------------------------------------

// handleConnectDrive starts the Google Drive authorization.
func (s *FlowService) handleConnectDrive(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	res, err := s.srv.RequestURLElicitation(ctx, session, driveFlowID,
		"https://auth.example.com/drive/start", "Authorize access to your Google Drive.")
	if err != nil {
		return mcp.NewToolResultError("could not start the authorization: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Authorization started; call this tool again once you have finished in the browser."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Drive not connected."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Authorization cancelled."), nil
	default:
		return nil, fmt.Errorf("connect drive: %w: %q", errUnknownAction, res.Action)
	}
}

// handleConnectDropbox starts the Dropbox authorization. The flow is keyed by
// the session so that the OAuth callback can find the session again.
func (s *FlowService) handleConnectDropbox(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	if session == nil {
		return mcp.NewToolResultError("no active session"), nil
	}
	flowID := "dropbox-" + session.SessionID()
	res, err := s.srv.RequestURLElicitation(ctx, session, flowID,
		"https://auth.example.com/dropbox/start?flow="+rand.Text(), "Authorize access to your Dropbox.")
	if err != nil {
		return mcp.NewToolResultError("could not start the authorization: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Authorization started; call again once it is done."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Dropbox not connected."), nil
	default:
		return nil, fmt.Errorf("connect dropbox: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// quick_poll (through the session)
// ---------------------------------------------------------------------------

// handleQuickPoll asks the user a yes/no poll question through the session.
func (s *FlowService) handleQuickPoll(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	question, err := validateInput(req, "question")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	es, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError(errNoElicitation.Error()), nil
	}
	res, err := es.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: question,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldChoice: map[string]any{"type": "string", "enum": []string{"yes", "no"}, "default": "maybe"},
			},
			"required": []string{fieldChoice},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("poll failed: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		choice, _ := data[fieldChoice].(string)
		return mcp.NewToolResultText("You voted: " + choice), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No vote recorded."), nil
	default:
		return nil, fmt.Errorf("quick poll: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// add_collaborator
// ---------------------------------------------------------------------------

// handleAddCollaborator confirms before a collaborator is added.
func (s *FlowService) handleAddCollaborator(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo, err := validateInput(req, "repo")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Mode:    mcp.ElicitationModeForm,
		Message: "Give the invited collaborator write access to " + repo + "?",
	}})
	if err != nil {
		return mcp.NewToolResultError("could not ask: " + err.Error()), nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText(fmt.Sprintf("Collaborator not added (%s).", res.Action)), nil
	}
	s.mu.Lock()
	s.collaborators = append(s.collaborators, repo)
	s.mu.Unlock()
	return mcp.NewToolResultText("Collaborator added."), nil
}

// ---------------------------------------------------------------------------
// feedback_form
// ---------------------------------------------------------------------------

// handleFeedbackForm asks for a rating of the service.
func (s *FlowService) handleFeedbackForm(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "How would you rate the service today?",
		RequestedSchema: `{"type":"object","properties":{"rating":{"type":"integer","minimum":1,"maximum":5}},"required":["rating"]}`,
	}})
	if err != nil {
		return mcp.NewToolResultError("could not ask for feedback: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		rating, _ := data[fieldRating].(float64)
		return mcp.NewToolResultText(fmt.Sprintf("Thanks for rating us %.0f/5.", rating)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No rating given."), nil
	default:
		return nil, fmt.Errorf("feedback: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// archive_repo (both eras)
// ---------------------------------------------------------------------------

// archiveParams builds the confirmation question of archive_repo.
func archiveParams(repo string) mcp.ElicitationParams {
	return mcp.ElicitationParams{
		Message:         "Archive repository " + repo + "? It becomes read-only.",
		RequestedSchema: emptyFormSchema,
	}
}

// finishArchive acts on the user's answer to the archive question.
func (s *FlowService) finishArchive(res *mcp.ElicitationResult, repo string) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		s.mu.Lock()
		s.archived[repo] = true
		s.mu.Unlock()
		return mcp.NewToolResultText("Repository archived."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Repository not archived."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Archiving cancelled."), nil
	default:
		return nil, fmt.Errorf("archive: %w: %q", errUnknownAction, res.Action)
	}
}

// handleArchiveRepo archives a repository after confirmation. Clients on
// protocols before 2026-07-28 are asked directly; newer clients get the
// question in the result.
func (s *FlowService) handleArchiveRepo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo, err := validateInput(req, "repo")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !server.IsModernRequest(ctx) {
		res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: archiveParams(repo)})
		if err != nil {
			return mcp.NewToolResultError("could not ask for confirmation: " + err.Error()), nil
		}
		return s.finishArchive(res, repo)
	}
	res := server.ElicitationResponse(req.Params.InputResponses, keyArchiveRepo)
	if res == nil {
		caps := clientCapabilities(ctx)
		if caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("archiving needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keyArchiveRepo, archiveParams(repo)).ToolResult(), nil
	}
	return s.finishArchive(res, repo)
}

// ---------------------------------------------------------------------------
// escalate_ticket (through elicitRequester)
// ---------------------------------------------------------------------------

// handleEscalateTicket asks for the severity of an escalation.
func (s *FlowService) handleEscalateTicket(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ticket, err := validateInput(req, "ticket")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res, err := s.asker.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "How severe is ticket " + ticket + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldSeverity: map[string]any{"type": "string", "enum": []string{"low", "high", "critical"}},
			},
			"required": []string{fieldSeverity},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("could not ask for the severity: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		severity, _ := data[fieldSeverity].(string)
		s.mu.Lock()
		s.tickets[ticket] = severity
		s.mu.Unlock()
		return mcp.NewToolResultText("Ticket escalated as " + severity + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Ticket not escalated."), nil
	default:
		return nil, fmt.Errorf("escalate: %w: %q", errUnknownAction, res.Action)
	}
}
