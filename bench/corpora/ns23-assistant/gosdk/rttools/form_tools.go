package rttools

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Field names of the forms in this file.
const (
	fieldDatasets    = "datasets"
	fieldCommitStyle = "style"
	fieldFromDate    = "from"
)

// ExportDataInput is the input of the export_data tool.
type ExportDataInput struct{}

// handleExportData exports the datasets the user selects.
func handleExportData(ctx context.Context, req *mcp.CallToolRequest, _ ExportDataInput) (*mcp.CallToolResult, ToolResult, error) {
	res, ok := req.Params.InputResponses[keyExportData].(*mcp.ElicitResult)
	if !ok {
		if !canElicitForms(req) {
			return nil, ToolResult{}, fmt.Errorf("export data: %w", errCannotElicit)
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyExportData: &mcp.ElicitParams{
				Message: "Which datasets should be exported?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						fieldDatasets: map[string]any{
							"type":  "array",
							"title": "Datasets",
							"items": map[string]any{"type": "string", "enum": []string{"users", "orders", "invoices"}},
						},
					},
					"required": []string{fieldDatasets},
				},
			},
		}}, ToolResult{}, nil
	}
	switch res.Action {
	case actionAccept:
		// Multi-select answers decode as []any.
		var datasets []string
		if raw, ok := res.Content[fieldDatasets].([]any); ok {
			for _, v := range raw {
				if name, ok := v.(string); ok {
					datasets = append(datasets, name)
				}
			}
		}
		if len(datasets) == 0 {
			return textResult("Nothing selected, nothing exported."), ToolResult{Message: "Nothing exported."}, nil
		}
		msg := "Exported: " + strings.Join(datasets, ", ")
		return textResult(msg), ToolResult{Success: true, Message: msg}, nil
	case actionDecline, actionCancel:
		return textResult("Export skipped."), ToolResult{Message: "Export skipped."}, nil
	default:
		return nil, ToolResult{}, fmt.Errorf("export data: %w: %q", errUnknownAction, res.Action)
	}
}

// DashboardInput is the input of the open_dashboard tool.
type DashboardInput struct{}

// handleOpenDashboard connects the user's analytics dashboard account through
// an out-of-band authorization page.
func handleOpenDashboard(ctx context.Context, req *mcp.CallToolRequest, _ DashboardInput) (*mcp.CallToolResult, ToolResult, error) {
	res, ok := req.Params.InputResponses[keyOpenDashboard].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, ToolResult{}, fmt.Errorf("open dashboard: %w", errCannotOpenURL)
		}
		flowID := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyOpenDashboard: &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Sign in to the analytics dashboard to connect it.",
				URL:           "https://dashboard.example.com/connect?flow=" + flowID,
				ElicitationID: flowID,
			},
		}}, ToolResult{}, nil
	}
	switch res.Action {
	case actionAccept:
		return textResult("Successfully connected your dashboard account."), ToolResult{Success: true, Message: "Connected."}, nil
	case actionDecline:
		return textResult("Dashboard not connected."), ToolResult{Message: "Dashboard not connected."}, nil
	case actionCancel:
		return textResult("Connection cancelled."), ToolResult{Message: "Connection cancelled."}, nil
	default:
		return nil, ToolResult{}, fmt.Errorf("open dashboard: %w: %q", errUnknownAction, res.Action)
	}
}

// calendarLinks records the sessions whose calendar authorization finished.
// The OAuth callback handler (not shown) stores into it.
var calendarLinks sync.Map

// isCalendarLinked reports whether the OAuth callback for the session ran.
func isCalendarLinked(sessionID string) bool {
	_, ok := calendarLinks.Load(sessionID)
	return ok
}

// CalendarInput is the input of the link_calendar tool.
type CalendarInput struct{}

// handleLinkCalendar links the user's calendar through an authorization page.
func handleLinkCalendar(ctx context.Context, req *mcp.CallToolRequest, _ CalendarInput) (*mcp.CallToolResult, ToolResult, error) {
	res, ok := req.Params.InputResponses[keyLinkCalendar].(*mcp.ElicitResult)
	if !ok {
		if !canElicitForms(req) {
			return nil, ToolResult{}, fmt.Errorf("link calendar: %w", errCannotElicit)
		}
		flowID := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyLinkCalendar: &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Authorize calendar access in your browser.",
				URL:           "https://calendar.example.com/oauth/start?flow=" + flowID,
				ElicitationID: flowID,
			},
		}}, ToolResult{}, nil
	}
	switch res.Action {
	case actionAccept:
		if isCalendarLinked(req.Session.ID()) {
			return textResult("Calendar linked."), ToolResult{Success: true, Message: "Calendar linked."}, nil
		}
		return textResult("Waiting for the calendar authorization; call again once it is done."), ToolResult{Message: "Pending."}, nil
	case actionDecline, actionCancel:
		return textResult("Calendar not linked."), ToolResult{Message: "Calendar not linked."}, nil
	default:
		return nil, ToolResult{}, fmt.Errorf("link calendar: %w: %q", errUnknownAction, res.Action)
	}
}

// handleCommitMessagePrompt builds a commit message prompt in the style the
// user picks.
func handleCommitMessagePrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	intro := &mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: "Write a commit message for the staged changes."}}
	res, ok := req.Params.InputResponses[keyCommitStyle].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{intro}}, nil
		}
		return &mcp.GetPromptResult{
			Description: "Commit message (waiting for the style)",
			Messages:    []*mcp.PromptMessage{intro},
			InputRequests: mcp.InputRequestMap{
				keyCommitStyle: &mcp.ElicitParams{
					Message: "Which commit message style do you use?",
					RequestedSchema: map[string]any{
						"type": "object",
						"properties": map[string]any{
							fieldCommitStyle: map[string]any{"type": "string", "enum": []string{"conventional", "plain"}},
						},
						"required": []string{fieldCommitStyle},
					},
				},
			},
		}, nil
	}
	style := "plain"
	switch res.Action {
	case actionAccept:
		if s, ok := res.Content[fieldCommitStyle].(string); ok {
			style = s
		}
	case actionDecline, actionCancel:
		slog.Debug("commit style not chosen; using plain")
	default:
		return nil, fmt.Errorf("commit prompt: %w: %q", errUnknownAction, res.Action)
	}
	styled := &mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: "Use the " + style + " style."}}
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{intro, styled}}, nil
}

// handleReportResource renders the usage report for the date range the user
// picks.
func handleReportResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses[keyReportRange].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, fmt.Errorf("usage report: %w", errCannotElicit)
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{
			keyReportRange: &mcp.ElicitParams{
				Message: "From which date should the usage report start?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{fieldFromDate: map[string]any{"type": "string", "format": "date"}},
					"required":   []string{fieldFromDate},
				},
			},
		}}, nil
	}
	from := "the beginning"
	switch res.Action {
	case actionAccept:
		if d, ok := res.Content[fieldFromDate].(string); ok && d != "" {
			from = d
		}
	case actionDecline, actionCancel:
		slog.Debug("no start date chosen")
	default:
		return nil, fmt.Errorf("usage report: %w: %q", errUnknownAction, res.Action)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
		URI:  req.Params.URI,
		Text: "Usage since " + from,
	}}}, nil
}
