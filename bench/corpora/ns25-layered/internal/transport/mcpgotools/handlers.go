// Package mcpgotools is the mcp-go transport layer: tool handlers that call
// the application services and the mcp-go adapter.
package mcpgotools

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns25/layered/internal/adapter/mcpgoadapter"
	"example.com/ns25/layered/internal/app"
	"example.com/ns25/layered/internal/domain"
)

// Operator runs infrastructure operations.
type Operator interface {
	Run(ctx context.Context, op, target string) error
}

// Handlers holds the dependencies of the mcp-go tools.
type Handlers struct {
	srv     *server.MCPServer
	billing *app.BillingService
	ops     Operator
}

// New is the constructor the composition root calls.
func New(srv *server.MCPServer, billing *app.BillingService, ops Operator) *Handlers {
	return &Handlers{srv: srv, billing: billing, ops: ops}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func unknownAction(a mcp.ElicitationResponseAction) error {
	return fmt.Errorf("%w: %q", domain.ErrUnknownAction, a)
}

func cannotAsk() *mcp.CallToolResult {
	return mcp.NewToolResultError("this tool needs a client that can ask its user")
}

// DeleteBucket asks through the adapter's round-trip gate.
func (h *Handlers) DeleteBucket(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	d, ask := mcpgoadapter.Decide(ctx, req, "delete_bucket", "Delete bucket "+bucket+"?")
	if ask != nil {
		return ask, nil
	}
	if d != domain.DecisionApprove {
		return mcp.NewToolResultText("Bucket kept."), nil
	}
	if err := h.ops.Run(ctx, "delete-bucket", bucket); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Bucket deleted."), nil
}

// EmptyTrash empties on the first call, before it asks.
func (h *Handlers) EmptyTrash(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "empty_trash")
	if res == nil || res.Action == mcp.ElicitationResponseActionAccept {
		if err := h.ops.Run(ctx, "empty-trash", req.GetString("folder", "")); err != nil {
			return nil, err
		}
	}
	if res == nil {
		if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return cannotAsk(), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("empty_trash", mcp.ElicitationParams{Message: "Empty the trash?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	return mcp.NewToolResultText("Done."), nil
}

// ShareDoc asks whom to share a document with.
func (h *Handlers) ShareDoc(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "share_with")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("share_with", mcp.ElicitationParams{
			Message: "Share with whom?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"email": map[string]any{"type": "string", "format": "email"}},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		email, _ := data["email"].(string)
		if err := h.ops.Run(ctx, "share", email); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Shared."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not shared."), nil
	}
	return nil, unknownAction(res.Action)
}

// Login sends the user to the sign-in page.
func (h *Handlers) Login(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "sso_login"); res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText("Finish signing in, then call again."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not signed in."), nil
		}
		return nil, unknownAction(res.Action)
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("sign in at https://sso.example.com first"), nil
	}
	id := rand.Text()
	return server.NewInputRequestBuilder("").Elicit("sso_login", mcp.ElicitationParams{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Sign in",
		URL:           "https://sso.example.com/login?flow=" + id,
		ElicitationID: id,
	}).ToolResult(), nil
}

// ConnectCalendar sends the user to the calendar's consent page.
func (h *Handlers) ConnectCalendar(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "calendar_consent"); res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText("Check your calendar once the consent page says it is finished."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Calendar not connected."), nil
		}
		return nil, unknownAction(res.Action)
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return mcp.NewToolResultError("connecting a calendar needs a client that can open a URL"), nil
	}
	id := rand.Text()
	return server.NewInputRequestBuilder("").Elicit("calendar_consent", mcp.ElicitationParams{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Connect your calendar",
		URL:           "https://calendar.example.com/consent?flow=" + id,
		ElicitationID: id,
	}).ToolResult(), nil
}

// Subscribe asks where the newsletter goes.
func (h *Handlers) Subscribe(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "newsletter")
	if res == nil {
		if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return cannotAsk(), nil
		}
		return server.NewInputRequestBuilder("").Elicit("newsletter", mcp.ElicitationParams{
			Message: "Where should we send the newsletter?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"email": map[string]any{"type": "string", "format": "email"}},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		email, _ := data["emial"].(string)
		if err := h.ops.Run(ctx, "subscribe", email); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Subscribed."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not subscribed."), nil
	}
	return nil, unknownAction(res.Action)
}

// BookRoom asks how many nights.
func (h *Handlers) BookRoom(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "book_nights")
	if res == nil {
		if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return cannotAsk(), nil
		}
		return server.NewInputRequestBuilder("").Elicit("book_nights", mcp.ElicitationParams{
			Message: "How many nights?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"nights": map[string]any{"type": "integer", "minimum": 1}},
				"required":   []string{"nights"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data := res.Content.(map[string]any)
		nights, _ := data["nights"].(float64)
		if err := h.ops.Run(ctx, "book", fmt.Sprint(int(nights))); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Booked."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not booked."), nil
	}
	return nil, unknownAction(res.Action)
}

// settle replies to an answer whose content the tool does not need.
func settle(res *mcp.ElicitationResult, what string) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText(what + ": saved."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText(what + ": declined."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(what + ": cancelled."), nil
	}
	return nil, unknownAction(res.Action)
}

// TagTicket asks for tags.
func (h *Handlers) TagTicket(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "ticket_tags"); res != nil {
		return settle(res, "tags")
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return cannotAsk(), nil
	}
	return server.NewInputRequestBuilder("").Elicit("ticket_tags", mcp.ElicitationParams{
		Message: "Tag the ticket",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"tags": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			},
		},
	}).ToolResult(), nil
}

// PickLabels asks for labels from a fixed list: a multi-select enum.
func (h *Handlers) PickLabels(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "ticket_labels"); res != nil {
		return settle(res, "labels")
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return cannotAsk(), nil
	}
	return server.NewInputRequestBuilder("").Elicit("ticket_labels", mcp.ElicitationParams{
		Message: "Label the ticket",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"labels": map[string]any{
					"type":  "array",
					"items": map[string]any{"type": "string", "enum": []string{"bug", "docs", "ux"}},
				},
			},
		},
	}).ToolResult(), nil
}

// ConnectStripe asks for the account's credentials in a form.
func (h *Handlers) ConnectStripe(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "stripe_login"); res != nil {
		return settle(res, "stripe")
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return cannotAsk(), nil
	}
	return server.NewInputRequestBuilder("").Elicit("stripe_login", mcp.ElicitationParams{
		Message: "Log in to Stripe",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"username": map[string]any{"type": "string"},
				"password": map[string]any{"type": "string"},
			},
		},
	}).ToolResult(), nil
}

// Feedback asks for a rating.
func (h *Handlers) Feedback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "feedback_rating"); res != nil {
		return settle(res, "feedback")
	}
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return cannotAsk(), nil
	}
	return server.NewInputRequestBuilder("").Elicit("feedback_rating", mcp.ElicitationParams{
		Message: "We would love to hear how the last release went for your team. Please rate it from one to five, " +
			"where one means it broke your workflow and five means it worked perfectly, and keep in mind that " +
			"your answer is shared with the product team.",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"rating": map[string]any{"type": "integer", "minimum": 1, "maximum": 5}},
		},
	}).ToolResult(), nil
}

// ApproveChange trusts a state prefix as the approval.
func (h *Handlers) ApproveChange(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := mcpgoadapter.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return cannotAsk(), nil
	}
	if strings.HasPrefix(req.Params.RequestState, "approved:") {
		if err := h.ops.Run(ctx, "apply-change", strings.TrimPrefix(req.Params.RequestState, "approved:")); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Change applied."), nil
	}
	if res := server.ElicitationResponse(req.Params.InputResponses, "approve_change"); res != nil {
		return settle(res, "approval")
	}
	change := req.GetString("change", "")
	return server.NewInputRequestBuilder("approved:"+change).
		Elicit("approve_change", mcp.ElicitationParams{Message: "Apply change " + change + "?", RequestedSchema: yesNo}).
		ToolResult(), nil
}
