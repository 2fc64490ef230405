// Package mcpgoadapter implements the domain's ports on mcp-go: confirmers
// that wrap the *server.MCPServer (direct requests) and round-trip gates that
// read InputResponses.
package mcpgoadapter

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns25/layered/internal/domain"
)

var yesNoSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{},
}

// ServerConfirmer asks through the server with a direct request.
type ServerConfirmer struct {
	Server *server.MCPServer
}

// NewServerConfirmer is the constructor the composition root calls.
func NewServerConfirmer(s *server.MCPServer) *ServerConfirmer {
	return &ServerConfirmer{Server: s}
}

func (c *ServerConfirmer) Confirm(ctx context.Context, msg string) (domain.Decision, error) {
	res, err := c.Server.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return domain.DecisionReject, fmt.Errorf("%w: %w", domain.ErrNotAsked, err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return domain.DecisionApprove, nil
	case mcp.ElicitationResponseActionDecline:
		return domain.DecisionReject, nil
	case mcp.ElicitationResponseActionCancel:
		return domain.DecisionDismiss, nil
	}
	return domain.DecisionUnknown, fmt.Errorf("%w: %q", domain.ErrUnknownAction, res.Action)
}

// TolerantConfirmer lets clients without elicitation through.
type TolerantConfirmer struct {
	Server *server.MCPServer
}

func (c *TolerantConfirmer) Confirm(ctx context.Context, msg string) (domain.Decision, error) {
	res, err := c.Server.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNoSchema,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return domain.DecisionApprove, nil
	}
	if err != nil {
		return domain.DecisionReject, fmt.Errorf("confirm: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return domain.DecisionApprove, nil
	case mcp.ElicitationResponseActionDecline:
		return domain.DecisionReject, nil
	case mcp.ElicitationResponseActionCancel:
		return domain.DecisionDismiss, nil
	}
	return domain.DecisionUnknown, fmt.Errorf("%w: %q", domain.ErrUnknownAction, res.Action)
}

// elicitor is the narrow port this adapter asks through.
type elicitor interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

// PortConfirmer asks through the elicitor port.
type PortConfirmer struct {
	e elicitor
}

// NewPortConfirmer wires the server into the port.
func NewPortConfirmer(s *server.MCPServer) *PortConfirmer {
	return &PortConfirmer{e: s}
}

func (c *PortConfirmer) Confirm(ctx context.Context, msg string) (domain.Decision, error) {
	res, err := c.e.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return domain.DecisionReject, fmt.Errorf("%w: %w", domain.ErrNotAsked, err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return domain.DecisionApprove, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return domain.DecisionReject, nil
	default:
		return domain.DecisionUnknown, fmt.Errorf("%w: %q", domain.ErrUnknownAction, res.Action)
	}
}

// PaymentLinker sends the user to the checkout page.
type PaymentLinker struct {
	Server *server.MCPServer
}

func (p *PaymentLinker) Open(ctx context.Context, session server.ClientSession, orderID string) (domain.Decision, error) {
	res, err := p.Server.RequestURLElicitation(ctx, session, "checkout",
		"https://pay.example.com/checkout?order="+orderID, "Pay for your order on the checkout page.")
	if err != nil {
		return domain.DecisionReject, fmt.Errorf("checkout: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return domain.DecisionApprove, nil
	case mcp.ElicitationResponseActionDecline:
		return domain.DecisionReject, nil
	case mcp.ElicitationResponseActionCancel:
		return domain.DecisionDismiss, nil
	}
	return domain.DecisionUnknown, domain.ErrUnknownAction
}

// ContextAsker asks through the session of the call's context.
type ContextAsker struct{}

func (ContextAsker) Ask(ctx context.Context, q domain.Question) (domain.FormAnswer, error) {
	session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return domain.FormAnswer{}, domain.ErrNotAsked
	}
	res, err := session.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: q.Message,
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{q.Field: map[string]any{"type": "string"}},
		},
	}})
	if err != nil {
		return domain.FormAnswer{}, fmt.Errorf("ask %s: %w", q.Field, err)
	}
	m, _ := res.Content.(map[string]any)
	return domain.FormAnswer{Action: string(res.Action), Content: m}, nil
}

// Summarize asks the client's model for a summary.
func Summarize(ctx context.Context, s *server.MCPServer, text string) (string, error) {
	res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
		MaxTokens: 200,
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Summarise: " + text)}},
	}})
	if err != nil {
		return "", err
	}
	tc, ok := res.Content.(mcp.TextContent)
	if !ok {
		return "", fmt.Errorf("unexpected content %T", res.Content)
	}
	return tc.Text, nil
}

// RootsLister is anything that can list the client's roots.
type RootsLister interface {
	RequestRoots(ctx context.Context, request mcp.ListRootsRequest) (*mcp.ListRootsResult, error)
}

// ListRootsVia lists the roots through l.
func ListRootsVia(ctx context.Context, l RootsLister) ([]string, error) {
	res, err := l.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, err
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return uris, nil
}
