// Package gsrt is the go-sdk front end written for protocol 2026-07-28:
// handlers return their questions in InputRequests and read the answers
// from InputResponses when the client calls again.
package gsrt

import (
	"context"
	"errors"
	"fmt"

	"example.com/ns24/actors/command"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errNoElicitation = errors.New("this tool needs a client that can ask its user")

// Tools are the handlers of the round-trip server.
type Tools struct {
	store *command.Store
	x     *command.Executor
}

// ItemIn names one item.
type ItemIn struct {
	Item string `json:"item"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// New builds the round-trip server.
func New(store *command.Store, x *command.Executor) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "actors-rt", Version: "1.2.0"}, nil)
	t := &Tools{store: store, x: x}
	mcp.AddTool(s, &mcp.Tool{Name: "delete"}, t.deleteTool)
	mcp.AddTool(s, &mcp.Tool{Name: "purge"}, t.purgeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "rename"}, t.renameTool)
	mcp.AddTool(s, &mcp.Tool{Name: "move"}, t.moveTool)
	mcp.AddTool(s, &mcp.Tool{Name: "scale"}, t.scaleTool)
	mcp.AddTool(s, &mcp.Tool{Name: "draft"}, t.draftTool)
	mcp.AddTool(s, &mcp.Tool{Name: "index"}, t.indexTool)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy"}, t.deployStepTool)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_sealed"}, t.deploySealedTool)
	mcp.AddTool(s, &mcp.Tool{Name: "promote"}, t.promoteTool)
	mcp.AddTool(s, &mcp.Tool{Name: "restart"}, t.restartTool)
	mcp.AddTool(s, &mcp.Tool{Name: "reload"}, t.reloadTool)
	mcp.AddTool(s, &mcp.Tool{Name: "ship"}, t.shipTool)
	mcp.AddTool(s, &mcp.Tool{Name: "archive"}, t.mixedEraTool)
	mcp.AddTool(s, &mcp.Tool{Name: "shelve"}, t.shelveTool)
	mcp.AddTool(s, &mcp.Tool{Name: "tally"}, t.tallyTool)
	mcp.AddTool(s, &mcp.Tool{Name: "report"}, t.reportTool)
	s.AddResource(&mcp.Resource{URI: "config://actors", Name: "config", MIMEType: "text/plain"}, t.readConfig)
	s.AddPrompt(&mcp.Prompt{Name: "review"}, t.reviewPrompt)
	return s
}

// Serve runs the server over stdio.
func Serve(ctx context.Context, store *command.Store, x *command.Executor) error {
	return New(store, x).Run(ctx, &mcp.StdioTransport{})
}

// canElicit reports whether this request's client declared elicitation.
func canElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// confirm is the confirmation policy of the round trip: it returns Ask with
// the result that asks, or the user's decision.
func confirm(req *mcp.CallToolRequest, key, msg string) (command.Decision, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if !canElicit(req) {
			return command.Deny, nil
		}
		return command.Ask, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg},
		}}
	}
	switch res.Action {
	case "accept":
		return command.Allow, nil
	case "decline", "cancel":
		return command.Deny, nil
	default:
		return command.Deny, nil
	}
}

// confirmUnasked is confirm for clients that cannot be asked: it lets the
// command through instead of refusing it.
func confirmUnasked(req *mcp.CallToolRequest, key, msg string) (command.Decision, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if canElicit(req) {
			return command.Ask, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				key: &mcp.ElicitParams{Message: msg},
			}}
		}
		return command.Allow, nil
	}
	switch res.Action {
	case "accept":
		return command.Allow, nil
	case "decline", "cancel":
		return command.Deny, nil
	default:
		return command.Deny, nil
	}
}

func (t *Tools) deleteTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	cmd := &command.DeleteCmd{Store: t.store, Item: in.Item}
	d, ask := confirm(req, "delete", "Delete "+in.Item+"?")
	switch d {
	case command.Ask:
		return ask, nil, nil
	case command.Allow:
		t.x.Decided(req.Session.ID(), cmd, d)
		if err := t.x.Run(ctx, req.Session.ID(), cmd); err != nil {
			return nil, nil, err
		}
		return textResult("Deleted " + in.Item + "."), nil, nil
	}
	t.x.Decided(req.Session.ID(), cmd, d)
	return textResult("Kept " + in.Item + "."), nil, nil
}

func (t *Tools) purgeTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	cmd := &command.PurgeCmd{Store: t.store}
	d, ask := confirmUnasked(req, "purge", "Delete every item?")
	if d == command.Ask {
		return ask, nil, nil
	}
	t.x.Decided(req.Session.ID(), cmd, d)
	if d != command.Allow {
		return textResult("Nothing purged."), nil, nil
	}
	if err := t.x.Run(ctx, req.Session.ID(), cmd); err != nil {
		return nil, nil, err
	}
	return textResult("Purged."), nil, nil
}

// RenameIn names the item to rename.
type RenameIn struct {
	Item string `json:"item"`
}

var renameSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"to": map[string]any{"type": "string", "title": "New name", "minLength": 1},
	},
	"required": []string{"to"},
}

func (t *Tools) renameTool(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rename"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rename": &mcp.ElicitParams{
			Message:         "Rename " + in.Item + " to what?",
			RequestedSchema: renameSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		to, ok := res.Content["to"].(string)
		if !ok || to == "" {
			return nil, nil, errors.New("the answer has no new name")
		}
		if err := t.x.Run(ctx, req.Session.ID(), &command.RenameCmd{Store: t.store, From: in.Item, To: to}); err != nil {
			return nil, nil, err
		}
		return textResult("Renamed " + in.Item + " to " + to + "."), nil, nil
	case "decline", "cancel":
		return textResult("Kept the name."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// MoveIn names an item and where it goes.
type MoveIn struct {
	Item string `json:"item"`
	To   string `json:"to"`
}

func (t *Tools) moveTool(ctx context.Context, req *mcp.CallToolRequest, in MoveIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["move"].(*mcp.ElicitResult)
	if !ok {
		if canElicit(req) {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"move": &mcp.ElicitParams{
				Message: "Move " + in.Item + " to " + in.To + "?",
			}}}, nil, nil
		}
		// This client cannot be asked: move without a question.
	} else {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return textResult("Not moved."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := t.x.Run(ctx, req.Session.ID(), &command.RenameCmd{Store: t.store, From: in.Item, To: in.To}); err != nil {
		return nil, nil, err
	}
	return textResult("Moved."), nil, nil
}

// shelveTool archives an item once the user agrees.
func (t *Tools) shelveTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errNoElicitation
	}
	res, ok := req.Params.InputResponses["shelve"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"shelve": &mcp.ElicitParams{
			Message: "Shelve " + in.Item + "? It leaves the active list.",
		}}}, nil, nil
	}
	switch res.Action {
	case "decline":
		return textResult("Kept " + in.Item + " on the list."), nil, nil
	case "cancel":
		return textResult("Nothing shelved."), nil, nil
	}
	if err := t.x.Run(ctx, req.Session.ID(), &command.DeleteCmd{Store: t.store, Item: in.Item}); err != nil {
		return nil, nil, err
	}
	t.store.Put("shelf/"+in.Item, "1")
	return textResult("Shelved " + in.Item + "."), nil, nil
}

// TallyIn names a poll.
type TallyIn struct {
	Poll string `json:"poll"`
}

func (t *Tools) tallyTool(ctx context.Context, req *mcp.CallToolRequest, in TallyIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errNoElicitation
	}
	ask := &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"tally": &mcp.ElicitParams{
		Message: "Publish the tally of " + in.Poll + "?",
	}}}
	if len(req.Params.InputResponses) == 0 {
		return ask, nil, nil
	}
	res, ok := req.Params.InputResponses["tally"].(*mcp.ElicitResult)
	if !ok {
		return ask, nil, nil
	}
	switch res.Action {
	case "accept", "Accept":
		t.store.Put("tally/"+in.Poll, "published")
		t.x.Bus.Publish(command.Event{Kind: "tally-published", Session: req.Session.ID()})
		return textResult("Published."), nil, nil
	case "decline":
		return textResult("Not published."), nil, nil
	case "cancel":
		return textResult("Not published; ask again any time."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
