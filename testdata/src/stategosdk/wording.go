package stategosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var wipeSchema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

// askAgain records in its state that the question was asked, and asks
// again more firmly: the state chooses the wording, and a forged state
// changes only the text the user reads.
func askAgain(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		msg := "Wipe the cache?"
		if req.Params.RequestState == "asked" {
			msg = "Please answer: wipe the cache?"
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: msg, RequestedSchema: wipeSchema}},
			RequestState:  "asked",
		}, nil
	}
	return wipeResult(res)
}

// The same with a switch and fmt.Sprintf.
func askAgainSwitch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		var prefix string
		switch req.Params.RequestState {
		case "asked":
			prefix = "Still waiting: "
		case "asked-twice":
			prefix = "Last time: "
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: fmt.Sprintf("%swipe the cache?", prefix), RequestedSchema: wipeSchema}},
			RequestState:  "asked",
		}, nil
	}
	return wipeResult(res)
}

func wipeResult(res *mcp.ElicitResult) (*mcp.CallToolResult, error) { // want wipeResult:`handlesResult\(0\)` wipeResult:`errGate\(0:false\)`
	switch res.Action {
	case "accept":
		return done("wiped"), nil
	case "decline", "cancel":
		return done("kept"), nil
	}
	return nil, errors.New("unknown action")
}

// Near misses: the same test chooses what is done.

// The branch sets the text of the result, not of the question.
func resultWording(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text := "wiped"
	if req.Params.RequestState == "admin" { // want `RequestState decides what the tool does through a comparison with "admin".*\(request-state\)`
		text = "wiped everything"
	}
	return done(text), nil
}

// The variable chooses the message and the key asked under.
func keyChosen(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		key := "wipe"
		if req.Params.RequestState == "asked" { // want `RequestState decides what the tool does through a comparison with "asked".*\(request-state\)`
			key = "wipe-all"
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: key, RequestedSchema: wipeSchema}},
			RequestState:  "asked",
		}, nil
	}
	return wipeResult(res)
}

// The branch does more than word the question.
func branchWorks(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		msg := "Wipe the cache?"
		if req.Params.RequestState == "asked" { // want `RequestState decides what the tool does through a comparison with "asked".*\(request-state\)`
			msg = "Please answer: wipe the cache?"
			cacheWipes++
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: msg, RequestedSchema: wipeSchema}},
			RequestState:  "asked",
		}, nil
	}
	return wipeResult(res)
}

var cacheWipes int
