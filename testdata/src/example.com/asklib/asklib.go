// Package asklib holds helpers that handlers of other packages share: a
// capability test, the builder of the result that asks, and older helpers
// that still ask the client directly, which make it a package that
// elicits.
package asklib

import (
	"context"
	"errors"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// URLOK reports whether the client declared url-mode elicitation.
func URLOK(caps *mcp.ClientCapabilities) bool { // want URLOK:`capabilities\(elicitation \(form\), elicitation.url\)`
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

// AskTool returns a tool result that asks the client for reqs.
func AskTool(reqs mcp.InputRequestMap, state string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: reqs, RequestState: state}
}

// AskPrompt returns a prompt result that asks the client for reqs.
func AskPrompt(reqs mcp.InputRequestMap) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{InputRequests: reqs}
}

// AskAgain returns an mcp-go tool result that asks the client for reqs.
func AskAgain(reqs gomcp.InputRequests) *gomcp.CallToolResult {
	return &gomcp.CallToolResult{MultiRoundTripResult: gomcp.MultiRoundTripResult{InputRequests: reqs}}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// AskDirect asks a yes-or-no question over the session.
func AskDirect(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want AskDirect:`elicitWrapper\(2:Message\) mode=form` AskDirect:`decision\(0=true,none=false,ServerSession.Elicit,always\)`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, errors.New("unknown action")
}

// Summarize asks the client's model directly for a summary.
func Summarize(ctx context.Context, ss *mcp.ServerSession, text string) (string, error) {
	res, err := ss.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 300, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}})
	if err != nil {
		return "", err
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return "", errors.New("not text")
	}
	return tc.Text, nil
}
