// Package migrategatesmcp holds the confirmation gates mcp-go servers
// write, which the round-trip fix migrates with their callers, and the
// shapes it leaves alone, each saying why.
package migrategatesmcp

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var decisionSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"decision": map[string]any{"type": "string", "enum": []string{"allow_once", "deny"}},
	},
}

// elicitPolicyDecision asks through the server the handler factory
// captured; it gets the call's request after its context, and a key.
func elicitPolicyDecision(ctx context.Context, srv *server.MCPServer, command string) (string, error) {
	message := fmt.Sprintf("Run %s?", command)
	result, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `MCPServer.RequestElicitation returns .*: return the request from the tool, prompt or resource handler that needs the answer.*; reached from the handler in handleExecute, the handler in handleExecuteAlways \(round-trip\)`
		Params: mcp.ElicitationParams{Message: message, RequestedSchema: decisionSchema},
	})
	if err != nil {
		return "", err
	}
	if result.Action != mcp.ElicitationResponseActionAccept {
		return "deny", nil
	}
	data, ok := result.Content.(map[string]any)
	if !ok {
		return "deny", nil
	}
	decision, _ := data["decision"].(string)
	return decision, nil
}

func handleExecute(srv *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		command := req.GetString("command", "")
		if command == "" {
			return mcp.NewToolResultError("missing command"), nil
		}
		decision, err := elicitPolicyDecision(ctx, srv, command)
		if err != nil {
			return mcp.NewToolResultError("cannot ask: " + err.Error()), nil
		}
		if decision != "allow_once" {
			return mcp.NewToolResultError("denied: " + command), nil
		}
		return mcp.NewToolResultText("ran " + command), nil
	}
}

// handleExecuteAlways runs the command on the first answer, then asks a
// second question (doit's rule promotion): the fix migrates the first,
// and says that the second must be asked in steps.
func handleExecuteAlways(srv *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		command := req.GetString("command", "")
		decision, err := elicitPolicyDecision(ctx, srv, command)
		if err != nil {
			return mcp.NewToolResultError("cannot ask: " + err.Error()), nil
		}
		if decision != "allow_always" {
			return mcp.NewToolResultError("denied: " + command), nil
		}
		history.Record(command)
		promoteAlways(ctx, srv, command)
		return mcp.NewToolResultText("ran " + command), nil
	}
}

// confirm asks through the server in the context; a handler that
// confirms twice asks twice, each call under its own key (mcp-go's bridge
// for older clients asks round after round).
func confirm(ctx context.Context, message string) (bool, error) { // want confirm:`elicitWrapper\(1:Message\) mode=form`
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: message, RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*; reached from the handler of tool "move", the handler in handleArchive \(round-trip\)`
	if err != nil {
		return false, fmt.Errorf("confirmation failed: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("move"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		from := request.GetString("from", "")
		if ok, err := confirm(ctx, "Move "+from+"?"); err != nil || !ok {
			return mcp.NewToolResultText("kept"), nil
		}
		ok, err := confirm(ctx, "Delete the old copy of "+from+"?")
		if err != nil {
			return nil, err
		}
		if !ok {
			return mcp.NewToolResultText("moved"), nil
		}
		return mcp.NewToolResultText("moved and deleted"), nil
	})
	s.AddTool(mcp.NewTool("run_always"), handleExecuteAlways(s))
	s.AddTool(mcp.NewTool("create"), handleCreate(s))
	s.AddTool(mcp.NewTool("archive"), handleArchive(s))
	s.AddTool(mcp.NewTool("remember"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		command := request.GetString("command", "")
		history.Record(command)
		promoteRule(ctx, s, command)
		return mcp.NewToolResultText("remembered"), nil
	})
}

type recorder struct{ commands []string }

func (r *recorder) Record(c string) { r.commands = append(r.commands, c) }

var history recorder

// promoteRule asks a second question after the work ran: the work would
// run again on the call that brings the answer.
func promoteRule(ctx context.Context, srv *server.MCPServer, command string) {
	result, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Always allow " + command + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want "MCPServer.RequestElicitation returns .*; no automatic fix: `history.Record\\(command\\)` before the call of promoteRule at line \\d+ runs again on the call that brings the answer, and it writes: `r.commands = append\\(r.commands, c\\)` in \\(\\*migrategatesmcp.recorder\\).Record; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil || result.Action != mcp.ElicitationResponseActionAccept {
		return
	}
	history.Record("always " + command)
}

// promoteAlways is promoteRule's twin, called after an earlier question
// and the work its answer allowed.
func promoteAlways(ctx context.Context, srv *server.MCPServer, command string) {
	result, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Make " + command + " a rule?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want "MCPServer.RequestElicitation returns .*; no automatic fix: `history.Record\\(command\\)` before the call of promoteAlways at line \\d+ runs after the answer to the question asked at line \\d+, and would run again on the call that brings this one; ask in steps instead, carrying what the first answer decided in RequestState sealed under a server key \\(see the docs: several questions\\); until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil || result.Action != mcp.ElicitationResponseActionAccept {
		return
	}
	history.Record("rule " + command)
}

// requestValues declares its own request, as terraform-mcp-server's
// requestVariableValues does: the parameter the fix adds for the call's
// request takes another name.
func requestValues(ctx context.Context, srv *server.MCPServer, module string) (*mcp.ElicitationResult, error) {
	request := mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Values for " + module + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}
	result, err := srv.RequestElicitation(ctx, request) // want `MCPServer.RequestElicitation returns .*; reached from the handler in handleCreate \(round-trip\)`
	if err != nil {
		return nil, fmt.Errorf("failed to request elicitation: %w", err)
	}
	return result, nil
}

func handleCreate(srv *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		module := request.GetString("module", "")
		result, err := requestValues(ctx, srv, module)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		if result.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("not created"), nil
		}
		return mcp.NewToolResultText("created " + module), nil
	}
}

// askLater is a second gate, called after confirm in the same handler: the
// fix migrates confirm, and says how to ask this one.
func askLater(ctx context.Context, srv *server.MCPServer) (bool, error) {
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "And then?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want "MCPServer.RequestElicitation returns .*; no automatic fix: the call of askLater at line \\d+ asks after `confirm\\(ctx, \"Archive first\\?\"\\)` at line \\d+ asks, which would ask again on the call that brings this answer; ask both in one result by hand, or in steps with RequestState \\(see the docs: several questions\\); until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

func handleArchive(srv *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ok, err := confirm(ctx, "Archive first?")
		if err != nil || !ok {
			return mcp.NewToolResultText("kept"), nil
		}
		if ok, err := askLater(ctx, srv); err != nil || !ok {
			return mcp.NewToolResultText("archived only"), nil
		}
		return mcp.NewToolResultText("archived and deleted"), nil
	}
}

var destructiveTools = map[string]bool{"drop": true}

// confirmDestructive is called by a tool-handler middleware. mcp-go runs
// its bridge for older clients around the whole middleware chain, so the
// middleware returns the request like a handler, for every client.
func confirmDestructive(ctx context.Context, srv *server.MCPServer, tool string) (bool, error) {
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Really " + tool + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*; reached from the handler in NewGuarded \(round-trip\)`
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown action %q", res.Action)
}

func NewGuarded() *server.MCPServer {
	var srv *server.MCPServer
	srv = server.NewMCPServer("guarded", "1", server.WithToolHandlerMiddleware(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if destructiveTools[req.Params.Name] {
				ok, err := confirmDestructive(ctx, srv, req.Params.Name)
				if err != nil {
					return nil, err
				}
				if !ok {
					return mcp.NewToolResultText("cancelled"), nil
				}
			}
			return next(ctx, req)
		}
	}))
	return srv
}
