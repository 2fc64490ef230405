package legacypin

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
)

// finishLink handles the answer to a bank-link request from the bank's
// callback record.
func finishLink(bank, id string, res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		if st, _ := links.Status(id); st != flowstore.Done {
			return textResult("Waiting for " + bank + " to confirm the link; check again in a minute."), nil, nil
		}
		return textResult(bank + " account linked"), nil, nil
	case "decline":
		return textResult("No account linked."), nil, nil
	case "cancel":
		return textResult("Linking cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// linkBank asks directly, which works on this pinned server.
func linkBank(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	rememberSession(id, req.Session)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to " + in.Bank + " to link your account",
		URL:           linkURL(id),
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("asking to link %s: %w", in.Bank, err)
	}
	return finishLink(in.Bank, id, res)
}

// linkBankConstID uses one ID for every link.
func linkBankConstID(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to " + in.Bank + " to link your account",
		URL:           linkURL(id),
		ElicitationID: "bank-link",
	})
	if err != nil {
		return nil, nil, err
	}
	return finishLink(in.Bank, id, res)
}

// linkBankNoID leaves out the ElicitationID that 2025-11-25 requires.
func linkBankNoID(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:    "url",
		Message: "Sign in to " + in.Bank + " to link your account",
		URL:     linkURL(id),
	})
	if err != nil {
		return nil, nil, err
	}
	return finishLink(in.Bank, id, res)
}

// linkBankAcceptOnly treats decline and cancel alike.
func linkBankAcceptOnly(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to " + in.Bank + " to link your account",
		URL:           linkURL(id),
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return textResult("No account linked."), nil, nil
	}
	if st, _ := links.Status(id); st != flowstore.Done {
		return textResult("Waiting for " + in.Bank + " to confirm the link."), nil, nil
	}
	return textResult(in.Bank + " account linked"), nil, nil
}

// linkBankDiscard never looks at the answer.
func linkBankDiscard(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to " + in.Bank + " to link your account",
		URL:           linkURL(id),
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	return textResult("Check the accounts list in a minute to see whether the link went through."), nil, nil
}

// linkBankMixedSchema sends a url-mode request that also carries a form
// schema.
func linkBankMixedSchema(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to " + in.Bank + " to link your account",
		URL:           linkURL(id),
		ElicitationID: id,
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"nickname": map[string]any{"type": "string"}},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	return finishLink(in.Bank, id, res)
}

// linkBankRelativeURL sends a path the client cannot open.
func linkBankRelativeURL(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to " + in.Bank + " to link your account",
		URL:           "/link/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	return finishLink(in.Bank, id, res)
}

// linkBankMisspelled compares the action with "accepted", which no client
// sends.
func linkBankMisspelled(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to " + in.Bank + " to link your account",
		URL:           linkURL(id),
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accepted":
		if st, _ := links.Status(id); st != flowstore.Done {
			return textResult("Waiting for " + in.Bank + " to confirm the link."), nil, nil
		}
		return textResult(in.Bank + " account linked"), nil, nil
	case "decline":
		return textResult("No account linked."), nil, nil
	case "cancel":
		return textResult("Linking cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// nicknameContentBeforeAccept logs the answer's content before it knows
// the user accepted.
func nicknameContentBeforeAccept(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "What should we call your " + in.Bank + " account?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"nickname": map[string]any{"type": "string", "maxLength": 40}},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	nick, _ := res.Content["nickname"].(string)
	switch res.Action {
	case "accept":
		return textResult("Account renamed to " + nick + "."), nil, nil
	case "decline", "cancel":
		return textResult("Name unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// linkBankLongMessage explains too much in the message.
func linkBankLongMessage(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := links.Begin(in.Bank, req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "To link your bank account we will open a secure page run by our open banking partner, where you choose your bank, sign in with the credentials you normally use, and approve read-only access to balances and transactions for ninety days.",
		URL:           linkURL(id),
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	return finishLink(in.Bank, id, res)
}

var termsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"accept_terms": map[string]any{"type": "boolean", "title": "I accept the data sharing terms"},
	},
	"required": []any{"accept_terms"},
}

// termsFormLink puts a clickable link in a form's message.
func termsFormLink(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Read the terms at https://banks.urlflows.example/terms, then accept them to link " + in.Bank,
		RequestedSchema: termsSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if ok, _ := res.Content["accept_terms"].(bool); !ok {
			return textResult("Terms not accepted."), nil, nil
		}
		return textResult("Terms accepted; you can link " + in.Bank + " now."), nil, nil
	case "decline", "cancel":
		return textResult("Terms not accepted."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var unlinkSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// confirmUnlink goes ahead when the client cannot be asked.
func confirmUnlink(ctx context.Context, ss *mcp.ServerSession, bank string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Unlink your " + bank + " accounts?", RequestedSchema: unlinkSchema})
	if err != nil {
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func unlinkBank(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmUnlink(ctx, req.Session, in.Bank)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Nothing unlinked."), nil, nil
	}
	unlinkAccounts(req.Session.ID(), in.Bank)
	return textResult("Unlinked."), nil, nil
}

// confirmUnlinkOperator goes ahead without an answer only where the
// operator allowed it.
func confirmUnlinkOperator(ctx context.Context, ss *mcp.ServerSession, bank string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Unlink your " + bank + " accounts?", RequestedSchema: unlinkSchema})
	if err != nil && cfg.AllowUnconfirmed {
		log.Printf("unlinking %s unconfirmed (operator setting): %v", bank, err)
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func unlinkBankOperator(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmUnlinkOperator(ctx, req.Session, in.Bank)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Nothing unlinked."), nil, nil
	}
	unlinkAccounts(req.Session.ID(), in.Bank)
	return textResult("Unlinked."), nil, nil
}

// unlinkAllConfirmBox asks the user to tick a box and never reads it.
func unlinkAllConfirmBox(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Unlink every bank account?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"confirm_all": map[string]any{"type": "boolean", "title": "Yes, unlink all of them"},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		unlinkAccounts(req.Session.ID(), in.Bank)
		return textResult("All accounts unlinked."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing unlinked."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// apiKeyEntryURL sends the user to a page of ours to enter the bank's API
// key; the key never passes through MCP.
func apiKeyEntryURL(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	id := keys.Begin("api_key:"+in.Bank, req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Enter your " + in.Bank + " API key on our secure page",
		URL:           "https://keys.urlflows.example/enter?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if st, _ := keys.Status(id); st != flowstore.Done {
			return textResult("Waiting for the key to be entered on the page."), nil, nil
		}
		return textResult("API key stored"), nil, nil
	case "decline":
		return textResult("No key stored."), nil, nil
	case "cancel":
		return textResult("Key entry cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// apiKeyForm asks for the API key in a form.
func apiKeyForm(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Paste your " + in.Bank + " API key",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"apiKey": map[string]any{"type": "string", "title": "API key"},
			},
			"required": []any{"apiKey"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		key, _ := res.Content["apiKey"].(string)
		if key == "" {
			return nil, nil, errors.New("empty key")
		}
		id := keys.Begin("api_key:"+in.Bank, req.Session.ID())
		if err := keys.Complete(id, key); err != nil {
			return nil, nil, err
		}
		return textResult("Key stored."), nil, nil
	case "decline", "cancel":
		return textResult("No key stored."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// apiKeyLabelForm asks only for a label and the key's ID, which describe
// the key without holding it.
func apiKeyLabelForm(ctx context.Context, req *mcp.CallToolRequest, in LinkIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Label the " + in.Bank + " API key you stored",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"api_key_label": map[string]any{"type": "string", "title": "A label for your API key"},
				"api_key_id":    map[string]any{"type": "string", "title": "Key ID shown by the bank"},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		label, _ := res.Content["api_key_label"].(string)
		keyID, _ := res.Content["api_key_id"].(string)
		return textResult("Key " + keyID + " labelled " + label + "."), nil, nil
	case "decline", "cancel":
		return textResult("Label unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// completeLinkCallback is where the bank sends the user back: it records
// the link and notifies the session that started it.
func completeLinkCallback(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("flow")
	if err := links.Complete(id, r.URL.Query().Get("code")); err != nil {
		http.Error(w, "unknown link", http.StatusNotFound)
		return
	}
	sessionsMu.Lock()
	ss := sessionsByFlow[id]
	delete(sessionsByFlow, id)
	sessionsMu.Unlock()
	if ss != nil {
		if err := ss.NotifyElicitationComplete(r.Context(), &mcp.ElicitationCompleteParams{ElicitationID: id}); err != nil {
			log.Printf("notify %s: %v", id, err)
		}
	}
	fmt.Fprintln(w, "Account linked. You can close this tab.")
}
