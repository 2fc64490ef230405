package mcpgoadapter

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns25/layered/internal/domain"
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

// Decide is the round-trip Confirmer: the decision, or the result that asks.
func Decide(ctx context.Context, req mcp.CallToolRequest, key, msg string) (domain.Decision, *mcp.CallToolResult) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if caps := ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return domain.DecisionReject, nil
		}
		return domain.DecisionUnknown, server.NewInputRequestBuilder("").
			Elicit(key, mcp.ElicitationParams{Message: msg, RequestedSchema: yesNoSchema}).
			ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return domain.DecisionApprove, nil
	case mcp.ElicitationResponseActionDecline:
		return domain.DecisionReject, nil
	case mcp.ElicitationResponseActionCancel:
		return domain.DecisionDismiss, nil
	default:
		return domain.DecisionReject, nil
	}
}

// AnswerOrNil returns the answer filed under key, or nil before it is asked.
func AnswerOrNil(req mcp.CallToolRequest, key string) *mcp.ElicitationResult {
	return server.ElicitationResponse(req.Params.InputResponses, key)
}
