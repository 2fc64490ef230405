package gsask

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var deletions = map[string]bool{}

// HybridDelete asks directly on sessions of the older protocols, and through
// the round trip on 2026-07-28.
func HybridDelete(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Delete " + in.Name + "?", RequestedSchema: emptyForm}
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, params)
		if err != nil {
			return nil, nil, err
		}
		return decideDelete(res, in.Name)
	}
	res, ok := req.Params.InputResponses["hybrid_delete"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("deleting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"hybrid_delete": params}}, nil, nil
	}
	return decideDelete(res, in.Name)
}

// decideDelete acts on the answer to the delete question.
func decideDelete(res *mcp.ElicitResult, name string) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		deletions[name] = true
		return text("Deleted " + name + "."), nil, nil
	case "decline", "cancel":
		return text("Kept " + name + "."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Asker asks for a T with one fixed schema.
type Asker[T any] struct {
	ss     *mcp.ServerSession
	schema any
}

// NewAsker returns an Asker for the session.
func NewAsker[T any](ss *mcp.ServerSession, schema any) Asker[T] {
	return Asker[T]{ss: ss, schema: schema}
}

// Ask asks with msg and decodes the answer into a T.
func (a Asker[T]) Ask(ctx context.Context, msg string) (T, error) {
	var v T
	res, err := a.ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: a.schema})
	if err != nil {
		return v, err
	}
	if res.Action == "decline" {
		return v, ErrDeclined
	}
	b, err := json.Marshal(res.Content)
	if err != nil {
		return v, err
	}
	err = json.Unmarshal(b, &v)
	return v, err
}

type badge struct {
	Label string `json:"label"`
}

var badgeSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"label": map[string]any{"type": "string"}},
}

// BadgeIn names the user who gets a badge.
type BadgeIn struct {
	User string `json:"user"`
}

// BadgeTool asks for the label of a new badge.
func BadgeTool(ctx context.Context, req *mcp.CallToolRequest, in BadgeIn) (*mcp.CallToolResult, any, error) {
	a := NewAsker[badge](req.Session, badgeSchema)
	b, err := a.Ask(ctx, "")
	if err != nil {
		return text("No badge."), nil, nil
	}
	badges.Put(in.User, b.Label)
	return text("Badge " + b.Label + " given."), nil, nil
}
