// Package ifacemcpgo holds direct requests made through interfaces the
// package declares, whose values its own code shows to be mcp-go servers
// (issue #30 §2), and near misses.
package ifacemcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The server from the context, assigned to the interface in a handler.

type elicitation interface { // want elicitation:"sdkValues\\(\\*server.MCPServer\\)"
	RequestElicitation(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

func book(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var e elicitation = server.ServerFromContext(ctx)
	res, err := e.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Book it?", RequestedSchema: schema}}) // want `MCPServer\.RequestElicitation, called through the interface elicitation, returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28.*: return the request in the result.s InputRequests and read the answer from InputResponses.*; no automatic fix: the request is made through the interface elicitation, and the fix rewrites only calls of the SDK.s own methods.*\(round-trip\)` `asks for "ok", a box the user ticks.*\(content-schema\)`
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if res.Action == mcp.ElicitationResponseActionAccept { // want `elicitation result is only checked for "accept".*\(actions\)`
		return mcp.NewToolResultText("booked"), nil
	}
	return mcp.NewToolResultText("not booked"), nil
}

var schema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

// Sampling and roots through an interface a constructor returns, in a
// handler literal.

type assistant interface { // want assistant:"sdkValues\\(\\*server.MCPServer\\)"
	RequestSampling(context.Context, mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error)
	RequestRoots(context.Context, mcp.ListRootsRequest) (*mcp.ListRootsResult, error)
}

func newAssistant(s *server.MCPServer) assistant { return s }

// A url-mode request through an interface: its arguments are checked as
// the SDK's own call's are; the server is in a struct field set by a
// composite literal.

type urlAsker interface { // want urlAsker:"sdkValues\\(\\*server.MCPServer\\)"
	RequestURLElicitation(ctx context.Context, session server.ClientSession, elicitationID string, url string, message string) (*mcp.ElicitationResult, error)
}

type handlers struct {
	ask urlAsker
}

func (h *handlers) pay(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	res, err := h.ask.RequestURLElicitation(ctx, session, "pay-flow", "http://example.com/pay", "Pay") // want `MCPServer\.RequestURLElicitation, called through the interface urlAsker, returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28.*; no automatic fix: the request is made through the interface urlAsker, and the fix rewrites only calls of the SDK.s own methods.*\(round-trip\)` `elicitationId "pay-flow" is a constant.*\(elicitation-id\)` `URL "http://example.com/pay" uses http.*\(mode\)`
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept: // want `a url-mode accept means only that the user agreed to open the URL.*\(mode\)`
		return mcp.NewToolResultText("paid"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
	}
	return mcp.NewToolResultText("not paid"), nil
}

func register() {
	s := server.NewMCPServer("demo", "1.0")
	a := newAssistant(s)
	s.AddTool(mcp.NewTool("summarise"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := a.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 10}}) // want `MCPServer\.RequestSampling, called through the interface assistant, returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28.*deprecates sampling.*; no automatic fix: the request is made through the interface assistant, and the fix rewrites only calls of the SDK.s own methods.*\(round-trip\)`
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		roots, err := a.RequestRoots(ctx, mcp.ListRootsRequest{}) // want `MCPServer\.RequestRoots, called through the interface assistant, returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28.*deprecates roots.*\(round-trip\)`
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(res.Model, len(roots.Roots))), nil
	})
	h := &handlers{ask: s}
	s.AddTool(mcp.NewTool("pay"), h.pay)
	s.AddTool(mcp.NewTool("book"), book)
	server.ServeStdio(s)
}
