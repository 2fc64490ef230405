package hrportal

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var ptoSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"start_date": map[string]any{"type": "string", "format": "date", "title": "First day off"},
		"end_date":   map[string]any{"type": "string", "format": "date", "title": "Last day off"},
		"pto_type": map[string]any{
			"type":  "string",
			"title": "Kind of leave",
			"oneOf": []map[string]any{
				{"const": "vacation", "title": "Vacation"},
				{"const": "sick", "title": "Sick leave"},
				{"const": "personal", "title": "Personal day"},
			},
		},
		"half_day": map[string]any{"type": "boolean", "title": "Half day only", "default": false},
		"note":     map[string]any{"type": "string", "title": "Note for your manager", "maxLength": 300},
	},
	"required": []string{"start_date", "end_date", "pto_type"},
}

func RequestPTO(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "pto")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("requesting time off needs a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("pto", mcp.ElicitationParams{
			Message:         "When would you like to be off?",
			RequestedSchema: ptoSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the form came back empty"), nil
		}
		start, _ := data["start_date"].(string)
		end, _ := data["end_date"].(string)
		kind, _ := data["pto_type"].(string)
		half, _ := data["half_day"].(bool)
		note, _ := data["note"].(string)
		people.Apply(fmt.Sprintf("pto %s: %s %s-%s half=%t %q", employee, kind, start, end, half, note))
		return mcp.NewToolResultText("Time off requested; your manager will be notified."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No time off requested."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Request not sent; you can finish it later."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func WithdrawPTO(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("request_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "withdraw")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("withdrawing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("withdraw", mcp.ElicitationParams{
			Message:         "Withdraw time-off request " + id + "?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}).ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		people.Apply("pto withdrawn " + id)
		return mcp.NewToolResultText("Request withdrawn."), nil
	}
	return mcp.NewToolResultText("Your request stays in place."), nil
}

func OnboardingChecklist(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "checklist")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("the checklist needs a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("checklist", mcp.ElicitationParams{
			Message: "Which onboarding tasks have you finished?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"tasks": map[string]any{
						"type":  "array",
						"title": "Finished tasks",
						"items": map[string]any{
							"type": "string",
							"enum": []string{"handbook", "security_training", "benefits", "tax_forms", "photo"},
						},
					},
				},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		tasks, _ := data["tasks"].([]string)
		people.Apply("checklist of " + employee + ": " + strings.Join(tasks, ","))
		return mcp.NewToolResultText(fmt.Sprintf("%d tasks marked done.", len(tasks))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Checklist unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func timesheetParams(week string) mcp.ElicitationParams {
	return mcp.ElicitationParams{
		Message: "Submit your hours for the week of " + week + ".",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"hours":    map[string]any{"type": "number", "title": "Hours worked", "minimum": 0, "maximum": 80},
				"overtime": map[string]any{"type": "number", "title": "Of which overtime", "minimum": 0, "maximum": 40},
			},
			"required": []string{"hours"},
		},
	}
}

func SubmitTimesheet(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	week := request.GetString("week", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "timesheet")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("timesheets need a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("timesheet", timesheetParams(week)).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		hours, ok := data["hours"].(float64)
		if !ok {
			return mcp.NewToolResultError("no hours in the answer"), nil
		}
		overtime, _ := data["overtime"].(float64)
		people.Apply(fmt.Sprintf("timesheet %s: %.1fh (%.1f overtime)", week, hours, overtime))
		return mcp.NewToolResultText("Timesheet submitted."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Timesheet not submitted."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// TimesheetReminder is what the Friday reminder bot calls.
func TimesheetReminder(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	week := request.GetString("week", "")
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("timesheets need a client that can show a form"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("timesheet", timesheetParams(week)).ToolResult(), nil
}

func ApproveExpense(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("expense_id", "")
	if len(request.Params.InputResponses) > 0 {
		people.Apply("expense approved " + id)
		return mcp.NewToolResultText("Expense approved."), nil
	}
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("approving needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("expense_ok", mcp.ElicitationParams{
		Message:         "Approve expense report " + id + "?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}).ToolResult(), nil
}

func AssignDepartment(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "department")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("assigning a department needs a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("department", mcp.ElicitationParams{
			Message: "Which department does " + employee + " join, and from when?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"department": map[string]any{
						"type":  "string",
						"title": "Department",
						"oneOf": []map[string]any{
							{"const": "eng", "title": "Engineering"},
							{"const": "sales", "title": "Sales"},
							{"const": "finance", "title": "Finance"},
							{"const": "people", "title": "People operations"},
						},
					},
					"effective": map[string]any{"type": "string", "format": "date", "title": "Effective from"},
				},
				"required": []string{"department", "effective"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		from, _ := data["effective"].(string)
		people.Apply("department change for " + employee + " from " + from)
		return mcp.NewToolResultText("Department change scheduled."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Department unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func AssignDesk(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "desk")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("booking a desk needs a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("desk", mcp.ElicitationParams{
			Message: "Book a permanent desk for " + employee + "? Facilities picks the floor unless you change it.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"floor": map[string]any{"type": "string", "title": "Preferred floor", "enum": []string{"2", "3", "4"}, "default": "3"},
				},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		people.Apply("desk request for " + employee)
		return mcp.NewToolResultText("Facilities will assign a desk."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No desk booked; hot-desking it is."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No desk booked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func TerminateEmployee(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "terminate")
	// Revoke access first: a pending termination must not keep its logins.
	if res == nil || res.Action == mcp.ElicitationResponseActionAccept {
		if err := people.Deactivate(ctx, employee); err != nil {
			return nil, err
		}
	}
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("terminating needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("terminate", mcp.ElicitationParams{
			Message:         "Terminate " + employee + " and close their accounts?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText(employee + " terminated."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(employee + " stays employed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func PromoteEmployee(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	band := request.GetString("band", "")
	want := "promote:" + employee + ":" + band
	res := server.ElicitationResponse(request.Params.InputResponses, "promotion")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("promotions need a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder(want).Elicit("promotion", mcp.ElicitationParams{
			Message:         "Promote " + employee + " to band " + band + "?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}).ToolResult(), nil
	}
	if request.Params.RequestState != want {
		return mcp.NewToolResultError("the promotion changed between rounds; start again"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		people.Apply("promoted " + employee + " to " + band)
		return mcp.NewToolResultText(employee + " promoted to " + band + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No promotion."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func ActivateBadge(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "badge")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("badge activation needs a client that can open a link"), nil
		}
		session := server.ClientSessionFromContext(ctx)
		if session == nil {
			return mcp.NewToolResultError("no session"), nil
		}
		flow := "badge-" + session.SessionID()
		return server.NewInputRequestBuilder(flow).Elicit("badge", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Activate your building badge on the security portal.",
			URL:           "https://security.acme.example/badge/activate?flow=" + flow,
			ElicitationID: flow,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		people.mu.Lock()
		active := people.badges[request.Params.RequestState]
		people.mu.Unlock()
		if !active {
			return mcp.NewToolResultText("Security has not activated the badge yet; try again shortly."), nil
		}
		return mcp.NewToolResultText("Badge active for " + employee + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Badge not activated; pick it up at reception."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func ReverifyI9(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "i9_reverify")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("reverification needs a client that can open a link"), nil
		}
		return server.NewInputRequestBuilder(employee).Elicit("i9_reverify", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Your work authorization expires soon. Upload the renewed document.",
			URL:     "https://i9.acme.example/reverify",
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		people.mu.Lock()
		done := people.i9[employee]
		people.mu.Unlock()
		if !done {
			return mcp.NewToolResultText("We have not received the document yet."), nil
		}
		return mcp.NewToolResultText("Work authorization updated."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Reverification pending; HR will follow up."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func finishExitInterview(employee string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	if res == nil {
		return nil, errors.New("the exit interview was not answered")
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		reason, _ := data["reason"].(string)
		rehire, _ := data["would_return"].(bool)
		people.Apply(fmt.Sprintf("exit interview %s: %s (would return %t)", employee, reason, rehire))
		return mcp.NewToolResultText("Thank you for your feedback."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No exit interview recorded."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Exit interview closed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func ConductExitInterview(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "exit_interview")
	if res == nil && request.Params.RequestState == "" {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("the exit interview needs a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("asked").Elicit("exit_interview", mcp.ElicitationParams{
			Message: "Before you go: a short exit interview.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"reason": map[string]any{
						"type":  "string",
						"title": "Main reason for leaving",
						"oneOf": []map[string]any{
							{"const": "compensation", "title": "Compensation"},
							{"const": "growth", "title": "Career growth"},
							{"const": "manager", "title": "My manager"},
							{"const": "relocation", "title": "Moving away"},
							{"const": "other", "title": "Something else"},
						},
					},
					"would_return": map[string]any{"type": "boolean", "title": "Would you work here again?"},
				},
				"required": []string{"reason", "would_return"},
			},
		}).ToolResult(), nil
	}
	return finishExitInterview(employee, res)
}

func EnrollInTraining(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "training")
	if res == nil {
		session := server.ClientSessionFromContext(ctx)
		if session == nil {
			return mcp.NewToolResultError("no session"), nil
		}
		kept, _ := canElicit.Load(session.SessionID())
		if ok, _ := kept.(bool); !ok {
			return mcp.NewToolResultError("enrolling needs a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("training", mcp.ElicitationParams{
			Message: "Which compliance course will you take this quarter?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"course": map[string]any{
						"type":  "string",
						"title": "Course",
						"enum":  []string{"privacy", "anti_bribery", "harassment", "security"},
					},
				},
				"required": []string{"course"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		course, _ := data["course"].(string)
		people.Apply("training " + employee + ": " + course)
		return mcp.NewToolResultText("Enrolled in " + course + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not enrolled; you will be assigned a course."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func UpdateDirectDeposit(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	employee := request.GetString("employee_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "deposit")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("updating payment details needs a client that can show a form"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("deposit", mcp.ElicitationParams{
			Message: "Where should your pay go from now on?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"bank_name":      map[string]any{"type": "string", "title": "Bank"},
					"routing_number": map[string]any{"type": "string", "title": "Routing number", "minLength": 9, "maxLength": 9},
					"account_type": map[string]any{
						"type":  "string",
						"title": "Account type",
						"oneOf": []map[string]any{
							{"const": "checking", "title": "Checking"},
							{"const": "savings", "title": "Savings"},
						},
					},
				},
				"required": []string{"bank_name", "routing_number", "account_type"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		bank, _ := data["bank_name"].(string)
		routing, _ := data["routing_number"].(string)
		kind, _ := data["account_type"].(string)
		people.Apply("deposit of " + employee + ": " + bank + " " + kind + " via " + routing)
		return mcp.NewToolResultText("Payment details updated."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Payment details unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
