package lending

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func ExplainDenial(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	applicant := request.GetString("applicant_id", "")
	res := server.SamplingResponse(request.Params.InputResponses, "explain")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("explaining needs a client that can sample its model"), nil
		}
		return server.NewInputRequestBuilder("").Sample("explain", mcp.CreateMessageParams{
			SystemPrompt: "Explain a credit decision to the applicant in plain words, without legal advice.",
			MaxTokens:    400,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Applicant " + applicant + " was declined: debt-to-income above 45%."),
			}},
		}).ToolResult(), nil
	}
	tc, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model did not answer with text"), nil
	}
	return mcp.NewToolResultText(tc.Text), nil
}

func DraftAdverseActionNotice(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	applicant := request.GetString("applicant_id", "")
	res := server.SamplingResponse(request.Params.InputResponses, "adverse_notice")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("drafting needs a client that can sample its model"), nil
		}
		return server.NewInputRequestBuilder("").Sample("adverse_notice", mcp.CreateMessageParams{
			SystemPrompt: "Draft an adverse action notice that lists the principal reasons for the decision.",
			MaxTokens:    600,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Applicant " + applicant + ": insufficient credit history; high utilization."),
			}},
		}).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("could not read the draft: " + err.Error()), nil
	}
	tc, ok := content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model did not answer with text"), nil
	}
	return mcp.NewToolResultText(tc.Text), nil
}

func askCreditConsent(applicant string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("credit_consent", mcp.ElicitationParams{
		Message: "May we pull the credit report for application " + applicant + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"authorize": map[string]any{"type": "boolean", "title": "I authorize a hard credit inquiry"},
			},
			"required": []string{"authorize"},
		},
	}).ToolResult()
}

func CheckCreditConsent(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	applicant := request.GetString("applicant_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "credit_consnet")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("a credit check needs a client that can ask its user"), nil
		}
		return askCreditConsent(applicant), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		if yes, _ := data["authorize"].(bool); !yes {
			return mcp.NewToolResultText("No credit check without your authorization."), nil
		}
		book.Record("credit pulled for " + applicant)
		return mcp.NewToolResultText("Credit check started."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No credit check."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func fundParams(loanID string) mcp.ElicitationParams {
	return mcp.ElicitationParams{
		Message:         "Fund loan " + loanID + " now?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}
}

// FinalizeLoan asks the underwriter for a final review, then whether to
// fund now, carrying the approved loan between the two rounds.
func FinalizeLoan(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("finalizing needs a client that can ask its user"), nil
	}
	state := request.Params.RequestState
	if strings.HasPrefix(state, "approved:") {
		loanID := strings.TrimPrefix(state, "approved:")
		res := server.ElicitationResponse(request.Params.InputResponses, "fund_now")
		if res == nil {
			return server.NewInputRequestBuilder(state).Elicit("fund_now", fundParams(loanID)).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			book.Record("funded " + loanID)
			return mcp.NewToolResultText("Loan " + loanID + " funded."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Loan approved; funding later."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	loanID := request.GetString("loan_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "final_review")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("final_review", mcp.ElicitationParams{
			Message: "Approve loan " + loanID + " after the final underwriting review?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"conditions_met": map[string]any{"type": "boolean", "title": "All closing conditions are met"},
				},
				"required": []string{"conditions_met"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		if met, _ := data["conditions_met"].(bool); !met {
			return mcp.NewToolResultText("Loan stays in underwriting until the conditions are met."), nil
		}
		return server.NewInputRequestBuilder("approved:"+loanID).Elicit("fund_now", fundParams(loanID)).ToolResult(), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Loan not approved."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func refiTermParams() mcp.ElicitationParams {
	return mcp.ElicitationParams{
		Message: "Which new term would you like?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"term_years": map[string]any{"type": "string", "title": "New term", "enum": []string{"10", "15", "20", "30"}},
			},
			"required": []string{"term_years"},
		},
	}
}

// CollectRefinanceDetails asks for the goal of the refinance, then for the
// new term.
func CollectRefinanceDetails(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("refinancing needs a client that can ask its user"), nil
	}
	loanID := request.GetString("loan_id", "")
	switch request.Params.RequestState {
	case "":
		res := server.ElicitationResponse(request.Params.InputResponses, "refi_goal")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("refi_goal", mcp.ElicitationParams{
				Message: "What do you want from refinancing loan " + loanID + "?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"goal": map[string]any{
							"type":  "string",
							"title": "Goal",
							"oneOf": []map[string]any{
								{"const": "lower_payment", "title": "A lower monthly payment"},
								{"const": "shorter_term", "title": "Pay it off sooner"},
								{"const": "cash_out", "title": "Take cash out"},
							},
						},
					},
					"required": []string{"goal"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			goal, _ := data["goal"].(string)
			book.Record("refinance goal for " + loanID + ": " + goal)
			return server.NewInputRequestBuilder("step=2").Elicit("refi_term", refiTermParams()).ToolResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No refinance started."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	case "round=2":
		res := server.ElicitationResponse(request.Params.InputResponses, "refi_term")
		if res == nil {
			return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("refi_term", refiTermParams()).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			years, _ := data["term_years"].(string)
			book.Record("refinance of " + loanID + " over " + years + " years")
			return mcp.NewToolResultText("Refinance application submitted."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Refinance not submitted."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return mcp.NewToolResultError("unknown refinance step"), nil
}

var lockParams = mcp.ElicitationParams{
	Message: "Lock today's rate for your loan?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"lock_days": map[string]any{"type": "string", "title": "Lock period", "enum": []string{"30", "45", "60"}},
		},
		"required": []string{"lock_days"},
	},
}

// LockRate asks directly on older sessions and with the round trip on
// 2026-07-28 ones.
func LockRate(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	loanID := request.GetString("loan_id", "")
	if !server.IsModernRequest(ctx) {
		res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: lockParams})
		if err != nil {
			return mcp.NewToolResultError("could not ask about the rate lock: " + err.Error()), nil
		}
		return lockDecision(loanID, res)
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "rate_lock")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("locking a rate needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("rate_lock", lockParams).ToolResult(), nil
	}
	return lockDecision(loanID, res)
}

func lockDecision(loanID string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the answer had no lock period"), nil
		}
		days, _ := data["lock_days"].(string)
		book.Record("rate locked for " + loanID + " for " + days + " days")
		return mcp.NewToolResultText("Rate locked for " + days + " days."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Rate not locked; it may change."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No answer; rate not locked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func NotifyLoanOfficer(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	loanID := request.GetString("loan_id", "")
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Send your application to a loan officer for a personal review?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"urgent": map[string]any{"type": "boolean", "title": "I need an answer this week", "default": false},
			},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("could not ask: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		urgent, _ := data["urgent"].(bool)
		book.Record(fmt.Sprintf("review requested for %s (urgent %t)", loanID, urgent))
		return mcp.NewToolResultText("A loan officer will review your application."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No review requested."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No answer; nothing sent."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
