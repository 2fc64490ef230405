// Package mgkit holds the mcp-go helpers that the prompt, resource and tool
// handlers of this module share.
package mgkit

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ClientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func ClientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// CanAskURL reports whether this request's client declared url-mode
// elicitation.
func CanAskURL(ctx context.Context) bool {
	caps := ClientCaps(ctx)
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

// Answer returns the elicitation answer filed under key, and whether the call
// carries one.
func Answer(responses mcp.InputResponses, key string) (*mcp.ElicitationResult, bool) {
	res := server.ElicitationResponse(responses, key)
	return res, res != nil
}

var (
	ErrDeclined  = errors.New("the user declined")
	ErrCancelled = errors.New("the user cancelled")
)

// Decision returns nil when the user accepted, and an error that says what
// happened otherwise.
func Decision(res *mcp.ElicitationResult) error {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return ErrDeclined
	case mcp.ElicitationResponseActionCancel:
		return ErrCancelled
	}
	return fmt.Errorf("unknown elicitation action %q", res.Action)
}

// SampleText returns the text of a sampling answer. Answers of 2026-07-28
// clients arrive as JSON and are parsed first.
func SampleText(res *mcp.CreateMessageResult) (string, error) {
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return "", err
	}
	switch c := content.(type) {
	case mcp.TextContent:
		return c.Text, nil
	case []mcp.Content:
		var parts []string
		for _, block := range c {
			if tc, ok := block.(mcp.TextContent); ok {
				parts = append(parts, tc.Text)
			}
		}
		if len(parts) > 0 {
			return strings.Join(parts, "\n"), nil
		}
	}
	return "", errors.New("the model did not answer with text")
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// AskLegacy asks a yes-or-no question directly. The prompts and resources
// written before the round trip share it.
func AskLegacy(ctx context.Context, s *server.MCPServer, msg string) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// PendingPrompt returns a prompt result that asks the client for reqs.
func PendingPrompt(reqs mcp.InputRequests, state string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
		InputRequests: reqs,
		RequestState:  state,
	}}
}

var stateKey = []byte(os.Getenv("MCP_STATE_KEY"))

// Seal returns payload with an HMAC under the server's key.
func Seal(payload string) string {
	mac := hmac.New(sha256.New, stateKey)
	mac.Write([]byte(payload))
	return payload + "." + hex.EncodeToString(mac.Sum(nil))
}

// Open returns the payload of a state made by Seal, and an error for any
// state this server did not seal.
func Open(state string) (string, error) {
	i := strings.LastIndex(state, ".")
	if i < 0 {
		return "", errors.New("bad state")
	}
	payload, sig := state[:i], state[i+1:]
	mac := hmac.New(sha256.New, stateKey)
	mac.Write([]byte(payload))
	if !hmac.Equal([]byte(sig), []byte(hex.EncodeToString(mac.Sum(nil)))) {
		return "", errors.New("bad state")
	}
	return payload, nil
}
