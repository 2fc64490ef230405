// Package kit holds the go-sdk helpers that the prompt, resource and tool
// handlers of this module share: capability tests, answer lookups, the
// builders of results that ask, and a few older helpers that still ask the
// client directly.
package kit

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FormOK reports whether the client declared form elicitation.
func FormOK(caps *mcp.ClientCapabilities) bool {
	return caps != nil && caps.Elicitation != nil
}

// URLOK reports whether the client declared url-mode elicitation.
func URLOK(caps *mcp.ClientCapabilities) bool {
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

// RootsOK reports whether the client declared roots.
func RootsOK(caps *mcp.ClientCapabilities) bool {
	return caps != nil && caps.RootsV2 != nil
}

// Confirmed looks up the yes-or-no answer filed under key. answered is false
// when the call carries no answer yet; ok is true only when the user accepted.
func Confirmed(responses mcp.InputResponseMap, key string) (ok, answered bool) {
	res, found := responses[key].(*mcp.ElicitResult)
	if !found {
		return false, false
	}
	switch res.Action {
	case "accept":
		return true, true
	case "decline", "cancel":
		return false, true
	default: // not an action of the protocol: refuse it
		return false, true
	}
}

// AskTool returns a tool result that asks the client for reqs.
func AskTool(reqs mcp.InputRequestMap, state string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: reqs, RequestState: state}
}

// AskPrompt returns a prompt result that asks the client for reqs.
func AskPrompt(reqs mcp.InputRequestMap, state string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{InputRequests: reqs, RequestState: state}
}

// AskResource returns a resource result that asks the client for reqs. The
// empty Contents keeps go-sdk's bridge for older clients working.
func AskResource(reqs mcp.InputRequestMap, state string) *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{
		Contents:      []*mcp.ResourceContents{},
		InputRequests: reqs,
		RequestState:  state,
	}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// AskDirect asks the user a yes-or-no question over the session. It predates
// the round trip and is shared by a prompt, a resource and a tool.
func AskDirect(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Summarize asks the client's model for a one-paragraph summary of text.
func Summarize(ctx context.Context, ss *mcp.ServerSession, text string) (string, error) {
	res, err := ss.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens:    300,
		SystemPrompt: "Summarize the user's text in one paragraph.",
		Messages:     []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}},
	})
	if err != nil {
		return "", err
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return "", errors.New("the model did not answer with text")
	}
	return tc.Text, nil
}

// Verdict turns an answer into the word the audit log records.
func Verdict(res *mcp.ElicitResult) string {
	if res.Action == "accept" {
		return "granted"
	}
	return "refused"
}
