// Package approval is the shared confirmation library of the mcp-go
// servers: a Requester-based helper from before the round trip, and an
// Asker with one implementation per protocol era. It builds and serves no
// server itself.
package approval

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// YesNo is the schema of a plain confirmation.
var YesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// Requester is anything that can send an elicitation request.
type Requester interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

// Approve asks whoever r is to approve an action. It fails closed.
func Approve(ctx context.Context, r Requester, action string) (bool, error) {
	res, err := r.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Approve " + action + "?",
		RequestedSchema: YesNo,
	}})
	if err != nil {
		return false, fmt.Errorf("asking for approval: %w", err)
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

// Asker returns the answer to a confirmation, or the result that asks for
// it on this call.
type Asker interface {
	Ask(ctx context.Context, request mcp.CallToolRequest, key string, params mcp.ElicitationParams) (*mcp.ElicitationResult, *mcp.CallToolResult, error)
}

// For picks the implementation for the call's protocol.
func For(ctx context.Context, srv *server.MCPServer) Asker {
	if !server.IsModernRequest(ctx) {
		return legacyAsker{srv: srv}
	}
	return RoundTripAsker{}
}

// legacyAsker asks directly; For makes it for older requests only.
type legacyAsker struct {
	srv *server.MCPServer
}

func (a legacyAsker) Ask(ctx context.Context, request mcp.CallToolRequest, key string, params mcp.ElicitationParams) (*mcp.ElicitationResult, *mcp.CallToolResult, error) {
	res, err := a.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: params})
	return res, nil, err
}

// RoundTripAsker asks through the round trip.
type RoundTripAsker struct{}

func (RoundTripAsker) Ask(ctx context.Context, request mcp.CallToolRequest, key string, params mcp.ElicitationParams) (*mcp.ElicitationResult, *mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(request.Params.InputResponses, key); res != nil {
		return res, nil, nil
	}
	if caps := ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return nil, nil, server.ErrElicitationNotSupported
	}
	return nil, server.NewInputRequestBuilder("").Elicit(key, params).ToolResult(), nil
}

// DirectAsker is the first version of the library, still exported for the
// servers that have not moved.
type DirectAsker struct {
	Srv *server.MCPServer
}

func (a DirectAsker) Ask(ctx context.Context, request mcp.CallToolRequest, key string, params mcp.ElicitationParams) (*mcp.ElicitationResult, *mcp.CallToolResult, error) {
	res, err := a.Srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: params})
	if err != nil {
		return nil, nil, err
	}
	return res, nil, nil
}

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

// ErrRefused is what a confirmation returns when the user says no.
var ErrRefused = errors.New("not confirmed")
