package payroll

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// canAskForm reports whether the client of this call declared elicitation.
func canAskForm(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

var approveSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "title": "I have reviewed the totals"},
		"note":    map[string]any{"type": "string", "title": "Note for the audit log", "maxLength": 200},
	},
	"required": []string{"confirm"},
}

func ApproveRun(ctx context.Context, req *mcp.CallToolRequest, in RunIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["approve_run"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("approving a payroll run needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve_run": &mcp.ElicitParams{
			Message:         fmt.Sprintf("Release payroll run %s: %s for %d employees?", in.RunID, money(in.TotalCents), in.Headcount),
			RequestedSchema: approveSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if confirmed, _ := res.Content["confirm"].(bool); !confirmed {
			return textResult("The totals were not confirmed; the run stays on hold."), nil, nil
		}
		note, _ := res.Content["note"].(string)
		books.Post("run %s released (%s)", in.RunID, note)
		return textResult("Payroll run released."), nil, nil
	case "decline":
		return textResult("The run stays on hold."), nil, nil
	case "cancel":
		return textResult("No answer; the run stays on hold."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func ReissuePaycheck(ctx context.Context, req *mcp.CallToolRequest, in CheckIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["reissue"].(*mcp.ElicitResult)
	if !ok {
		if !canAskForm(req) {
			return nil, nil, errors.New("reissuing a check needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"reissue": &mcp.ElicitParams{
			Message: "Reissue check " + in.CheckNumber + " and void the original?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"confirm": map[string]any{"type": "boolean", "title": "Yes, void the original check"},
				},
				"required": []string{"confirm"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		books.Post("check %s voided and reissued for %s", in.CheckNumber, in.EmployeeID)
		return textResult("Check reissued."), nil, nil
	case "decline":
		return textResult("The original check stands."), nil, nil
	case "cancel":
		return textResult("Nothing changed."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var salarySchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"new_salary":     map[string]any{"type": "number", "title": "New annual salary (USD)", "minimum": 0, "maximum": 10000000},
		"effective_date": map[string]any{"type": "string", "format": "date", "title": "Effective from"},
		"reason": map[string]any{
			"type":  "string",
			"title": "Reason",
			"oneOf": []map[string]any{
				{"const": "promotion", "title": "Promotion"},
				{"const": "market", "title": "Market adjustment"},
				{"const": "correction", "title": "Correction of an error"},
			},
		},
	},
	"required": []string{"new_salary", "effective_date", "reason"},
}

func AdjustSalary(ctx context.Context, req *mcp.CallToolRequest, in EmployeeIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["adjust_salary"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"adjust_salary": &mcp.ElicitParams{
			Message:         "Enter the new salary for employee " + in.EmployeeID + ".",
			RequestedSchema: salarySchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		salary, ok := res.Content["new_salary"].(float64)
		if !ok {
			return nil, nil, errors.New("no salary in the answer")
		}
		from, _ := res.Content["effective_date"].(string)
		reason, _ := res.Content["reason"].(string)
		books.Post("salary of %s set to %.2f from %s (%s)", in.EmployeeID, salary, from, reason)
		return textResult("Salary updated."), nil, nil
	case "decline", "cancel":
		return textResult("Salary unchanged."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func startOffCycle(reason string) {
	books.Post("off-cycle run started: %s", reason)
}

func RunOffCycle(ctx context.Context, req *mcp.CallToolRequest, in OffCycleIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["offcycle"].(*mcp.ElicitResult)
	if !ok {
		if canAskForm(req) {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"offcycle": &mcp.ElicitParams{
				Message:         "Start an off-cycle payroll run (" + in.Reason + ")?",
				RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
			}}}, nil, nil
		}
		// Scheduled jobs call this tool without a person behind them.
		log.Printf("client cannot confirm; starting off-cycle run %q unconfirmed", in.Reason)
		startOffCycle(in.Reason)
		return textResult("Off-cycle run started."), nil, nil
	}
	switch res.Action {
	case "accept":
		startOffCycle(in.Reason)
		return textResult("Off-cycle run started."), nil, nil
	case "decline", "cancel":
		return textResult("No off-cycle run."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func payBonus(employeeID string, cents int64, reason string) {
	books.Post("bonus %s to %s (%s)", money(cents), employeeID, reason)
}

func PayBonus(ctx context.Context, req *mcp.CallToolRequest, in BonusIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["bonus_reason"].(*mcp.ElicitResult)
	if !ok {
		if !canAskForm(req) {
			return nil, nil, errors.New("paying a bonus needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"bonus_reason": &mcp.ElicitParams{
			Message: "Pay a bonus of " + money(in.AmountCents) + " to " + in.EmployeeID + "? Pick the reason.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"reason": map[string]any{
						"type":  "string",
						"title": "Reason",
						"oneOf": []map[string]any{
							{"const": "performance", "title": "Performance"},
							{"const": "retention", "title": "Retention"},
							{"const": "referral", "title": "Referral"},
						},
					},
				},
				"required": []string{"reason"},
			},
		}}}, nil, nil
	}
	var reason string
	switch res.Action {
	case "decline":
		return textResult("Bonus not paid."), nil, nil
	case "cancel":
		return textResult("No answer; bonus not paid."), nil, nil
	case "accept":
		reason, _ = res.Content["reason"].(string)
	}
	payBonus(in.EmployeeID, in.AmountCents, reason)
	return textResult("Bonus paid."), nil, nil
}

func SetTaxElections(ctx context.Context, req *mcp.CallToolRequest, in EmployeeIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["tax_elections"].(*mcp.ElicitResult)
	if !ok {
		if !canAskForm(req) {
			return nil, nil, errors.New("tax elections need a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"tax_elections": &mcp.ElicitParams{
			Message: "Update your state tax elections.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"allowances": map[string]any{"type": "integer", "title": "State allowances", "minimum": 0, "maximum": 20},
					"work_state": map[string]any{"type": "string", "title": "State you work in", "enum": []string{"CA", "NY", "TX", "WA", "IL"}},
				},
				"required": []string{"allowances", "work_state"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		allowances := res.Content["allowances"].(float64)
		workState, _ := res.Content["work_state"].(string)
		books.Post("tax elections of %s: %s, %d allowances", in.EmployeeID, workState, int(allowances))
		return textResult("Tax elections updated."), nil, nil
	case "decline", "cancel":
		return textResult("Tax elections unchanged."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func CloseQuarter(ctx context.Context, req *mcp.CallToolRequest, in QuarterIn) (*mcp.CallToolResult, any, error) {
	if !canAskForm(req) {
		return nil, nil, errors.New("closing a quarter needs a client that can ask its user")
	}
	res, ok := req.Params.InputResponses["close_quarter"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState != "" {
			return nil, nil, errors.New("the close was not confirmed; run the tool again")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"close_quarter": &mcp.ElicitParams{
				Message:         "Close " + in.Quarter + "? Payroll for the quarter will be locked.",
				RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
			}},
			RequestState: "asked",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		books.Post("quarter %s closed", in.Quarter)
		return textResult(in.Quarter + " closed."), nil, nil
	case "decline", "cancel":
		return textResult(in.Quarter + " stays open."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

const bankFeedBase = "https://banklink.acme.example/connect?flow="

func ConnectBankFeed(ctx context.Context, req *mcp.CallToolRequest, in CompanyIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["bank_feed"].(*mcp.ElicitResult)
	if !ok {
		if !canAskForm(req) {
			return nil, nil, errors.New("connecting a bank feed needs a client that can open a link")
		}
		id := rand.Text()
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"bank_feed": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Connect your company bank account to payroll.",
				URL:           bankFeedBase + id,
				ElicitationID: id,
			}},
			RequestState: id,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		linkMu.Lock()
		status := linkStatus[req.Params.RequestState]
		linkMu.Unlock()
		if status != "linked" {
			return textResult("Waiting for your bank to confirm the link; call again in a minute."), nil, nil
		}
		return textResult("Bank feed connected."), nil, nil
	case "decline", "cancel":
		return textResult("No bank feed connected."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func ConnectPayrollProvider(ctx context.Context, req *mcp.CallToolRequest, in CompanyIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["provider_link"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("connecting a provider needs a client that can open a link")
		}
		id := rand.Text()
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"provider_link": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Authorize Acme Payroll with your benefits provider.",
				URL:           "https://providers.acme.example/authorize?flow=" + id,
				ElicitationID: id,
			}},
			RequestState: id,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		linkMu.Lock()
		status := linkStatus[req.Params.RequestState]
		linkMu.Unlock()
		if status != "linked" {
			return textResult("Waiting for the provider to confirm; call again in a minute."), nil, nil
		}
		return textResult("Provider connected."), nil, nil
	case "decline", "cancel":
		return textResult("Provider not connected."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func VerifyBankAccount(ctx context.Context, req *mcp.CallToolRequest, in EmployeeIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["bank_verify"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("verifying an account needs a client that can open a link")
		}
		id := rand.Text()
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"bank_verify": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Confirm the two small deposits we sent to your account.",
				URL:           "https://banklink.acme.example/microdeposits?flow=" + id,
				ElicitationID: id,
			}},
			RequestState: id,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		linkMu.Lock()
		status := linkStatus[req.Params.RequestState]
		linkMu.Unlock()
		if status != "verified" {
			// Still pending at the bank: come back with the same state.
			return &mcp.CallToolResult{RequestState: req.Params.RequestState}, nil, nil
		}
		books.Post("bank account of %s verified", in.EmployeeID)
		return textResult("Bank account verified."), nil, nil
	case "decline", "cancel":
		return textResult("Account not verified; you will be paid by check."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
