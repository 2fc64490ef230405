package wizard

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Elicitation actions as defined by the MCP specification.
const (
	actionAccept  = "accept"
	actionDecline = "decline"
	actionCancel  = "cancel"
)

// Input request keys.
const (
	keyProvision      = "provision_confirm"
	keyExpense        = "expense_confirm"
	keyBadgeName      = "badge_name"
	keyRetroWentWell  = "retro_went_well"
	keyRetroImprove   = "retro_improve"
	keyRefund         = "refund_confirm"
	keyTransfer       = "transfer_confirm"
	keyJobTime        = "job_time"
	keyJobConfirm     = "job_confirm"
	keyResetCounters  = "reset_counters"
	stateRetroImprove = "retro=improve"
	stateBadgeAsked   = "asked"
)

// Field names.
const (
	fieldName     = "name"
	fieldWentWell = "wentWell"
	fieldImprove  = "improve"
	fieldWhen     = "when"
)

// Out is the structured output of every tool in this package.
type Out struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
}

// backend stands in for the systems the wizard tools change.
type backend struct {
	mu         sync.Mutex
	counters   map[string]int
	databases  map[string]int
	expenses   map[string]float64
	badges     []string
	refunds    map[string]float64
	transfers  []string
	jobs       []string
	approvals  map[string]*approvalRecord
	nextHandle int
}

type approvalRecord struct {
	approved bool
	what     string
}

var ledger = &backend{
	counters:  map[string]int{},
	databases: map[string]int{},
	expenses:  map[string]float64{},
	refunds:   map[string]float64{},
	approvals: map[string]*approvalRecord{},
}

func (b *backend) provision(env string, sizeGB int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.databases[env] += sizeGB
}

func (b *backend) approveExpense(id string, amount float64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.expenses[id] = amount
}

func (b *backend) printBadge(name string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.badges = append(b.badges, name)
}

func (b *backend) refund(orderID string, amount float64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refunds[orderID] = amount
}

func (b *backend) transfer(account string, amount float64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.transfers = append(b.transfers, fmt.Sprintf("%s:%.2f", account, amount))
}

func (b *backend) schedule(when, user string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.jobs = append(b.jobs, when+"@"+user)
}

func (b *backend) resetCounters(project string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.counters[project] = 0
}

func (b *backend) openApproval(what string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.nextHandle++
	handle := fmt.Sprintf("apr-%d-%s", b.nextHandle, rand.Text())
	b.approvals[handle] = &approvalRecord{what: what}
	return handle
}

func (b *backend) approval(handle string) (*approvalRecord, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	rec, ok := b.approvals[handle]
	return rec, ok
}

// ---------------------------------------------------------------------------
// provision_database
// ---------------------------------------------------------------------------

// ProvisionInput is the input of the provision_database tool.
type ProvisionInput struct {
	Environment string `json:"environment"`
	SizeGB      int    `json:"sizeGB"`
}

// handleProvisionDatabase provisions a database after confirmation. The
// environment confirmed by the user is remembered in the request state so
// that the second call provisions exactly what was confirmed.
func handleProvisionDatabase(ctx context.Context, req *mcp.CallToolRequest, in ProvisionInput) (*mcp.CallToolResult, Out, error) {
	res, ok := req.Params.InputResponses[keyProvision].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, Out{}, errCannotElicit
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{keyProvision: &mcp.ElicitParams{
				Message:         fmt.Sprintf("Provision a %d GB database in %s?", in.SizeGB, in.Environment),
				RequestedSchema: confirmationSchema,
			}},
			RequestState: "env=" + in.Environment,
		}, Out{}, nil
	}
	switch res.Action {
	case actionAccept:
		env := strings.TrimPrefix(req.Params.RequestState, "env=")
		ledger.provision(env, in.SizeGB)
		return textResult("Database provisioned in " + env + "."), Out{Success: true, Message: "Provisioned."}, nil
	case actionDecline, actionCancel:
		return textResult("Nothing provisioned."), Out{Message: "Nothing provisioned."}, nil
	default:
		return nil, Out{}, fmt.Errorf("provision: %w: %q", errUnknownAct, res.Action)
	}
}

// ---------------------------------------------------------------------------
// approve_expense
// ---------------------------------------------------------------------------

// ExpenseInput is the input of the approve_expense tool.
type ExpenseInput struct {
	ExpenseID string  `json:"expenseId"`
	Amount    float64 `json:"amount"`
}

// handleApproveExpense approves an expense. The amount shown to the user is
// carried in the state so that the approval applies to that exact amount.
func handleApproveExpense(ctx context.Context, req *mcp.CallToolRequest, in ExpenseInput) (*mcp.CallToolResult, Out, error) {
	res, ok := req.Params.InputResponses[keyExpense].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, Out{}, errCannotElicit
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{keyExpense: &mcp.ElicitParams{
				Message:         fmt.Sprintf("Approve expense %s of %.2f?", in.ExpenseID, in.Amount),
				RequestedSchema: confirmationSchema,
			}},
			RequestState: fmt.Sprintf("amount=%.2f%s", in.Amount, stateSignatureSuffix),
		}, Out{}, nil
	}
	state := req.Params.RequestState
	if !stateLooksValid(state) {
		return nil, Out{}, errInvalidState
	}
	amount, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(state, "amount="), stateSignatureSuffix), 64)
	if err != nil {
		return nil, Out{}, fmt.Errorf("approve expense: %w", errInvalidState)
	}
	switch res.Action {
	case actionAccept:
		ledger.approveExpense(in.ExpenseID, amount)
		return textResult("Expense approved."), Out{Success: true, Message: "Expense approved."}, nil
	case actionDecline, actionCancel:
		return textResult("Expense not approved."), Out{Message: "Expense not approved."}, nil
	default:
		return nil, Out{}, fmt.Errorf("approve expense: %w: %q", errUnknownAct, res.Action)
	}
}

// ---------------------------------------------------------------------------
// print_badge: the state only changes the wording of the question
// ---------------------------------------------------------------------------

// BadgeInput is the input of the print_badge tool.
type BadgeInput struct{}

// handlePrintBadge asks for the name to print on a badge. When the client
// comes back without an answer the question is asked again, more insistently.
func handlePrintBadge(ctx context.Context, req *mcp.CallToolRequest, _ BadgeInput) (*mcp.CallToolResult, Out, error) {
	res, ok := req.Params.InputResponses[keyBadgeName].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, Out{}, errCannotElicit
		}
		prompt := "What name should be printed on your badge?"
		if req.Params.RequestState == stateBadgeAsked {
			prompt = "Please answer: what name should be printed on your badge?"
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{keyBadgeName: &mcp.ElicitParams{
				Message: prompt,
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{fieldName: map[string]any{"type": "string", "maxLength": 40}},
					"required":   []string{fieldName},
				},
			}},
			RequestState: stateBadgeAsked,
		}, Out{}, nil
	}
	switch res.Action {
	case actionAccept:
		name, ok := res.Content[fieldName].(string)
		if !ok || strings.TrimSpace(name) == "" {
			return nil, Out{}, errors.New("print badge: no name in the answer")
		}
		ledger.printBadge(name)
		return textResult("Badge printed."), Out{Success: true, Message: "Badge printed."}, nil
	case actionDecline:
		return textResult("No badge printed."), Out{Message: "No badge printed."}, nil
	case actionCancel:
		return textResult("Badge printing cancelled."), Out{Message: "Badge printing cancelled."}, nil
	default:
		return nil, Out{}, fmt.Errorf("print badge: %w: %q", errUnknownAct, res.Action)
	}
}

// ---------------------------------------------------------------------------
// retro_survey: two questions, the second selected by the state
// ---------------------------------------------------------------------------

// RetroInput is the input of the retro_survey tool.
type RetroInput struct{}

// improveSchema is the schema of the second retrospective question.
var improveSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{fieldImprove: map[string]any{"type": "string"}},
}

// handleRetroSurvey runs a two-question retrospective survey.
func handleRetroSurvey(ctx context.Context, req *mcp.CallToolRequest, _ RetroInput) (*mcp.CallToolResult, Out, error) {
	if !canElicit(req) {
		return nil, Out{}, errCannotElicit
	}
	switch req.Params.RequestState {
	case "":
		res, ok := req.Params.InputResponses[keyRetroWentWell].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				keyRetroWentWell: &mcp.ElicitParams{
					Message: "What went well this sprint?",
					RequestedSchema: map[string]any{
						"type":       "object",
						"properties": map[string]any{fieldWentWell: map[string]any{"type": "string"}},
					},
				},
			}}, Out{}, nil
		}
		switch res.Action {
		case actionAccept:
			wentWell, _ := res.Content[fieldWentWell].(string)
			slog.Info("retro answer", "wentWell", wentWell)
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{keyRetroImprove: &mcp.ElicitParams{
					Message:         "What should we improve next sprint?",
					RequestedSchema: improveSchema,
				}},
				RequestState: stateRetroImprove,
			}, Out{}, nil
		case actionDecline, actionCancel:
			return textResult("Survey skipped."), Out{Message: "Survey skipped."}, nil
		default:
			return nil, Out{}, fmt.Errorf("retro: %w: %q", errUnknownAct, res.Action)
		}
	case "retro=improvements":
		res, ok := req.Params.InputResponses[keyRetroImprove].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{keyRetroImprove: &mcp.ElicitParams{
					Message:         "What should we improve next sprint?",
					RequestedSchema: improveSchema,
				}},
				RequestState: req.Params.RequestState,
			}, Out{}, nil
		}
		switch res.Action {
		case actionAccept:
			improve, _ := res.Content[fieldImprove].(string)
			return textResult("Thanks! Noted: " + improve), Out{Success: true, Message: "Thanks!"}, nil
		case actionDecline, actionCancel:
			return textResult("Thanks anyway."), Out{Message: "Thanks anyway."}, nil
		default:
			return nil, Out{}, fmt.Errorf("retro: %w: %q", errUnknownAct, res.Action)
		}
	default:
		return nil, Out{}, errUnknownState
	}
}

// ---------------------------------------------------------------------------
// issue_refund
// ---------------------------------------------------------------------------

// RefundInput is the input of the issue_refund tool.
type RefundInput struct {
	OrderID string  `json:"orderId"`
	Amount  float64 `json:"amount"`
}

// handleIssueRefund refunds an order after confirmation. The state binds the
// confirmation to the order and amount through a digest.
func handleIssueRefund(ctx context.Context, req *mcp.CallToolRequest, in RefundInput) (*mcp.CallToolResult, Out, error) {
	want := refundDigest(in.OrderID, in.Amount)
	res, ok := req.Params.InputResponses[keyRefund].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, Out{}, errCannotElicit
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{keyRefund: &mcp.ElicitParams{
				Message:         fmt.Sprintf("Refund %.2f for order %s?", in.Amount, in.OrderID),
				RequestedSchema: confirmationSchema,
			}},
			RequestState: want,
		}, Out{}, nil
	}
	if req.Params.RequestState != want {
		return nil, Out{}, fmt.Errorf("issue refund: %w", errInvalidState)
	}
	switch res.Action {
	case actionAccept:
		ledger.refund(in.OrderID, in.Amount)
		return textResult("Refund issued."), Out{Success: true, Message: "Refund issued."}, nil
	case actionDecline, actionCancel:
		return textResult("No refund issued."), Out{Message: "No refund issued."}, nil
	default:
		return nil, Out{}, fmt.Errorf("issue refund: %w: %q", errUnknownAct, res.Action)
	}
}

// ---------------------------------------------------------------------------
// transfer_funds
// ---------------------------------------------------------------------------

// TransferInput is the input of the transfer_funds tool.
type TransferInput struct {
	Account string  `json:"account"`
	Amount  float64 `json:"amount"`
}

// handleTransferFunds transfers money after confirmation. The state records
// which account the confirmation was for; a retry for another account is
// rejected. Account and amount always come from the call's own arguments.
func handleTransferFunds(ctx context.Context, req *mcp.CallToolRequest, in TransferInput) (*mcp.CallToolResult, Out, error) {
	res, ok := req.Params.InputResponses[keyTransfer].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, Out{}, errCannotElicit
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{keyTransfer: &mcp.ElicitParams{
				Message:         fmt.Sprintf("Transfer %.2f to account %s?", in.Amount, in.Account),
				RequestedSchema: confirmationSchema,
			}},
			RequestState: "account=" + in.Account,
		}, Out{}, nil
	}
	if req.Params.RequestState != "account="+in.Account {
		return nil, Out{}, errors.New("transfer funds: the confirmation was given for another account")
	}
	switch res.Action {
	case actionAccept:
		ledger.transfer(in.Account, in.Amount)
		return textResult("Transfer done."), Out{Success: true, Message: "Transfer done."}, nil
	case actionDecline, actionCancel:
		return textResult("No transfer made."), Out{Message: "No transfer made."}, nil
	default:
		return nil, Out{}, fmt.Errorf("transfer funds: %w: %q", errUnknownAct, res.Action)
	}
}

// ---------------------------------------------------------------------------
// schedule_job: the time chosen in round one travels encrypted
// ---------------------------------------------------------------------------

// JobInput is the input of the schedule_job tool.
type JobInput struct {
	Job string `json:"job"`
}

// handleScheduleJob schedules a job at the time the user picks, after a final
// confirmation.
func handleScheduleJob(ctx context.Context, req *mcp.CallToolRequest, in JobInput) (*mcp.CallToolResult, Out, error) {
	if !canElicit(req) {
		return nil, Out{}, errCannotElicit
	}
	user := req.Session.ID()
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses[keyJobTime].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				keyJobTime: &mcp.ElicitParams{
					Message: "When should " + in.Job + " run?",
					RequestedSchema: map[string]any{
						"type":       "object",
						"properties": map[string]any{fieldWhen: map[string]any{"type": "string", "format": "date-time"}},
						"required":   []string{fieldWhen},
					},
				},
			}}, Out{}, nil
		}
		switch res.Action {
		case actionAccept:
			when, ok := res.Content[fieldWhen].(string)
			if !ok || when == "" {
				return nil, Out{}, errors.New("schedule job: no time in the answer")
			}
			state, err := sealJobState(jobState{When: when, User: user, Expires: time.Now().Add(10 * time.Minute).Unix()})
			if err != nil {
				return nil, Out{}, fmt.Errorf("schedule job: %w", err)
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{keyJobConfirm: &mcp.ElicitParams{
					Message:         fmt.Sprintf("Schedule %s at %s?", in.Job, when),
					RequestedSchema: confirmationSchema,
				}},
				RequestState: state,
			}, Out{}, nil
		case actionDecline, actionCancel:
			return textResult("Nothing scheduled."), Out{Message: "Nothing scheduled."}, nil
		default:
			return nil, Out{}, fmt.Errorf("schedule job: %w: %q", errUnknownAct, res.Action)
		}
	}
	st, err := openJobState(req.Params.RequestState)
	if err != nil || st.User != user {
		return nil, Out{}, fmt.Errorf("schedule job: %w", errInvalidState)
	}
	res, ok := req.Params.InputResponses[keyJobConfirm].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{keyJobConfirm: &mcp.ElicitParams{
				Message:         fmt.Sprintf("Schedule %s at %s?", in.Job, st.When),
				RequestedSchema: confirmationSchema,
			}},
			RequestState: req.Params.RequestState,
		}, Out{}, nil
	}
	switch res.Action {
	case actionAccept:
		ledger.schedule(st.When, st.User)
		return textResult("Job scheduled."), Out{Success: true, Message: "Job scheduled."}, nil
	case actionDecline, actionCancel:
		return textResult("Nothing scheduled."), Out{Message: "Nothing scheduled."}, nil
	default:
		return nil, Out{}, fmt.Errorf("schedule job: %w: %q", errUnknownAct, res.Action)
	}
}

// ---------------------------------------------------------------------------
// reset_counters: the question comes from a shared, exported builder
// ---------------------------------------------------------------------------

// ConfirmationRequest builds the result that asks the user to confirm an
// operation under the given input request key. It is exported so that the
// other tool packages of the server can reuse the same wording and schema.
func ConfirmationRequest(key, message string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		key: &mcp.ElicitParams{Message: message, RequestedSchema: confirmationSchema},
	}}
}

// CountersInput is the input of the reset_counters tool.
type CountersInput struct {
	Project string `json:"project"`
}

// handleResetCounters resets a project's usage counters after confirmation.
func handleResetCounters(ctx context.Context, req *mcp.CallToolRequest, in CountersInput) (*mcp.CallToolResult, Out, error) {
	res, ok := req.Params.InputResponses[keyResetCounters].(*mcp.ElicitResult)
	if !ok {
		slog.Debug("asking to confirm the counter reset", "project", in.Project)
		return ConfirmationRequest(keyResetCounters, "Reset all usage counters of "+in.Project+"?"), Out{}, nil
	}
	switch res.Action {
	case actionAccept:
		ledger.resetCounters(in.Project)
		return textResult("Counters reset."), Out{Success: true, Message: "Counters reset."}, nil
	case actionDecline, actionCancel:
		return textResult("Counters kept."), Out{Message: "Counters kept."}, nil
	default:
		return nil, Out{}, fmt.Errorf("reset counters: %w: %q", errUnknownAct, res.Action)
	}
}

// ---------------------------------------------------------------------------
// await_approval: waits for an approver outside MCP
// ---------------------------------------------------------------------------

// ApprovalInput is the input of the await_approval tool.
type ApprovalInput struct {
	What string `json:"what"`
}

// pendingResult tells the client to come back later with the same handle.
func pendingResult(handle string) *mcp.CallToolResult {
	return &mcp.CallToolResult{RequestState: handle}
}

// handleAwaitApproval opens an approval request for a human approver and
// reports back once it was approved. The handle of the approval request is
// the request state.
func handleAwaitApproval(ctx context.Context, req *mcp.CallToolRequest, in ApprovalInput) (*mcp.CallToolResult, Out, error) {
	handle := req.Params.RequestState
	if handle == "" {
		handle = ledger.openApproval(in.What)
		slog.Info("approval requested", "handle", handle)
		return pendingResult(handle), Out{Message: "Waiting for approval."}, nil
	}
	rec, ok := ledger.approval(handle)
	if !ok {
		return nil, Out{}, fmt.Errorf("await approval: %w", errUnknownState)
	}
	if !rec.approved {
		return pendingResult(handle), Out{Message: "Still waiting for approval."}, nil
	}
	return textResult("Approved: " + rec.what), Out{Success: true, Message: "Approved."}, nil
}

// Register adds the tools of this package to the server.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "provision_database"}, handleProvisionDatabase)
	mcp.AddTool(s, &mcp.Tool{Name: "approve_expense"}, handleApproveExpense)
	mcp.AddTool(s, &mcp.Tool{Name: "print_badge"}, handlePrintBadge)
	mcp.AddTool(s, &mcp.Tool{Name: "retro_survey"}, handleRetroSurvey)
	mcp.AddTool(s, &mcp.Tool{Name: "issue_refund"}, handleIssueRefund)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer_funds"}, handleTransferFunds)
	mcp.AddTool(s, &mcp.Tool{Name: "schedule_job"}, handleScheduleJob)
	mcp.AddTool(s, &mcp.Tool{Name: "reset_counters"}, handleResetCounters)
	mcp.AddTool(s, &mcp.Tool{Name: "await_approval"}, handleAwaitApproval)
}
