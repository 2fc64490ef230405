// Package registry registers go-sdk round-trip tools through generic
// wrappers: one that refuses clients without elicitation, one that only
// logs, and a generic table of questions.
package registry

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/generics/kit"
)

var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	buckets = kit.NewStore[string, bool]()
	tags    = kit.NewStore[string, []string]()
	moves   = kit.NewStore[string, string]()
	entries = kit.NewStore[string, bool]()
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// RequireElicitation refuses a call whose client did not declare
// elicitation, before h runs.
func RequireElicitation[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		var zero Out
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, zero, errors.New("this tool needs a client that can ask its user")
		}
		return h(ctx, req, in)
	}
}

// Logged logs every call of h.
func Logged[In, Out any](name string, h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		log.Printf("tool %s called", name)
		return h(ctx, req, in)
	}
}

// Mount registers the tools of this package on s.
func Mount(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_bucket"}, RequireElicitation(wipeHandler))
	mcp.AddTool(s, &mcp.Tool{Name: "tag"}, Logged("tag", tagHandler))
	mcp.AddTool(s, &mcp.Tool{Name: "move"}, RequireElicitation(moveHandler))
	mcp.AddTool(s, &mcp.Tool{Name: "move_quick"}, moveHandler)
	mcp.AddTool(s, &mcp.Tool{Name: "clear"}, clearHandler)
}

// BucketIn names a bucket.
type BucketIn struct {
	Bucket string `json:"bucket"`
}

func wipeHandler(ctx context.Context, req *mcp.CallToolRequest, in BucketIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["wipe_bucket"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"wipe_bucket": &mcp.ElicitParams{Message: "Wipe bucket " + in.Bucket + "?", RequestedSchema: emptyForm},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		buckets.Delete(in.Bucket)
		return text("Wiped " + in.Bucket + "."), nil, nil
	case "decline", "cancel":
		return text("Kept " + in.Bucket + "."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var tagSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"tags": map[string]any{
			"type":  "array",
			"title": "Tags",
			"items": map[string]any{"type": "string", "enum": []string{"bug", "docs", "ux"}},
		},
	},
}

// IssueIn names an issue.
type IssueIn struct {
	Issue string `json:"issue"`
}

func tagHandler(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["tag"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"tag": &mcp.ElicitParams{Message: "Which tags fit issue " + in.Issue + "?", RequestedSchema: tagSchema},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		var picked []string
		if xs, ok := res.Content["tags"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					picked = append(picked, s)
				}
			}
		}
		tags.Put(in.Issue, picked)
		return text(fmt.Sprintf("Tagged with %v.", picked)), nil, nil
	case "decline", "cancel":
		return text("No tags."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// MoveIn says what to move where.
type MoveIn struct {
	Item string `json:"item"`
	To   string `json:"to"`
}

func moveHandler(ctx context.Context, req *mcp.CallToolRequest, in MoveIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["move"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"move": &mcp.ElicitParams{Message: "Move " + in.Item + " to " + in.To + "?", RequestedSchema: emptyForm},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		moves.Put(in.Item, in.To)
		return text("Moved."), nil, nil
	case "decline", "cancel":
		return text("Not moved."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Questions is a table of questions by key.
type Questions[K ~string] map[K]*mcp.ElicitParams

// Ask returns the result that asks the questions under keys.
func (q Questions[K]) Ask(keys ...K) *mcp.CallToolResult {
	reqs := mcp.InputRequestMap{}
	for _, k := range keys {
		reqs[string(k)] = q[k]
	}
	return &mcp.CallToolResult{InputRequests: reqs}
}

type clearKey string

const keyClear clearKey = "clear_confirm"

var clearQuestions = Questions[clearKey]{
	keyClear: &mcp.ElicitParams{Message: "Clear every entry?", RequestedSchema: emptyForm},
}

// ScopeIn names what to clear.
type ScopeIn struct {
	Scope string `json:"scope"`
}

func clearHandler(ctx context.Context, req *mcp.CallToolRequest, in ScopeIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses[string(keyClear)].(*mcp.ElicitResult)
	if !ok {
		return clearQuestions.Ask(keyClear), nil, nil
	}
	switch res.Action {
	case "accept":
		entries.Delete(in.Scope)
		return text("Cleared."), nil, nil
	case "decline", "cancel":
		return text("Nothing cleared."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
