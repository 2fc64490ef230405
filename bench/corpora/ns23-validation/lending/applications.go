package lending

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var applicationSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"amount": map[string]any{"type": "number", "title": "Loan amount (USD)", "minimum": 1000, "maximum": 500000},
		"term_months": map[string]any{
			"type":      "string",
			"title":     "Term",
			"enum":      []string{"12", "24", "36", "60"},
			"enumNames": []string{"1 year", "2 years", "3 years", "5 years"},
		},
		"purpose": map[string]any{
			"type":  "string",
			"title": "Purpose",
			"oneOf": []map[string]any{
				{"const": "home", "title": "Home improvement"},
				{"const": "auto", "title": "Car purchase"},
				{"const": "debt", "title": "Debt consolidation"},
			},
		},
		"email":      map[string]any{"type": "string", "format": "email", "title": "Email for the decision"},
		"start_date": map[string]any{"type": "string", "format": "date", "title": "When do you need the funds?"},
		"collateral": map[string]any{
			"type":     "array",
			"title":    "Collateral you can offer",
			"maxItems": 3,
			"items": map[string]any{
				"anyOf": []map[string]any{
					{"const": "vehicle", "title": "A vehicle"},
					{"const": "savings", "title": "A savings account"},
					{"const": "property", "title": "Real estate"},
				},
			},
		},
		"autopay": map[string]any{"type": "boolean", "title": "Enroll in autopay for a 0.25% discount", "default": true},
	},
	"required": []string{"amount", "term_months", "purpose", "email"},
}

func ApplyForLoan(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	applicant := request.GetString("applicant_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "application")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("applying needs a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("application", mcp.ElicitationParams{
			Message:         "Tell us about the loan you need.",
			RequestedSchema: applicationSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the application came back empty"), nil
		}
		amount, ok := data["amount"].(float64)
		if !ok {
			return mcp.NewToolResultError("no amount in the application"), nil
		}
		term, _ := data["term_months"].(string)
		purpose, _ := data["purpose"].(string)
		email, _ := data["email"].(string)
		start, _ := data["start_date"].(string)
		autopay, _ := data["autopay"].(bool)
		var collateral []string
		if xs, ok := data["collateral"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					collateral = append(collateral, s)
				}
			}
		}
		book.Record(fmt.Sprintf("application %s: %.2f over %s months for %s from %s, autopay %t, collateral %v, decision to %s",
			applicant, amount, term, purpose, start, autopay, collateral, email))
		return mcp.NewToolResultText("Application received; we will email the decision."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Application withdrawn."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Application not submitted; you can continue later."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// rateQuote is the quote form, decoded with numbers kept exact.
type rateQuote struct {
	Principal  json.Number `json:"principal"`
	TermMonths json.Number `json:"term_months"`
	CreditBand string      `json:"credit_band"`
}

func QuoteRate(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "rate_quote")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("quotes need a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("rate_quote", mcp.ElicitationParams{
			Message: "A few numbers for your rate quote.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"principal":   map[string]any{"type": "number", "title": "Amount to borrow", "minimum": 1000},
					"term_months": map[string]any{"type": "integer", "title": "Term in months", "minimum": 6, "maximum": 360},
					"credit_band": map[string]any{
						"type":  "string",
						"title": "Your credit score",
						"oneOf": []map[string]any{
							{"const": "excellent", "title": "Excellent (760+)"},
							{"const": "good", "title": "Good (700-759)"},
							{"const": "fair", "title": "Fair (640-699)"},
							{"const": "poor", "title": "Below 640"},
						},
					},
				},
				"required": []string{"principal", "term_months", "credit_band"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		raw, err := json.Marshal(res.Content)
		if err != nil {
			return nil, err
		}
		var q rateQuote
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&q); err != nil {
			return mcp.NewToolResultError("could not read the quote form: " + err.Error()), nil
		}
		principal, err := q.Principal.Float64()
		if err != nil {
			return mcp.NewToolResultError("the amount is not a number"), nil
		}
		months, err := q.TermMonths.Int64()
		if err != nil {
			return mcp.NewToolResultError("the term is not a whole number of months"), nil
		}
		apr := map[string]float64{"excellent": 6.1, "good": 7.4, "fair": 9.9, "poor": 14.5}[q.CreditBand]
		return mcp.NewToolResultText(fmt.Sprintf("Estimated APR %.1f%% on $%.2f over %d months.", apr, principal, months)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No quote requested."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
