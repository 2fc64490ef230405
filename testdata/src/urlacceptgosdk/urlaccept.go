// Package urlacceptgosdk takes a url-mode accept for the end of the
// out-of-band step (issue 38 §2), and near misses that check it.
package urlacceptgosdk

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func done(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

func login() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"login": &mcp.ElicitParams{Mode: "url", Message: "Sign in to Example", URL: "https://example.com/login", ElicitationID: "login-1"},
	}}
}

// connect answers "Successfully connected" on accept.
func connect(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["login"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept": // want `a url-mode accept means only that the user agreed to open the URL, not that what happens there is done, yet this branch reports success on it: check your own record of the out-of-band step \(the callback's token, the payment's status\) or the RequestState, and ask again while it is pending \(mode\)`
			return done("Successfully connected"), nil, nil
		case "decline", "cancel":
			return done("Not connected"), nil, nil
		}
	}
	return login(), nil, nil
}

// pay asks directly (older protocols) and goes on after a refusal test.
func pay(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "Pay the invoice", URL: "https://pay.example.com/invoice/42", ElicitationID: "inv-42"})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" { // want `a url-mode accept means only that the user agreed to open the URL.*\(mode\)`
		return done(fmt.Sprintf("not paid (%s)", res.Action)), nil, nil
	}
	return done("Invoice paid"), nil, nil
}

// Near misses.

type app struct {
	tokens sync.Map // user -> token, written by the OAuth callback
}

// checked looks up what the callback recorded before it says so.
func (a *app) checked(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["login"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			if _, ok := a.tokens.Load("user"); !ok {
				return login(), nil, nil
			}
			return done("Successfully connected"), nil, nil
		case "decline", "cancel":
			return done("Not connected"), nil, nil
		}
	}
	return login(), nil, nil
}

// byState reads the state the round carries, which names the flow.
func byState(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["login"].(*mcp.ElicitResult); ok && res.Action == "accept" {
		flow := req.Params.RequestState
		return done("continuing flow " + flow), nil, nil
	}
	return login(), nil, nil
}

// formAccept is a form: its accept carries the answer.
func formAccept(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Proceed?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return done("Proceeding"), nil, nil
	case "decline", "cancel":
	}
	return nil, nil, errors.New("not confirmed")
}

// pending asks again on accept until its own check passes.
func pending(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["login"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return login(), nil, nil
		case "decline", "cancel":
			return done("Not connected"), nil, nil
		}
	}
	return login(), nil, nil
}

// waiting says the step is under way, not done.
func waiting(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["login"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return done("Waiting for Example to confirm your sign-in."), nil, nil
		case "decline", "cancel":
			return done("Not connected"), nil, nil
		}
	}
	return login(), nil, nil
}

type payIn struct{ Invoice string }

func payLink(invoice string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"pay_link": &mcp.ElicitParams{Mode: "url", Message: "Pay invoice " + invoice, URL: "https://pay.example.com/" + invoice, ElicitationID: "pay-" + invoice},
	}}
}

// payInput quotes the tool's own input in its success: what the client
// sent is no record of the payment.
func payInput(ctx context.Context, req *mcp.CallToolRequest, in payIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["pay_link"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept": // want `a url-mode accept means only that the user agreed to open the URL.*\(mode\)`
			return done("Invoice " + in.Invoice + " paid"), nil, nil
		case "decline", "cancel":
			return done("Not paid"), nil, nil
		}
	}
	return payLink(in.Invoice), nil, nil
}

type ledger struct{ paid map[string]string }

// payLedger reads its ledger, given by pointer: that may be the record.
func payLedger(l *ledger) mcp.ToolHandlerFor[payIn, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in payIn) (*mcp.CallToolResult, any, error) {
		if res, ok := req.Params.InputResponses["pay_link"].(*mcp.ElicitResult); ok {
			switch res.Action {
			case "accept":
				return done("Invoice " + in.Invoice + " paid on " + l.paid[in.Invoice]), nil, nil
			case "decline", "cancel":
				return done("Not paid"), nil, nil
			}
		}
		return payLink(in.Invoice), nil, nil
	}
}
