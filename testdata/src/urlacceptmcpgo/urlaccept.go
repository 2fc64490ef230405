// Package urlacceptmcpgo takes a url-mode accept for the end of the
// out-of-band step (issue 38 §2), with mcp-go, and near misses.
package urlacceptmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var signIn = mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Sign in", URL: "https://example.com/login", ElicitationID: "flow-1"}

// connect takes an accept for a finished sign-in.
func connect(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "login")
	if res != nil && res.Action == mcp.ElicitationResponseActionAccept { // want `a url-mode accept means only that the user agreed to open the URL.*\(mode\)`
		return mcp.NewToolResultText("Successfully connected"), nil
	}
	if res != nil {
		return mcp.NewToolResultText("Not connected"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("login", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Sign in", URL: "https://example.com/login", ElicitationID: "flow-1"}).ToolResult(), nil
}

type app struct {
	srv  *server.MCPServer
	paid map[string]bool
}

// pay asks directly through the SDK's url helper.
func (a *app) pay(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := a.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), "inv-42", "https://pay.example.com/invoice/42", "Pay the invoice")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept: // want `a url-mode accept means only that the user agreed to open the URL.*\(mode\)`
		return mcp.NewToolResultText("Invoice paid"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
	}
	return mcp.NewToolResultText("not paid"), nil
}

// Near misses.

// payChecked reads its own record of the payment.
func (a *app) payChecked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := a.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), "inv-42", "https://pay.example.com/invoice/42", "Pay the invoice")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText(map[bool]string{true: "Invoice paid", false: "Payment pending"}[a.paid["inv-42"]]), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
	}
	return mcp.NewToolResultText("not paid"), nil
}

// formDone is a form's accept.
func formDone(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "ok")
	if res != nil && res.Action == mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("done"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("ok", mcp.ElicitationParams{Message: "OK?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}).ToolResult(), nil
}

var _ = signIn
