// Package mgdirect is the mcp-go front end whose confirmation policies ask
// with direct elicitation requests.
package mgdirect

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"example.com/ns24/actors/approval"
	"example.com/ns24/actors/command"
	"example.com/ns24/actors/undo"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var errUseRoundTrip = errors.New("this policy serves clients of protocols before 2026-07-28 only")

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// Handlers are the tool handlers of this front end.
type Handlers struct {
	srv   *server.MCPServer
	store *command.Store
	x     *command.Executor
	stack *undo.Stack
}

// New builds the server.
func New(store *command.Store, x *command.Executor) *server.MCPServer {
	s := server.NewMCPServer("actors-mcpgo", "1.0.0", server.WithElicitation())
	h := &Handlers{srv: s, store: store, x: x, stack: &undo.Stack{Bus: x.Bus}}
	s.AddTool(mcp.NewTool("purge"), h.purgeTool)
	s.AddTool(mcp.NewTool("roots"), h.rootsTool)
	s.AddTool(mcp.NewTool("archive", mcp.WithString("item")), h.eraTool)
	s.AddTool(mcp.NewTool("pay", mcp.WithString("invoice")), h.payTool)
	s.AddTool(mcp.NewTool("note"), h.noteTool)
	s.AddTool(mcp.NewTool("shutdown"), h.shutdownTool)
	return s
}

// Serve runs the server over stdio.
func Serve(store *command.Store, x *command.Executor) error {
	return server.ServeStdio(New(store, x))
}

// serverPolicy asks through the server, and lets the command run for
// clients without elicitation.
type serverPolicy struct{ srv *server.MCPServer }

func (p *serverPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Run " + cmd.Describe() + "?",
		RequestedSchema: confirmSchema,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return command.Allow, nil
	}
	if err != nil {
		return command.Deny, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return command.Allow, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return command.Deny, nil
	}
	return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) purgeTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := &command.PurgeCmd{Store: h.store}
	d, err := (&serverPolicy{srv: h.srv}).Confirm(ctx, cmd)
	if err != nil {
		return mcp.NewToolResultError("cannot confirm: " + err.Error()), nil
	}
	if d != command.Allow {
		return mcp.NewToolResultText("Nothing purged."), nil
	}
	if err := h.x.Run(ctx, "", cmd); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Purged."), nil
}

// acceptOnlyPolicy asks through the server.
type acceptOnlyPolicy struct{ srv *server.MCPServer }

func (p *acceptOnlyPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Allow " + cmd.Describe() + "?",
		RequestedSchema: confirmSchema,
	}})
	if err != nil {
		return command.Deny, err
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return command.Deny, nil
	}
	return command.Allow, nil
}

var reasonSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"reason": map[string]any{"type": "string", "title": "Why is this needed?"},
	},
	"required": []string{"reason"},
}

// contentPolicy asks for a reason and records it on the bus.
type contentPolicy struct {
	srv *server.MCPServer
	bus *command.Bus
}

func (p *contentPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Why should " + cmd.Describe() + " run?",
		RequestedSchema: reasonSchema,
	}})
	if err != nil {
		return command.Deny, err
	}
	data, _ := res.Content.(map[string]any)
	reason, _ := data["reason"].(string)
	p.bus.Publish(command.Event{Kind: "reason: " + reason, Command: cmd.Name()})
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if strings.TrimSpace(reason) == "" {
			return command.Deny, nil
		}
		return command.Allow, nil
	case mcp.ElicitationResponseActionDecline:
		return command.Deny, nil
	case mcp.ElicitationResponseActionCancel:
		return command.Deny, nil
	}
	return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// sessionPolicy asks through the client session of the call.
type sessionPolicy struct{}

func (sessionPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return command.Deny, errors.New("this session cannot ask its user")
	}
	res, err := sess.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Run " + cmd.Describe() + "?",
		RequestedSchema: confirmSchema,
	}})
	if err != nil {
		return command.Deny, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return command.Allow, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return command.Deny, nil
	}
	return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) rootsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := h.srv.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return mcp.NewToolResultError("cannot list the client's roots: " + err.Error()), nil
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// eraTool asks directly on older protocols and through the round trip on
// 2026-07-28.
func (h *Handlers) eraTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	item := req.GetString("item", "")
	params := mcp.ElicitationParams{Message: "Archive " + item + "?", RequestedSchema: confirmSchema}
	if !server.IsModernRequest(ctx) {
		res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: params})
		if err != nil {
			return mcp.NewToolResultError("cannot ask before archiving: " + err.Error()), nil
		}
		return h.archived(ctx, item, res)
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "era_archive")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("archiving needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("era_archive", params).ToolResult(), nil
	}
	return h.archived(ctx, item, res)
}

func (h *Handlers) archived(ctx context.Context, item string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := h.x.Run(ctx, "", &command.DeleteCmd{Store: h.store, Item: item}); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Archived " + item + "."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Kept " + item + "."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing archived."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) payTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := req.GetString("invoice", "")
	session := server.ClientSessionFromContext(ctx)
	res, err := h.srv.RequestURLElicitation(ctx, session, "pay-flow",
		"https://pay.example.com/checkout?invoice="+invoice, "Pay invoice "+invoice+" on the payment page")
	if err != nil {
		return mcp.NewToolResultError("cannot open the payment page: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the payment provider to confirm invoice " + invoice + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Invoice " + invoice + " left open."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) noteTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Acknowledge tonight's maintenance window?",
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		h.x.Bus.Publish(command.Event{Kind: "maintenance-acknowledged"})
		return mcp.NewToolResultText("Acknowledged."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not acknowledged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// onErrorPolicy serves clients of older protocols; what to do when the
// question fails is up to fallback.
type onErrorPolicy struct{ srv *server.MCPServer }

func (p *onErrorPolicy) fallback(err error) (command.Decision, error) {
	log.Printf("confirmation failed (%v); treating the command as approved", err)
	return command.Allow, nil
}

func (p *onErrorPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	if !server.IsModernRequest(ctx) {
		res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Run " + cmd.Describe() + "?",
			RequestedSchema: confirmSchema,
		}})
		if err != nil {
			return p.fallback(err)
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return command.Allow, nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return command.Deny, nil
		}
		return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return command.Deny, errUseRoundTrip
}

var verdicts = map[mcp.ElicitationResponseAction]command.Decision{
	mcp.ElicitationResponseActionAccept: command.Allow,
}

// tablePolicy serves clients of older protocols and looks the answer up
// in a table of verdicts.
type tablePolicy struct{ srv *server.MCPServer }

func (p *tablePolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	if !server.IsModernRequest(ctx) {
		res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Run " + cmd.Describe() + "?",
			RequestedSchema: confirmSchema,
		}})
		if err != nil {
			return command.Deny, err
		}
		return verdicts[res.Action], nil
	}
	return command.Deny, errUseRoundTrip
}

func (h *Handlers) shutdownTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := approval.Request(ctx, h.srv, "shut down the worker pool")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("The pool keeps running."), nil
	}
	if err := h.x.Run(ctx, "", &command.PurgeCmd{Store: h.store}); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("The pool is shut down."), nil
}

// mcpAsker lets the undo stack ask through the server.
type mcpAsker struct{ srv *server.MCPServer }

var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

func (a *mcpAsker) Ask(ctx context.Context, q undo.Question) (undo.Answer, error) {
	var schema any = emptyForm
	if q.Schema != nil {
		schema = q.Schema
	}
	res, err := a.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         q.Message,
		RequestedSchema: schema,
	}})
	if err != nil {
		return undo.Answer{}, err
	}
	m, _ := res.Content.(map[string]any)
	return undo.Answer{Action: string(res.Action), Content: m}, nil
}
