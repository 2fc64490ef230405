package benefits

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/validation/formkit"
)

func EnrollDependents(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["dependents"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("adding dependents needs a client that can show a form")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"dependents": &mcp.ElicitParams{
			Message: "Who else should your plan cover?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"dependents": map[string]any{
						"type":  "array",
						"title": "Dependents",
						"items": map[string]any{
							"type": "object",
							"properties": map[string]any{
								"name":         map[string]any{"type": "string", "title": "Full name"},
								"birth_date":   map[string]any{"type": "string", "format": "date", "title": "Date of birth"},
								"relationship": map[string]any{"type": "string", "enum": []string{"spouse", "child", "domestic_partner"}},
							},
						},
					},
				},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		deps, _ := res.Content["dependents"].([]any)
		for _, d := range deps {
			m, ok := d.(map[string]any)
			if !ok {
				continue
			}
			name, _ := m["name"].(string)
			rel, _ := m["relationship"].(string)
			enrollment.Record(in.MemberID, "dependent", name+" ("+rel+")")
		}
		return textResult(fmt.Sprintf("%d dependents added.", len(deps))), nil, nil
	case "decline", "cancel":
		return textResult("No dependents added."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func ChooseMedicalPlan(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["plan_choice"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("choosing a plan needs a client that can show a form")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"plan_choice": &mcp.ElicitParams{
			Message: "Choose your medical plan and any riders for 2026.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"plan": map[string]any{
						"type":  "string",
						"title": "Medical plan",
						"oneOf": []map[string]any{
							{"const": "ppo", "title": "PPO"},
							{"const": "hmo", "title": "HMO"},
							{"const": "hdhp", "title": "High deductible with HSA"},
						},
					},
					"riders": map[string]any{
						"type":  "array",
						"title": "Riders",
						"items": map[string]any{
							"type": "string",
							"anyOf": []map[string]any{
								{"const": "dental", "title": "Dental"},
								{"const": "vision", "title": "Vision"},
								{"const": "accident", "title": "Accident insurance"},
							},
						},
					},
				},
				"required": []string{"plan"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		plan, _ := res.Content["plan"].(string)
		var riders []string
		if xs, ok := res.Content["riders"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					riders = append(riders, s)
				}
			}
		}
		enrollment.Record(in.MemberID, "plan", fmt.Sprintf("%s %v", plan, riders))
		return textResult("Plan saved."), nil, nil
	case "decline":
		return textResult("You keep your current plan."), nil, nil
	case "cancel":
		return textResult("No change yet; enrollment is open until Nov 30."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var tierParams = &mcp.ElicitParams{
	Message: "Which coverage tier do you want next year?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"tier": map[string]any{
				"type":  "string",
				"title": "Coverage tier",
				"oneOf": []map[string]any{
					{"const": "employee", "title": "Employee only"},
					{"const": "employee_spouse", "title": "Employee and spouse"},
					{"const": "family", "title": "Family"},
				},
			},
		},
		"required": []string{"tier"},
	},
}

var beneficiaryParams = &mcp.ElicitParams{
	Message: "Who is the beneficiary of your life insurance?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"beneficiary_name": map[string]any{"type": "string", "title": "Beneficiary's full name"},
			"relationship":     map[string]any{"type": "string", "title": "Relationship", "enum": []string{"spouse", "child", "parent", "other"}},
		},
		"required": []string{"beneficiary_name", "relationship"},
	},
}

// ElectCoverageTier asks for the tier, then for a life insurance
// beneficiary when someone else is covered.
func ElectCoverageTier(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("electing coverage needs a client that can show a form")
	}
	switch req.Params.RequestState {
	case "":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"tier": tierParams}, RequestState: "tier"}, nil, nil
	case "tier":
		res, ok := req.Params.InputResponses["tier"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"tier": tierParams}, RequestState: "tier"}, nil, nil
		}
		switch res.Action {
		case "accept":
			tier, _ := res.Content["tier"].(string)
			enrollment.Record(in.MemberID, "tier", tier)
			switch tier {
			case "employee":
				return textResult("Coverage tier saved."), nil, nil
			case "employee_spouse":
				return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"beneficiary": beneficiaryParams}, RequestState: "beneficiary"}, nil, nil
			}
			// Families name a beneficiary too.
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"beneficiary": beneficiaryParams}, RequestState: req.Params.RequestState}, nil, nil
		case "decline", "cancel":
			return textResult("Coverage tier unchanged."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	case "beneficiary":
		res, ok := req.Params.InputResponses["beneficiary"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"beneficiary": beneficiaryParams}, RequestState: "beneficiary"}, nil, nil
		}
		switch res.Action {
		case "accept":
			name, _ := res.Content["beneficiary_name"].(string)
			rel, _ := res.Content["relationship"].(string)
			enrollment.Record(in.MemberID, "beneficiary", name+" ("+rel+")")
			return textResult("Coverage and beneficiary saved."), nil, nil
		case "decline", "cancel":
			return textResult("Coverage saved; no beneficiary named yet."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return nil, nil, fmt.Errorf("unknown enrollment step %q", req.Params.RequestState)
}

// confirmCOBRA is registered behind requireElicitation, which tests the
// client's capabilities before it runs.
func confirmCOBRA(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["cobra"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"cobra": &mcp.ElicitParams{
			Message: "Continue your health coverage under COBRA after your last day?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"months": map[string]any{"type": "integer", "title": "Months of continuation", "minimum": 1, "maximum": 18},
				},
				"required": []string{"months"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		months, ok := res.Content["months"].(float64)
		if !ok {
			return nil, nil, errors.New("no duration in the answer")
		}
		enrollment.Record(in.MemberID, "cobra_months", fmt.Sprint(int(months)))
		return textResult("COBRA continuation elected."), nil, nil
	case "decline":
		return textResult("Coverage ends on your last day."), nil, nil
	case "cancel":
		return textResult("No election yet; you have 60 days to decide."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var beneficiarySchema = &jsonschema.Schema{
	Type: "object",
	Properties: map[string]*jsonschema.Schema{
		"beneficiary_name": {Type: "string", Title: "Beneficiary's full name", MinLength: jsonschema.Ptr(1)},
		"relationship": {
			Type:  "string",
			Title: "Relationship",
			Enum:  []any{"spouse", "child", "parent", "other"},
			Extra: map[string]any{"enumNames": []string{"Spouse", "Child", "Parent", "Someone else"}},
		},
		"share_percent": {
			Type:    "integer",
			Title:   "Share of the benefit (%)",
			Minimum: jsonschema.Ptr(1.0),
			Maximum: jsonschema.Ptr(100.0),
			Default: json.RawMessage("100"),
		},
		"birth_date": {Type: "string", Format: "date", Title: "Beneficiary's date of birth"},
	},
	Required: []string{"beneficiary_name", "relationship"},
}

// UpdateBeneficiary checks the answer against the schema it asked with,
// as the round trip does not.
func UpdateBeneficiary(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["beneficiary_update"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("updating a beneficiary needs a client that can show a form")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"beneficiary_update": &mcp.ElicitParams{
			Message:         "Update the beneficiary of your life insurance.",
			RequestedSchema: beneficiarySchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := formkit.ValidateContent(beneficiarySchema, res.Content); err != nil {
			return nil, nil, fmt.Errorf("the answer does not match the form: %w", err)
		}
		name, _ := res.Content["beneficiary_name"].(string)
		rel, _ := res.Content["relationship"].(string)
		share, _ := res.Content["share_percent"].(float64)
		born, _ := res.Content["birth_date"].(string)
		enrollment.Record(in.MemberID, "beneficiary", fmt.Sprintf("%s (%s, born %s) %d%%", name, rel, born, int(share)))
		return textResult("Beneficiary updated."), nil, nil
	case "decline":
		return textResult("Beneficiary unchanged."), nil, nil
	case "cancel":
		return textResult("No change made."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// confirmWaiver asks before coverage is waived. Payroll imports call the
// tool without a person behind them.
func confirmWaiver(req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return true, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

func WaiveCoverage(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
	ok, ask := confirmWaiver(req, "waive", "Waive medical coverage for 2026? You will get a $50 monthly credit instead.")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return textResult("Coverage kept."), nil, nil
	}
	enrollment.Record(in.MemberID, "medical", "waived")
	return textResult("Medical coverage waived."), nil, nil
}

// confirmBenefitsChange returns the question to ask, or the decision.
func confirmBenefitsChange(req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

func CancelCoverage(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
	ok, ask := confirmBenefitsChange(req, "cancel_coverage", "Cancel all your benefits at the end of this month?")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return textResult("Your benefits stay in place."), nil, nil
	}
	enrollment.Record(in.MemberID, "benefits", "cancelled")
	return textResult("Benefits cancelled at the end of the month."), nil, nil
}
