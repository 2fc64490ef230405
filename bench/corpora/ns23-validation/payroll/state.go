package payroll

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func applyRaise(employeeID string, percent float64) {
	books.Post("raise of %.2f%% for %s", percent, employeeID)
}

func raiseConfirmParams(percent float64) *mcp.ElicitParams {
	return &mcp.ElicitParams{
		Message: fmt.Sprintf("Confirm a raise of %.2f%%?", percent),
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"confirm": map[string]any{"type": "boolean", "title": "Yes, schedule it"},
			},
			"required": []string{"confirm"},
		},
	}
}

// ScheduleRaise asks for the raise, then for a confirmation, carrying the
// percentage from the first round to the second in the request state.
func ScheduleRaise(ctx context.Context, req *mcp.CallToolRequest, in EmployeeIn) (*mcp.CallToolResult, any, error) {
	if !canAskForm(req) {
		return nil, nil, errors.New("scheduling a raise needs a client that can ask its user")
	}
	state := req.Params.RequestState
	if state == "" {
		res, ok := req.Params.InputResponses["raise_amount"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"raise_amount": &mcp.ElicitParams{
				Message: "How large a raise for " + in.EmployeeID + "?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"percent": map[string]any{"type": "number", "title": "Raise (%)", "minimum": 0.5, "maximum": 25},
					},
					"required": []string{"percent"},
				},
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
			pct, ok := res.Content["percent"].(float64)
			if !ok {
				return nil, nil, errors.New("no percentage in the answer")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"raise_confirm": raiseConfirmParams(pct)},
				RequestState:  "percent=" + strconv.FormatFloat(pct, 'f', 2, 64),
			}, nil, nil
		case "decline", "cancel":
			return textResult("No raise scheduled."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	pct, err := strconv.ParseFloat(strings.TrimPrefix(state, "percent="), 64)
	if err != nil {
		return nil, nil, fmt.Errorf("bad request state: %w", err)
	}
	res, ok := req.Params.InputResponses["raise_confirm"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"raise_confirm": raiseConfirmParams(pct)},
			RequestState:  state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if yes, _ := res.Content["confirm"].(bool); !yes {
			return textResult("Raise not confirmed."), nil, nil
		}
		applyRaise(in.EmployeeID, pct)
		return textResult("Raise scheduled."), nil, nil
	case "decline", "cancel":
		return textResult("No raise scheduled."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// reimbursementState is what ApproveReimbursement carries between rounds,
// signed with the server's key.
type reimbursementState struct {
	Employee string `json:"e"`
	Cents    int64  `json:"c"`
	Expires  int64  `json:"x"`
}

func sealReimbursement(st reimbursementState) (string, error) {
	payload, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, stateKey)
	mac.Write(payload)
	return base64.RawURLEncoding.EncodeToString(payload) + "." + hex.EncodeToString(mac.Sum(nil)), nil
}

func openReimbursement(state string) (reimbursementState, error) {
	var st reimbursementState
	body, sig, found := strings.Cut(state, ".")
	if !found {
		return st, errors.New("malformed state")
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return st, errors.New("malformed state")
	}
	want, err := hex.DecodeString(sig)
	if err != nil {
		return st, errors.New("malformed state")
	}
	mac := hmac.New(sha256.New, stateKey)
	mac.Write(payload)
	if !hmac.Equal(mac.Sum(nil), want) {
		return st, errors.New("state signature does not match")
	}
	if err := json.Unmarshal(payload, &st); err != nil {
		return st, err
	}
	return st, nil
}

func ApproveReimbursement(ctx context.Context, req *mcp.CallToolRequest, in EmployeeIn) (*mcp.CallToolResult, any, error) {
	if !canAskForm(req) {
		return nil, nil, errors.New("approving a reimbursement needs a client that can ask its user")
	}
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["reimburse_amount"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"reimburse_amount": &mcp.ElicitParams{
				Message: "How much should we reimburse " + in.EmployeeID + "?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"amount": map[string]any{"type": "number", "title": "Amount (USD)", "minimum": 0.01, "maximum": 5000},
						"category": map[string]any{
							"type":  "string",
							"title": "Category",
							"oneOf": []map[string]any{
								{"const": "travel", "title": "Travel"},
								{"const": "meals", "title": "Meals"},
								{"const": "equipment", "title": "Equipment"},
							},
						},
					},
					"required": []string{"amount", "category"},
				},
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
			amount, ok := res.Content["amount"].(float64)
			if !ok {
				return nil, nil, errors.New("no amount in the answer")
			}
			category, _ := res.Content["category"].(string)
			state, err := sealReimbursement(reimbursementState{
				Employee: in.EmployeeID,
				Cents:    int64(amount * 100),
				Expires:  time.Now().Add(15 * time.Minute).Unix(),
			})
			if err != nil {
				return nil, nil, err
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"reimburse_confirm": &mcp.ElicitParams{
					Message:         fmt.Sprintf("Reimburse $%.2f for %s?", amount, category),
					RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
				}},
				RequestState: state,
			}, nil, nil
		case "decline", "cancel":
			return textResult("Nothing reimbursed."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	st, err := openReimbursement(req.Params.RequestState)
	if err != nil || st.Employee != in.EmployeeID || st.Expires < time.Now().Unix() {
		return nil, nil, errors.New("this approval is not valid any more; start again")
	}
	res, ok := req.Params.InputResponses["reimburse_confirm"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"reimburse_confirm": &mcp.ElicitParams{
				Message:         "Reimburse " + money(st.Cents) + "?",
				RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
			}},
			RequestState: req.Params.RequestState,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		books.Post("reimbursed %s to %s", money(st.Cents), st.Employee)
		return textResult("Reimbursement approved."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing reimbursed."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
