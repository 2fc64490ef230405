// Package hrportal is the employee self-service portal: time off, desks,
// badges, training and offboarding. It asks with mcp-go's round trip.
package hrportal

import (
	"context"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// canElicit remembers, per session, whether the client declared
// elicitation when it connected.
var canElicit sync.Map

func rememberElicitation(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		canElicit.Store(s.SessionID(), message.Params.Capabilities.Elicitation != nil)
	}
}

// NewServer builds the HR portal server.
func NewServer() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberElicitation)
	s := server.NewMCPServer("acme-hr-portal", "5.0.1", server.WithHooks(hooks), server.WithElicitation())
	s.AddTool(mcp.NewTool("request_pto", mcp.WithString("employee_id")), RequestPTO)
	s.AddTool(mcp.NewTool("withdraw_pto", mcp.WithString("request_id")), WithdrawPTO)
	s.AddTool(mcp.NewTool("update_direct_deposit", mcp.WithString("employee_id")), UpdateDirectDeposit)
	s.AddTool(mcp.NewTool("onboarding_checklist", mcp.WithString("employee_id")), OnboardingChecklist)
	s.AddTool(mcp.NewTool("submit_timesheet", mcp.WithString("week")), SubmitTimesheet)
	s.AddTool(mcp.NewTool("timesheet_reminder", mcp.WithString("week")), TimesheetReminder)
	s.AddTool(mcp.NewTool("approve_expense", mcp.WithString("expense_id")), ApproveExpense)
	s.AddTool(mcp.NewTool("assign_department", mcp.WithString("employee_id")), AssignDepartment)
	s.AddTool(mcp.NewTool("assign_desk", mcp.WithString("employee_id")), AssignDesk)
	s.AddTool(mcp.NewTool("terminate_employee", mcp.WithString("employee_id")), TerminateEmployee)
	s.AddTool(mcp.NewTool("promote_employee", mcp.WithString("employee_id"), mcp.WithString("band")), PromoteEmployee)
	s.AddTool(mcp.NewTool("activate_badge", mcp.WithString("employee_id")), ActivateBadge)
	s.AddTool(mcp.NewTool("reverify_i9", mcp.WithString("employee_id")), ReverifyI9)
	s.AddTool(mcp.NewTool("exit_interview", mcp.WithString("employee_id")), ConductExitInterview)
	s.AddTool(mcp.NewTool("enroll_in_training", mcp.WithString("employee_id")), EnrollInTraining)
	return s
}

// Serve runs the portal over stdio for the desktop HR assistant.
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

// directory is the employee directory the portal writes to.
type directory struct {
	mu      sync.Mutex
	changes []string
	badges  map[string]bool
	i9      map[string]bool
}

func (d *directory) Apply(change string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.changes = append(d.changes, change)
}

func (d *directory) Deactivate(ctx context.Context, employeeID string) error {
	d.Apply("deactivated " + employeeID)
	return nil
}

var people = &directory{}
