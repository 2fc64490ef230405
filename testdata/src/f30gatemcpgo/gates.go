// Package f30gatemcpgo holds the caller's side of confirmation gates for
// mcp-go (issue 30 §1).
package f30gatemcpgo

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

var errDeclined = errors.New("declined")

func wipe(ctx context.Context)               {}
func deleteBranch(ctx context.Context) error { return nil }

// confirm fails closed.
func confirm(ctx context.Context, s *server.MCPServer, msg string) (bool, error) { // want confirm:`elicitWrapper\(2:Message\) mode=form`
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: msg, RequestedSchema: confirmSchema}})
	if err != nil {
		return false, fmt.Errorf("asking: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown action %q", res.Action)
}

// approve is an error gate on the url-mode request.
func approve(ctx context.Context, s *server.MCPServer, session server.ClientSession) error {
	res, err := s.RequestURLElicitation(ctx, session, "approve-1", "https://example.com/approve", "Approve the change")
	if err != nil {
		return err
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("wipe"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ok, err := confirm(ctx, s, "Wipe everything?")
		if err != nil {
			log.Printf("cannot ask, wiping anyway: %v", err)
		} else if !ok {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when confirm fails, as only an accepted answer should: it fails when its MCPServer.RequestElicitation request does, and on sessions that negotiate protocol 2026-07-28 that direct request always fails.*\(fail-open\)`
		return mcp.NewToolResultText("wiped"), nil
	})
	s.AddTool(mcp.NewTool("delete_branch"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := approve(ctx, s, server.ClientSessionFromContext(ctx)); errors.Is(err, server.ErrServerInitiatedRequestUnsupported) {
			log.Print("cannot ask on this session, going ahead")
		} else if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		if err := deleteBranch(ctx); err != nil { // want `the function passed to s.AddTool reaches deleteBranch\(...\) when approve fails with server.ErrServerInitiatedRequestUnsupported, as only an accepted answer should: every call that gets that error goes ahead without asking.*\(fail-open\)`
			return nil, err
		}
		return mcp.NewToolResultText("deleted"), nil
	})
	// Near misses.
	s.AddTool(mcp.NewTool("wipe_closed"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ok, err := confirm(ctx, s, "Wipe everything?")
		if err != nil {
			return mcp.NewToolResultError("cannot ask: " + err.Error()), nil
		}
		if !ok {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("wiped"), nil
	})
	s.AddTool(mcp.NewTool("delete_closed"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := approve(ctx, s, server.ClientSessionFromContext(ctx)); err != nil {
			log.Print(err)
			return mcp.NewToolResultError("not approved"), nil
		}
		deleteBranch(ctx)
		return mcp.NewToolResultText("deleted"), nil
	})
}
