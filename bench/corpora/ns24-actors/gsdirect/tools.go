package gsdirect

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"example.com/ns24/actors/command"
	"example.com/ns24/actors/undo"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tools are the tool handlers of this front end.
type Tools struct {
	store      *command.Store
	x          *command.Executor
	stack      *undo.Stack
	confirming *ConfirmingExecutor
	localMode  bool
	preferDual bool
}

// ItemIn names one item.
type ItemIn struct {
	Item string `json:"item"`
}

// NoticeIn announces maintenance.
type NoticeIn struct {
	When string `json:"when"`
}

// TextIn carries a text to summarize.
type TextIn struct {
	Text string `json:"text"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// New builds the server.
func New(store *command.Store, x *command.Executor) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "actors-direct", Version: "0.9.0"}, nil)
	t := &Tools{store: store, x: x, stack: &undo.Stack{Bus: x.Bus}, confirming: &ConfirmingExecutor{X: x}}
	mcp.AddTool(s, &mcp.Tool{Name: "delete", Description: "Delete an item"}, t.deleteTool)
	mcp.AddTool(s, &mcp.Tool{Name: "purge", Description: "Delete every item"}, t.purgeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "notify", Description: "Announce maintenance"}, t.notifyTool)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize", Description: "Summarize a text"}, t.summarizeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "connect", Description: "Connect a calendar"}, t.connectTool)
	return s
}

// Serve runs the server over stdio.
func Serve(ctx context.Context, store *command.Store, x *command.Executor) error {
	return New(store, x).Run(ctx, &mcp.StdioTransport{})
}

func (t *Tools) policyFor(ss *mcp.ServerSession) Policy {
	if t.localMode {
		return newLocalDualPolicy(false)
	}
	if t.preferDual {
		return newSessionDualPolicy(ss)
	}
	return newGatedPolicy(ss)
}

func (t *Tools) deleteTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	cmd := &command.DeleteCmd{Store: t.store, Item: in.Item}
	d, err := t.policyFor(req.Session).Confirm(ctx, cmd)
	if err != nil {
		return nil, nil, err
	}
	t.x.Decided(req.Session.ID(), cmd, d)
	if d != command.Allow {
		return textResult("Kept " + in.Item + "."), nil, nil
	}
	if err := t.x.Run(ctx, req.Session.ID(), cmd); err != nil {
		return nil, nil, err
	}
	t.stack.Push(cmd)
	return textResult("Deleted " + in.Item + "."), nil, nil
}

func (t *Tools) purgeTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	cmd := &command.PurgeCmd{Store: t.store}
	pol := &LenientPolicy{Session: req.Session}
	d, err := pol.Confirm(ctx, cmd)
	if err != nil {
		return nil, nil, err
	}
	if d != command.Allow {
		return textResult("Nothing purged."), nil, nil
	}
	if err := t.x.Run(ctx, req.Session.ID(), cmd); err != nil {
		return nil, nil, err
	}
	return textResult("Purged."), nil, nil
}

func (t *Tools) notifyTool(ctx context.Context, req *mcp.CallToolRequest, in NoticeIn) (*mcp.CallToolResult, any, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Maintenance starts at " + in.When + ". Acknowledge?"})
	if err != nil {
		return nil, nil, err
	}
	t.x.Bus.Publish(command.Event{Kind: "notified", Session: req.Session.ID()})
	return textResult("Notice delivered."), nil, nil
}

func (t *Tools) summarizeTool(ctx context.Context, req *mcp.CallToolRequest, in TextIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Summarize in two sentences:\n" + in.Text},
		}},
	}
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.CreateMessage(ctx, params)
		if err != nil {
			return nil, nil, fmt.Errorf("sampling: %w", err)
		}
		if txt, ok := res.Content.(*mcp.TextContent); ok {
			return textResult(txt.Text), nil, nil
		}
		return textResult("The model answered without text."), nil, nil
	}
	res, ok := req.Params.InputResponses["summary"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("summarizing needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"summary": params}}, nil, nil
	}
	for _, c := range res.Content {
		if txt, ok := c.(*mcp.TextContent); ok {
			return textResult(txt.Text), nil, nil
		}
	}
	return textResult("The model answered without text."), nil, nil
}

func (t *Tools) connectTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if _, ok := t.store.Get("calendar/" + req.Session.ID()); ok {
		return textResult("Calendar already connected."), nil, nil
	}
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Connect your calendar",
		URL:           "https://auth.example.com/calendar/start?flow=" + id,
		ElicitationID: id,
	}})
}

// sessionAsker lets the undo stack ask through the client's session.
type sessionAsker struct{ ss *mcp.ServerSession }

func (a *sessionAsker) Ask(ctx context.Context, q undo.Question) (undo.Answer, error) {
	res, err := a.ss.Elicit(ctx, &mcp.ElicitParams{Message: q.Message, RequestedSchema: q.Schema})
	if err != nil {
		return undo.Answer{}, err
	}
	return undo.Answer{Action: res.Action, Content: res.Content}, nil
}
