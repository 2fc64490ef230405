// Package payroll is the payroll operations server. It asks its questions
// with the 2026-07-28 round trip and is served statelessly over HTTP.
package payroll

import (
	"fmt"
	"net/http"
	"os"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewServer builds the payroll server.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "acme-payroll", Version: "3.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "approve_run"}, ApproveRun)
	mcp.AddTool(s, &mcp.Tool{Name: "reissue_paycheck"}, ReissuePaycheck)
	mcp.AddTool(s, &mcp.Tool{Name: "adjust_salary"}, AdjustSalary)
	mcp.AddTool(s, &mcp.Tool{Name: "run_off_cycle"}, RunOffCycle)
	mcp.AddTool(s, &mcp.Tool{Name: "pay_bonus"}, PayBonus)
	mcp.AddTool(s, &mcp.Tool{Name: "set_tax_elections"}, SetTaxElections)
	mcp.AddTool(s, &mcp.Tool{Name: "schedule_raise"}, ScheduleRaise)
	mcp.AddTool(s, &mcp.Tool{Name: "approve_reimbursement"}, ApproveReimbursement)
	mcp.AddTool(s, &mcp.Tool{Name: "categorize_expense"}, CategorizeExpense)
	mcp.AddTool(s, &mcp.Tool{Name: "suggest_gl_code"}, SuggestGLCode)
	mcp.AddTool(s, &mcp.Tool{Name: "import_timesheets"}, ImportTimesheets)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_bank_feed"}, ConnectBankFeed)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_payroll_provider"}, ConnectPayrollProvider)
	mcp.AddTool(s, &mcp.Tool{Name: "verify_bank_account"}, VerifyBankAccount)
	mcp.AddTool(s, &mcp.Tool{Name: "close_quarter"}, CloseQuarter)
	return s
}

// Handler serves the payroll server statelessly: every call is
// self-contained, as protocol 2026-07-28 expects.
func Handler() http.Handler {
	s := NewServer()
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
}

// stateKey signs the request state this server hands out.
var stateKey = []byte(os.Getenv("PAYROLL_STATE_KEY"))

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func money(cents int64) string {
	return fmt.Sprintf("$%d.%02d", cents/100, cents%100)
}

// ledger is the payroll ledger the tools post to.
type ledger struct {
	mu      sync.Mutex
	entries []string
}

func (l *ledger) Post(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, fmt.Sprintf(format, args...))
}

var books = &ledger{}

// linkStatus records what the bank and provider callbacks reported, by
// the flow ID this server handed out.
var (
	linkMu     sync.Mutex
	linkStatus = map[string]string{}
)

// Inputs of the tools.
type (
	RunIn struct {
		RunID      string `json:"run_id"`
		TotalCents int64  `json:"total_cents"`
		Headcount  int    `json:"headcount"`
	}
	EmployeeIn struct {
		EmployeeID string `json:"employee_id"`
	}
	CheckIn struct {
		EmployeeID  string `json:"employee_id"`
		CheckNumber string `json:"check_number"`
	}
	BonusIn struct {
		EmployeeID  string `json:"employee_id"`
		AmountCents int64  `json:"amount_cents"`
	}
	OffCycleIn struct {
		Reason string `json:"reason"`
	}
	ExpenseIn struct {
		ExpenseID   string `json:"expense_id"`
		Description string `json:"description"`
	}
	CompanyIn struct {
		CompanyID string `json:"company_id"`
	}
	QuarterIn struct {
		Quarter string `json:"quarter"`
	}
)
