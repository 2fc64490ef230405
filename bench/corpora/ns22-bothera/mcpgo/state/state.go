// Package state is an mcp-go payments and onboarding server that asks in
// several rounds and carries what it learned in RequestState, sealed in some
// tools and plain in others. Served over stdio.
package state

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/bothera/mcpgo/approval"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var amountSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"amount": map[string]any{"type": "number", "minimum": 1, "maximum": 10000},
	},
	"required": []string{"amount"},
}

var (
	mu      sync.Mutex
	ledger  []string
	members = map[string]string{}
	jobs    = map[string]string{}
	exports = map[string]int{}
)

func book(entry string) {
	mu.Lock()
	defer mu.Unlock()
	ledger = append(ledger, entry)
}

// stateKey is the server's key for sealing state.
var stateKey = []byte(os.Getenv("STATE_KEY"))

func NewServer() *server.MCPServer {
	s := server.NewMCPServer("state", "4.0.0")
	s.AddTool(mcp.NewTool("transfer", mcp.WithString("to", mcp.Required())), transferFunds)
	s.AddTool(mcp.NewTool("refund", mcp.WithString("order", mcp.Required())), refundOrder)
	s.AddTool(mcp.NewTool("approve_refund", mcp.WithString("order", mcp.Required())), approveRefund)
	s.AddTool(mcp.NewTool("resume_export", mcp.WithString("dataset", mcp.Required())), resumeExport)
	s.AddTool(mcp.NewTool("close_account", mcp.WithString("account", mcp.Required())), closeAccount)
	s.AddTool(mcp.NewTool("deploy_region", mcp.WithString("region", mcp.Required())), deployRegion)
	s.AddTool(mcp.NewTool("onboard", mcp.WithString("user", mcp.Required())), onboard)
	s.AddTool(mcp.NewTool("poll_job"), pollJob)
	s.AddTool(mcp.NewTool("purge_history"), purgeHistory)
	s.AddTool(mcp.NewTool("purge_archive"), purgeArchive)
	s.AddTool(mcp.NewTool("page_through", mcp.WithString("cursor")), pageThrough)
	return s
}

func Serve() error {
	return server.ServeStdio(NewServer())
}

// seal signs a payload with the server's key.
func seal(payload string) string {
	mac := hmac.New(sha256.New, stateKey)
	mac.Write([]byte(payload))
	return payload + "|" + hex.EncodeToString(mac.Sum(nil))
}

// unseal returns the payload of a state this server sealed.
func unseal(state string) (string, error) {
	i := strings.LastIndex(state, "|")
	if i < 0 {
		return "", errors.New("bad state")
	}
	payload, sig := state[:i], state[i+1:]
	got, err := hex.DecodeString(sig)
	if err != nil {
		return "", errors.New("bad state")
	}
	mac := hmac.New(sha256.New, stateKey)
	mac.Write([]byte(payload))
	if !hmac.Equal(got, mac.Sum(nil)) {
		return "", errors.New("bad state")
	}
	return payload, nil
}

// transferFunds asks for an amount, then for a go-ahead, with the amount in
// sealed state.
func transferFunds(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	to := request.GetString("to", "")
	if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("transfers need a client that can ask its user"), nil
	}
	if request.Params.RequestState == "" {
		res := server.ElicitationResponse(request.Params.InputResponses, "transfer_amount")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("transfer_amount", mcp.ElicitationParams{
				Message: "How much should go to " + to + "?", RequestedSchema: amountSchema,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			amount, ok := data["amount"].(float64)
			if !ok || amount < 1 || amount > 10000 {
				return mcp.NewToolResultError("the amount must be between 1 and 10000"), nil
			}
			payload := to + ":" + strconv.FormatFloat(amount, 'f', 2, 64)
			return server.NewInputRequestBuilder(seal(payload)).Elicit("transfer_go", mcp.ElicitationParams{
				Message: fmt.Sprintf("Send %.2f to %s?", amount, to), RequestedSchema: yesNo,
			}).ToolResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("nothing sent"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	payload, err := unseal(request.Params.RequestState)
	if err != nil {
		return nil, err
	}
	dest, amount, _ := strings.Cut(payload, ":")
	if dest != to {
		return nil, errors.New("the state belongs to another transfer")
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "transfer_go")
	if res == nil {
		return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("transfer_go", mcp.ElicitationParams{
			Message: "Send " + amount + " to " + to + "?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		book("transfer " + amount + " to " + dest)
		return mcp.NewToolResultText("sent"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("nothing sent"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// refundOrder keeps the amount in plain state between its two rounds.
func refundOrder(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("refunds need a client that can ask its user"), nil
	}
	if request.Params.RequestState == "" {
		res := server.ElicitationResponse(request.Params.InputResponses, "refund_amount")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("refund_amount", mcp.ElicitationParams{
				Message: "How much of order " + order + " should be refunded?", RequestedSchema: amountSchema,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			amount, ok := data["amount"].(float64)
			if !ok || amount < 1 || amount > 10000 {
				return mcp.NewToolResultError("the amount must be between 1 and 10000"), nil
			}
			return server.NewInputRequestBuilder("amount="+strconv.FormatFloat(amount, 'f', 2, 64)).Elicit("refund_go", mcp.ElicitationParams{
				Message: fmt.Sprintf("Refund %.2f on order %s?", amount, order), RequestedSchema: yesNo,
			}).ToolResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("no refund"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	amount, err := strconv.ParseFloat(strings.TrimPrefix(request.Params.RequestState, "amount="), 64)
	if err != nil {
		return mcp.NewToolResultError("bad state"), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "refund_go")
	if res == nil {
		return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("refund_go", mcp.ElicitationParams{
			Message: fmt.Sprintf("Refund %.2f on order %s?", amount, order), RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		issueRefund(order, amount)
		return mcp.NewToolResultText("refunded"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no refund"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func issueRefund(order string, amount float64) {
	book(fmt.Sprintf("refund %s %.2f", order, amount))
}

// approveRefund takes a state that says it was approved for approval.
func approveRefund(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("approvals need a client that can ask its user"), nil
	}
	if strings.HasPrefix(request.Params.RequestState, "approved:") {
		book("approve refund " + order)
		return mcp.NewToolResultText("refund approved"), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "approve")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("approve", mcp.ElicitationParams{
			Message: "Approve the refund on order " + order + "?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		book("approve refund " + order)
		return mcp.NewToolResultText("refund approved"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("refund not approved"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// resumeExport skips the question when the state matches a digest of the
// arguments.
func resumeExport(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	dataset := request.GetString("dataset", "")
	sum := sha256.Sum256([]byte("export:" + dataset))
	if request.Params.RequestState == hex.EncodeToString(sum[:]) {
		mu.Lock()
		exports[dataset]++
		mu.Unlock()
		return mcp.NewToolResultText("export resumed"), nil
	}
	if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("exports need a client that can ask its user"), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "export")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("export", mcp.ElicitationParams{
			Message: "Export " + dataset + " to the shared bucket?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		mu.Lock()
		exports[dataset]++
		mu.Unlock()
		return mcp.NewToolResultText("export started"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not exported"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// closeAccount uses the state only to word the question again.
func closeAccount(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	account := request.GetString("account", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "close")
	if res == nil {
		if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("closing needs a client that can ask its user"), nil
		}
		msg := "Close account " + account + "?"
		if request.Params.RequestState == "asked" {
			msg = "Please answer: close account " + account + "?"
		}
		return server.NewInputRequestBuilder("asked").Elicit("close", mcp.ElicitationParams{
			Message: msg, RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		book("close " + account)
		return mcp.NewToolResultText("account closed"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("account kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// deployRegion only checks that the state is the one this very call would
// have made.
func deployRegion(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	region := request.GetString("region", "")
	if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("deploying needs a client that can ask its user"), nil
	}
	state := request.Params.RequestState
	if state != "" && state != "region="+region {
		return mcp.NewToolResultError("the state does not match this deployment"), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "deploy")
	if res == nil {
		return server.NewInputRequestBuilder("region="+region).Elicit("deploy", mcp.ElicitationParams{
			Message: "Deploy to " + region + "?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		book("deploy " + region)
		return mcp.NewToolResultText("deploying to " + region), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not deployed"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var teamSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"team": map[string]any{"type": "string", "description": "The team to join"},
	},
	"required": []string{"team"},
}

var roleSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"role": map[string]any{"type": "string", "enum": []string{"viewer", "editor", "admin"}},
	},
	"required": []string{"role"},
}

// onboard walks a new user through team, role and activation, with the
// step in plain state.
func onboard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := request.GetString("user", "")
	if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("onboarding needs a client that can ask its user"), nil
	}
	state := request.Params.RequestState
	switch state {
	case "":
		mu.Lock()
		_, known := members[user]
		mu.Unlock()
		if known {
			return server.NewInputRequestBuilder("step=start").Elicit("start", mcp.ElicitationParams{
				Message: "Activate " + user + " now?", RequestedSchema: yesNo,
			}).ToolResult(), nil
		}
		res := server.ElicitationResponse(request.Params.InputResponses, "team")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("team", mcp.ElicitationParams{
				Message: "Which team should " + user + " join?", RequestedSchema: teamSchema,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			team, _ := data["team"].(string)
			mu.Lock()
			members[user] = team
			mu.Unlock()
			return server.NewInputRequestBuilder("step=role").Elicit("role", mcp.ElicitationParams{
				Message: "Which role should " + user + " have?", RequestedSchema: roleSchema,
			}).ToolResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("onboarding stopped"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	case "step=role":
		res := server.ElicitationResponse(request.Params.InputResponses, "role")
		if res == nil {
			return server.NewInputRequestBuilder(state).Elicit("role", mcp.ElicitationParams{
				Message: "Which role should " + user + " have?", RequestedSchema: roleSchema,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			role, _ := data["role"].(string)
			book("role " + user + " " + role)
			return server.NewInputRequestBuilder(state).Elicit("start", mcp.ElicitationParams{
				Message: "Activate " + user + " now?", RequestedSchema: yesNo,
			}).ToolResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("onboarding stopped"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	case "step=start":
		res := server.ElicitationResponse(request.Params.InputResponses, "start")
		if res == nil {
			return server.NewInputRequestBuilder(state).Elicit("start", mcp.ElicitationParams{
				Message: "Activate " + user + " now?", RequestedSchema: yesNo,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			book("activate " + user)
			return mcp.NewToolResultText(user + " is active"), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("not activated"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return mcp.NewToolResultError("unknown onboarding step"), nil
}

// pollJob starts a job and asks the client to call again with a handle to
// it; the handle is a key of the server's own records.
func pollJob(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	handle := request.Params.RequestState
	if handle == "" {
		id := rand.Text()
		mu.Lock()
		jobs[id] = "running"
		mu.Unlock()
		return server.NewInputRequestBuilder("").RequestState(id).ToolResult(), nil
	}
	mu.Lock()
	status, ok := jobs[handle]
	mu.Unlock()
	if !ok {
		return mcp.NewToolResultError("no such job"), nil
	}
	return mcp.NewToolResultText("job " + status), nil
}

// purgeHistory builds its input-required result by hand.
func purgeHistory(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "purge_history")
	if res == nil {
		if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("purging needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"purge_history": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
				Message: "Purge the whole history?", RequestedSchema: yesNo,
			})},
		}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		mu.Lock()
		ledger = nil
		mu.Unlock()
		return mcp.NewToolResultText("history purged"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("history kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type cursor struct {
	raw string
}

// pageThrough deletes what the user confirms, a page at a time, from the
// offset it keeps in the state.
func pageThrough(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("paging needs a client that can ask its user"), nil
	}
	cur := cursor{raw: request.Params.RequestState}
	res := server.ElicitationResponse(request.Params.InputResponses, "page")
	if res == nil {
		return server.NewInputRequestBuilder(cur.raw).Elicit("page", mcp.ElicitationParams{
			Message: "Delete the next page of old entries?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		offset, _ := strconv.Atoi(strings.TrimPrefix(cur.raw, "offset="))
		deletePage(offset)
		return server.NewInputRequestBuilder("offset="+strconv.Itoa(offset+50)).Elicit("page", mcp.ElicitationParams{
			Message: "Delete the next page of old entries?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("stopped"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func deletePage(offset int) {
	mu.Lock()
	defer mu.Unlock()
	if offset < len(ledger) {
		end := min(offset+50, len(ledger))
		ledger = append(ledger[:offset], ledger[end:]...)
	}
}

// purgeArchive adds its question to a text result after building it, with
// no ResultType.
func purgeArchive(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "purge_archive")
	if res == nil {
		if caps := approval.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("purging needs a client that can ask its user"), nil
		}
		result := mcp.NewToolResultText("Purging the archive needs your confirmation.")
		result.InputRequests = mcp.InputRequests{"purge_archive": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
			Message: "Purge the archive?", RequestedSchema: yesNo,
		})}
		return result, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		book("purge archive")
		return mcp.NewToolResultText("archive purged"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("archive kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
