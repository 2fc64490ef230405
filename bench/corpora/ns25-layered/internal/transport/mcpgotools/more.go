package mcpgotools

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns25/layered/internal/adapter/mcpgoadapter"
	"example.com/ns25/layered/internal/domain"
)

// Checkout sends the user to the checkout page under a fixed flow ID.
func (h *Handlers) Checkout(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "checkout_page"); res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText("We will email you once the payment clears."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Order not paid."), nil
		}
		return nil, unknownAction(res.Action)
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
	}
	const flowID = "checkout-flow"
	return server.NewInputRequestBuilder("").Elicit("checkout_page", mcp.ElicitationParams{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Pay for your order",
		URL:           "https://pay.example.com/checkout?flow=" + rand.Text(),
		ElicitationID: flowID,
	}).ToolResult(), nil
}

// PayInvoice sends the user to the invoice page without a flow ID.
func (h *Handlers) PayInvoice(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "invoice_page"); res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText("Waiting for the bank; call again later."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Invoice not paid."), nil
		}
		return nil, unknownAction(res.Action)
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("invoice_page", mcp.ElicitationParams{
		Mode:    mcp.ElicitationModeURL,
		Message: "Pay the invoice",
		URL:     "https://pay.example.com/invoice?ref=" + req.GetString("invoice", ""),
	}).ToolResult(), nil
}

// ArchiveMail builds the input-required result by hand.
func (h *Handlers) ArchiveMail(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "archive_mail"); res != nil {
		return settle(res, "archive")
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return cannotAsk(), nil
	}
	return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
		InputRequests: mcp.InputRequests{
			"archive_mail": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "Archive the mailbox?", RequestedSchema: yesNo}),
		},
	}}, nil
}

// askRenameQuestion builds the question of Rename.
func askRenameQuestion() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("new_name", mcp.ElicitationParams{
		Message: "New name?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"name": map[string]any{"type": "string"}},
		},
	}).ToolResult()
}

// Rename renames a resource once the user gives the new name.
func (h *Handlers) Rename(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "newname")
	if res == nil {
		if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return cannotAsk(), nil
		}
		return askRenameQuestion(), nil
	}
	return settle(res, "rename")
}

// SampleDraft asks the client's model for a draft and reads it as text.
func (h *Handlers) SampleDraft(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.SamplingResponse(req.Params.InputResponses, "draft"); res != nil {
		if tc, ok := res.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultError("the model sent no text"), nil
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultError("drafting needs a client that can sample"), nil
	}
	return server.NewInputRequestBuilder("").Sample("draft", mcp.CreateMessageParams{
		MaxTokens: 400,
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Draft a reply to " + req.GetString("thread", ""))}},
	}).ToolResult(), nil
}

// SampleTitle asks the client's model for a title and parses the content.
func (h *Handlers) SampleTitle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.SamplingResponse(req.Params.InputResponses, "title"); res != nil {
		content, err := mcp.ParseSamplingContent(res.Content)
		if err != nil {
			return nil, err
		}
		if tc, ok := content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultError("the model sent no text"), nil
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultError("titling needs a client that can sample"), nil
	}
	return server.NewInputRequestBuilder("").Sample("title", mcp.CreateMessageParams{
		MaxTokens: 30,
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Title for " + req.GetString("doc", ""))}},
	}).ToolResult(), nil
}

// WorkspaceRoots asks for the client's roots in the round trip.
func (h *Handlers) WorkspaceRoots(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.RootsResponse(req.Params.InputResponses, "roots"); res != nil {
		uris := make([]string, 0, len(res.Roots))
		for _, r := range res.Roots {
			uris = append(uris, r.URI)
		}
		return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Roots == nil {
		return mcp.NewToolResultError("listing roots needs a client that declares roots"), nil
	}
	return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
}

// IndexRoots lists the roots through the adapter, on the server.
func (h *Handlers) IndexRoots(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	uris, err := mcpgoadapter.ListRootsVia(ctx, h.srv)
	if err != nil {
		return nil, err
	}
	for _, u := range uris {
		if err := h.ops.Run(ctx, "index", u); err != nil {
			return nil, err
		}
	}
	return mcp.NewToolResultText("Indexed."), nil
}

// Reboot asks directly on older protocols and in the round trip on 2026-07-28.
func (h *Handlers) Reboot(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	host := req.GetString("host", "")
	if !server.IsModernRequest(ctx) {
		res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Reboot " + host + "?",
			RequestedSchema: yesNo,
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			if err := h.ops.Run(ctx, "reboot", host); err != nil {
				return nil, err
			}
			return mcp.NewToolResultText("Rebooting."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not rebooted."), nil
		}
		return nil, unknownAction(res.Action)
	}
	d, ask := mcpgoadapter.Decide(ctx, req, "reboot_host", "Reboot "+host+"?")
	if ask != nil {
		return ask, nil
	}
	if d != domain.DecisionApprove {
		return mcp.NewToolResultText("Not rebooted."), nil
	}
	if err := h.ops.Run(ctx, "reboot", host); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Rebooting."), nil
}

// Grant grants access, asking only clients that can be asked.
func (h *Handlers) Grant(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := req.GetString("user", "")
	res := mcpgoadapter.AnswerOrNil(req, "grant_access")
	if res == nil {
		if caps := mcpgoadapter.ClientCaps(ctx); caps != nil && caps.Elicitation != nil {
			return server.NewInputRequestBuilder("").
				Elicit("grant_access", mcp.ElicitationParams{Message: "Grant " + user + " admin access?", RequestedSchema: yesNo}).
				ToolResult(), nil
		}
		if err := h.ops.Run(ctx, "grant", user); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Granted."), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := h.ops.Run(ctx, "grant", user); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Granted."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not granted."), nil
	}
	return nil, unknownAction(res.Action)
}

// Revoke revokes access once the user agrees; a client that cannot ask is refused.
func (h *Handlers) Revoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := req.GetString("user", "")
	res := mcpgoadapter.AnswerOrNil(req, "revoke_access")
	if res == nil {
		if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return cannotAsk(), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("revoke_access", mcp.ElicitationParams{Message: "Revoke the access of " + user + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := h.ops.Run(ctx, "revoke", user); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Revoked."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Access kept."), nil
	default:
		return mcp.NewToolResultError("unknown answer; nothing revoked"), nil
	}
}

// Restart restarts a service once the user agrees.
func (h *Handlers) Restart(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	svc := req.GetString("service", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "restart_service")
	if res == nil {
		if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return cannotAsk(), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("restart_service", mcp.ElicitationParams{Message: "Restart " + svc + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Not restarted."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Restart cancelled."), nil
	case mcp.ElicitationResponseActionAccept:
	}
	if err := h.ops.Run(ctx, "restart", svc); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Restarted."), nil
}

// Unlock asks the old way, with a form that has no schema.
func (h *Handlers) Unlock(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	door := req.GetString("door", "")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Unlock " + door + "?",
	}})
	if err != nil {
		return nil, fmt.Errorf("unlock: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := h.ops.Run(ctx, "unlock", door); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Unlocked."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Still locked."), nil
	}
	return nil, unknownAction(res.Action)
}

// Announce tells the user about maintenance with a form nobody reads.
func (h *Handlers) Announce(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Maintenance starts at 22:00 UTC. Acknowledge?",
		RequestedSchema: yesNo,
	}})
	if err := h.ops.Run(ctx, "announce", req.GetString("window", "")); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Announced."), nil
}

// ChangePlan hands over to the billing service.
func (h *Handlers) ChangePlan(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := h.billing.ChangePlan(ctx, req.GetString("account", "")); err != nil {
		if errors.Is(err, domain.ErrNotAsked) {
			return mcp.NewToolResultError("this client cannot be asked"), nil
		}
		return nil, err
	}
	return mcp.NewToolResultText("Plan changed."), nil
}

// Nickname asks only on a call that carries no answers at all.
func (h *Handlers) Nickname(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := mcpgoadapter.AnswerOrNil(req, "nickname")
	if res == nil {
		if len(req.Params.InputResponses) == 0 {
			if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return cannotAsk(), nil
			}
			return server.NewInputRequestBuilder("").Elicit("nickname", mcp.ElicitationParams{
				Message: "What should we call you?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"nickname": map[string]any{"type": "string"}},
				},
			}).ToolResult(), nil
		}
		return mcp.NewToolResultError("no nickname given"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("no nickname given"), nil
		}
		nick, _ := data["nickname"].(string)
		return mcp.NewToolResultText("Hello, " + nick + "!"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Hello!"), nil
	}
	return nil, unknownAction(res.Action)
}
