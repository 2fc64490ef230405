// Package wallet is a small wallet server on mcp-go for protocol 2026-07-28.
// Run builds and serves it; setup functions register tools as closures.
package wallet

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var okForm = map[string]any{"type": "object", "properties": map[string]any{}}

// capsBySession remembers what each client declared at initialize.
var capsBySession sync.Map

var walletKey = []byte("wallet-state-key-from-kms")

type ledger struct {
	mu       sync.Mutex
	balances map[string]int
	paid     map[string]bool
}

func (l *ledger) transfer(to string, cents int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.balances[to] += cents
}

func (l *ledger) close(account string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.balances, account)
}

func exportCSV(account string) error { fmt.Println("export", account); return nil }

func caps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		c := s.GetClientCapabilities()
		return &c
	}
	return nil
}

// Run serves the wallet over stdio.
func Run() error {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(func(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
		if sess := server.ClientSessionFromContext(ctx); sess != nil {
			capsBySession.Store(sess.SessionID(), message.Params.Capabilities)
		}
	})
	s := server.NewMCPServer("wallet", "0.9.0", server.WithHooks(hooks))
	l := &ledger{balances: map[string]int{}, paid: map[string]bool{}}
	frozen := map[string]bool{}

	s.AddTool(mcp.NewTool("freeze_card", mcp.WithString("card", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		card := request.GetString("card", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "freeze_ok")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("freezing needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("freeze_ok", mcp.ElicitationParams{
				Message:         "Freeze card " + card + "? Payments will be refused until you unfreeze it.",
				RequestedSchema: okForm,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			frozen[card] = true
			return mcp.NewToolResultText("Card frozen."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Card still active."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})

	setupPay(s, l)
	setupPayOK(s, l)
	setupTopUp(s, l)
	setupTransfer(s, l)
	setupTransferSigned(s, l)
	setupLimit(s, l)
	setupNickname(s, l)
	setupMessageLong(s, l)
	setupStatement(s, l)
	setupCloseAccount(s, l)
	setupExportCSV(s, l)
	setupAlias(s, l)
	setupNotes(s, l)

	return server.ServeStdio(s)
}

func setupPay(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("pay_invoice", mcp.WithString("invoice", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		invoice := request.GetString("invoice", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "pay_checkout")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil || c.Elicitation.URL == nil {
				return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("pay_checkout", mcp.ElicitationParams{
				Mode:    mcp.ElicitationModeURL,
				Message: "Pay invoice " + invoice + " on the checkout page.",
				URL:     "https://pay.wallet.example.com/invoice/" + invoice,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			l.mu.Lock()
			done := l.paid[invoice]
			l.mu.Unlock()
			if done {
				return mcp.NewToolResultText("Invoice paid."), nil
			}
			return mcp.NewToolResultText("Waiting for the payment to clear."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Invoice not paid."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupPayOK(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("pay_invoice_v2", mcp.WithString("invoice", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		invoice := request.GetString("invoice", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "pay_checkout_v2")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil || c.Elicitation.URL == nil {
				return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
			}
			id := rand.Text()
			return server.NewInputRequestBuilder("").Elicit("pay_checkout_v2", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Pay invoice " + invoice + " on the checkout page.",
				URL:           "https://pay.wallet.example.com/checkout?flow=" + id,
				ElicitationID: id,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			l.mu.Lock()
			done := l.paid[invoice]
			l.mu.Unlock()
			if done {
				return mcp.NewToolResultText("Invoice paid."), nil
			}
			return mcp.NewToolResultText("Waiting for the payment to clear."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Invoice not paid."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupTopUp(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("top_up", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "topup_card")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("topup_card", mcp.ElicitationParams{
				Message: "Top up " + account + " from your card",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"amount": map[string]any{"type": "integer", "minimum": 1},
						"cvv":    map[string]any{"type": "string", "title": "Card security code"},
					},
					"required": []string{"amount", "cvv"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			amount, _ := data["amount"].(float64)
			l.transfer(account, int(amount)*100)
			return mcp.NewToolResultText("Topped up."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No top-up."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupTransfer(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("transfer", mcp.WithString("to", mcp.Required()), mcp.WithNumber("cents", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(request.Params.InputResponses, "transfer_ok")
		if res == nil {
			to, cents := request.GetString("to", ""), request.GetInt("cents", 0)
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder(to+"|"+strconv.Itoa(cents)).Elicit("transfer_ok", mcp.ElicitationParams{
				Message:         fmt.Sprintf("Send %d cents to %s?", cents, to),
				RequestedSchema: okForm,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			to, centsText, _ := strings.Cut(request.Params.RequestState, "|")
			cents, err := strconv.Atoi(centsText)
			if err != nil {
				return nil, err
			}
			l.transfer(to, cents)
			return mcp.NewToolResultText("Sent."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Nothing sent."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupTransferSigned(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("transfer_v2", mcp.WithString("to", mcp.Required()), mcp.WithNumber("cents", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(request.Params.InputResponses, "transfer_v2_ok")
		if res == nil {
			to, cents := request.GetString("to", ""), request.GetInt("cents", 0)
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			body := to + "|" + strconv.Itoa(cents)
			mac := hmac.New(sha256.New, walletKey)
			mac.Write([]byte(body))
			return server.NewInputRequestBuilder(body+"|"+hex.EncodeToString(mac.Sum(nil))).Elicit("transfer_v2_ok", mcp.ElicitationParams{
				Message:         fmt.Sprintf("Send %d cents to %s?", cents, to),
				RequestedSchema: okForm,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			state := request.Params.RequestState
			i := strings.LastIndex(state, "|")
			if i < 0 {
				return nil, errors.New("bad state")
			}
			body, sig := state[:i], state[i+1:]
			want := hmac.New(sha256.New, walletKey)
			want.Write([]byte(body))
			got, _ := hex.DecodeString(sig)
			if !hmac.Equal(got, want.Sum(nil)) {
				return nil, errors.New("state was tampered with")
			}
			to, centsText, _ := strings.Cut(body, "|")
			cents, err := strconv.Atoi(centsText)
			if err != nil {
				return nil, err
			}
			l.transfer(to, cents)
			return mcp.NewToolResultText("Sent."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Nothing sent."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupLimit(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("set_limit", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "limit_amount")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("limit_amount", mcp.ElicitationParams{
				Message: "Daily spending limit for " + account + "?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"limit": map[string]any{"type": "number", "minimum": 0}},
					"required":   []string{"limit"},
				},
			}).ToolResult(), nil
		}
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("no limit given"), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			limit, _ := data["limit"].(float64)
			l.mu.Lock()
			l.balances[account+":limit"] = int(limit)
			l.mu.Unlock()
			return mcp.NewToolResultText("Limit set."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No limit set."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNickname(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("nickname", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "nickname_pick")
		if res == nil {
			sess := server.ClientSessionFromContext(ctx)
			v, ok := capsBySession.Load(sess.SessionID())
			kept, _ := v.(mcp.ClientCapabilities)
			if !ok || kept.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("nickname_pick", mcp.ElicitationParams{
				Message: "Nickname for " + account + "?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"nickname": map[string]any{"type": "string", "maxLength": 32}},
					"required":   []string{"nickname"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			nick, _ := data["nickname"].(string)
			return mcp.NewToolResultText("Account " + account + " is now " + nick + "."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No nickname."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupMessageLong(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("enable_overdraft", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "overdraft_ok")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("overdraft_ok", mcp.ElicitationParams{
				Message: "Turn on overdraft protection? Overdraft lets your balance go below zero up to your limit. " +
					"Interest is charged daily on the negative balance at the rate in your agreement, and a fee applies " +
					"each month the account is overdrawn.",
				RequestedSchema: okForm,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			l.mu.Lock()
			l.balances[account+":overdraft"] = 1
			l.mu.Unlock()
			return mcp.NewToolResultText("Overdraft on."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Overdraft stays off."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupStatement(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("statement", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "statement_month")
		if res == nil {
			if request.Params.RequestState != "" {
				return mcp.NewToolResultError("no month was chosen"), nil
			}
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("asked").Elicit("statement_month", mcp.ElicitationParams{
				Message: "Statement for which month?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"month": map[string]any{"type": "string", "enum": []string{"2026-01", "2026-02", "2026-03"}}},
					"required":   []string{"month"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			month, _ := data["month"].(string)
			l.mu.Lock()
			bal := l.balances[account]
			l.mu.Unlock()
			return mcp.NewToolResultText(fmt.Sprintf("%s statement for %s: balance %d.", month, account, bal)), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No statement."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupCloseAccount(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("close_account", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "close_account_ok")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("close_account_ok", mcp.ElicitationParams{
				Message:         "Close account " + account + " for good?",
				RequestedSchema: okForm,
			}).ToolResult(), nil
		}
		switch res.Action {
		case "accept":
			l.close(account)
			return mcp.NewToolResultText("Account closed."), nil
		case "decline":
			return mcp.NewToolResultText("Account kept."), nil
		case "cancelled":
			return mcp.NewToolResultText("Cancelled; ask again any time."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupExportCSV(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("export_csv", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "export_ok")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("export_ok", mcp.ElicitationParams{
				Message:         "Export all transactions of " + account + " to CSV and email them to you?",
				RequestedSchema: okForm,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("Not exported."), nil
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Cancelled."), nil
		case mcp.ElicitationResponseActionAccept:
		}
		if err := exportCSV(account); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(fmt.Sprintf("Exported %d accounts.", len(l.balances))), nil
	})
}

func setupAlias(s *server.MCPServer, l *ledger) {
	canAsk := func(ctx context.Context) bool {
		c := caps(ctx)
		return c != nil && c.Elicitation != nil
	}
	s.AddTool(mcp.NewTool("alias", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "alias_pick")
		if res == nil {
			if !canAsk(ctx) {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("alias_pick", mcp.ElicitationParams{
				Message: "Short alias for " + account + "?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"alias": map[string]any{"type": "string", "maxLength": 12}},
					"required":   []string{"alias"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			alias, _ := data["alias"].(string)
			return mcp.NewToolResultText(account + " is now also " + alias + "."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No alias."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNotes(s *server.MCPServer, l *ledger) {
	s.AddTool(mcp.NewTool("contact_details", mcp.WithString("account", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		account := request.GetString("account", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "notes_contact")
		if res == nil {
			if c := caps(ctx); c == nil || c.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("notes_contact", mcp.ElicitationParams{
				Message: "How can we reach you about " + account + "?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"email": map[string]any{"type": "string", "format": "email"},
						"phone": map[string]any{"type": "string", "format": "phone"},
					},
					"required": []string{"email"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			email, _ := data["email"].(string)
			return mcp.NewToolResultText("We will write to " + email + "."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No contact details saved."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}
