// Package paramcalluse gives paramcalllib's functions its server.
package paramcalluse

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"paramcalllib"
)

type app struct {
	mcp *server.MCPServer
}

func (a *app) deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := paramcalllib.Request(ctx, a.mcp, "deploy") // want `MCPServer.RequestElicitation, which paramcalllib.Request calls on the value passed here, returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28.*; no automatic fix: the request is made inside paramcalllib.Request, which the fix does not rewrite; move it to a result by hand.*\(round-trip\)`
	if err != nil || !ok {
		return mcp.NewToolResultError("not approved"), nil
	}
	return mcp.NewToolResultText("deployed"), nil
}

func (a *app) wipe(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := paramcalllib.Confirm(ctx, "wipe", a.mcp); err != nil { // want `MCPServer.RequestElicitation, which paramcalllib.Confirm calls on the value passed here, returns ErrServerInitiatedRequestUnsupported .*\(round-trip\)`
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("wiped"), nil
}

// canned answers itself: not an SDK value.
type canned struct{}

func (canned) RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return &mcp.ElicitationResult{}, nil
}

func (a *app) offline(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, _ := paramcalllib.Request(ctx, canned{}, "offline")
	_ = paramcalllib.Later(a.mcp)
	if !ok {
		return mcp.NewToolResultError("not approved"), nil
	}
	return mcp.NewToolResultText("done"), nil
}

// passOn gives a value of the interface: not known here.
func (a *app) passOn(ctx context.Context, r paramcalllib.Requester) (bool, error) {
	return paramcalllib.Request(ctx, r, "pass")
}

// approveFunc is what a handler is given to approve with (nokey's
// ApprovalFunc): whatever function it holds, the server is passed as a
// Requester, whose only method is a direct request.
type approveFunc func(ctx context.Context, r paramcalllib.Requester, action string) (bool, error)

// notifier has a method that is not a direct request.
type notifier interface { // want notifier:"sdkValues\\(\\*server.MCPServer\\)"
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
	SendNotificationToAllClients(method string, params map[string]any)
}

type handler struct {
	approve approveFunc
	notify  func(ctx context.Context, n notifier) error
	srv     *server.MCPServer
}

func (h *handler) run(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if ok, err := h.approve(ctx, h.srv, "run"); err != nil || !ok { // want `MCPServer.RequestElicitation, which h.approve is given the value passed here to call \(as paramcalllib.Requester, whose methods are direct requests\), returns .*; no automatic fix: the request is made by the function h.approve holds, which the fix does not rewrite.*\(round-trip\)`
		return mcp.NewToolResultError("not approved"), nil
	}
	if err := h.notify(ctx, h.srv); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("ran"), nil
}
