package approval

import (
	"context"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var markConfirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// Requester is what Ask needs: something that can put a question to the
// user of the current call.
type Requester interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

// Ask asks whether to go ahead with action.
func Ask(ctx context.Context, r Requester, action string) (bool, error) {
	res, err := r.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Allow " + action + "?",
		RequestedSchema: markConfirmSchema,
	}})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// markCaps returns the capabilities this request declares, or the session's
// for a client of an older protocol.
func markCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// ConfirmMark is the mcp-go gate of the round trip: the decision when the
// call carries the answer under key, else the result that asks. A client
// that cannot be asked is refused.
func ConfirmMark(ctx context.Context, request mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		if caps := markCaps(ctx); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{
			Message:         msg,
			RequestedSchema: markConfirmSchema,
		}).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, nil
	}
}

// registry keeps what each session declared at initialize, for the tools
// that want to know it later.
var registry sync.Map

// RememberCaps records the capabilities a session declared.
func RememberCaps(sessionID string, caps mcp.ClientCapabilities) {
	registry.Store(sessionID, caps)
}

// LookupCaps returns the capabilities recorded for a session, or nil.
func LookupCaps(sessionID string) *mcp.ClientCapabilities {
	v, ok := registry.Load(sessionID)
	if !ok {
		return nil
	}
	caps, ok := v.(mcp.ClientCapabilities)
	if !ok {
		return nil
	}
	return &caps
}
