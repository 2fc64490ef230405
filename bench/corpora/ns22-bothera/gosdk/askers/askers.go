// Package askers holds the confirmation plumbing of a go-sdk operations
// server in the middle of its migration: one Asker per protocol era, an
// adapter that turns the old direct-request helper into a round-trip one,
// and a receiving middleware that refuses clients without elicitation on the
// ops server. The servers are built here and served by another package.
package askers

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type NodeIn struct {
	Node string `json:"node"`
}

type NamespaceIn struct {
	Namespace string `json:"namespace"`
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	mu   sync.Mutex
	done = map[string]bool{}
)

func mark(what string) {
	mu.Lock()
	defer mu.Unlock()
	done[what] = true
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Asker asks the user to confirm. It returns the decision, or the result
// that asks when the question must travel in the tool's result.
type Asker interface {
	Confirm(ctx context.Context, req *mcp.CallToolRequest, key, msg string) (ok bool, ask *mcp.CallToolResult, err error)
}

// sessionAsker is the implementation for sessions on the older protocols.
type sessionAsker struct{}

func (sessionAsker) Confirm(ctx context.Context, req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
	if err != nil {
		return false, nil, fmt.Errorf("asking: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil, nil
	case "decline", "cancel":
		return false, nil, nil
	default:
		return false, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// roundTripAsker is the implementation for 2026-07-28 sessions.
type roundTripAsker struct{}

func (roundTripAsker) Confirm(ctx context.Context, req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult, error) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return false, nil, errors.New("this tool needs a client that can ask its user")
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo},
		}}, nil
	}
	switch res.Action {
	case "accept":
		return true, nil, nil
	case "decline", "cancel":
		return false, nil, nil
	default:
		return false, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// askerFor picks the implementation by the protocol the call negotiated.
func askerFor(req *mcp.CallToolRequest) Asker {
	if req.ProtocolVersion() < "2026-07-28" {
		return sessionAsker{}
	}
	return roundTripAsker{}
}

func cordonNode(ctx context.Context, req *mcp.CallToolRequest, in NodeIn) (*mcp.CallToolResult, any, error) {
	ok, ask, err := askerFor(req).Confirm(ctx, req, "cordon", "Cordon node "+in.Node+"?")
	if err != nil {
		return nil, nil, err
	}
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return text("node left schedulable"), nil, nil
	}
	mark("cordon " + in.Node)
	return text("cordoned " + in.Node), nil, nil
}
