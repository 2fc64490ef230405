// Package mgbus is the mcp-go command bus: tool names map to command
// constructors, and plans and cursors travel in the request state between
// rounds.
package mgbus

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"example.com/ns24/actors/command"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

var constructors = map[string]func(st *command.Store, args map[string]any) command.Command{
	"drop": func(st *command.Store, args map[string]any) command.Command {
		item, _ := args["item"].(string)
		return &command.DeleteCmd{Store: st, Item: item}
	},
	"purge": func(st *command.Store, args map[string]any) command.Command {
		return &command.PurgeCmd{Store: st}
	},
}

// Bus is the command bus behind the tools.
type Bus struct {
	store *command.Store
	x     *command.Executor
}

var capsBySession sync.Map // session id -> mcp.ClientCapabilities

func rememberCaps(ctx context.Context, id any, msg *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		capsBySession.Store(s.SessionID(), msg.Params.Capabilities)
	}
}

// New builds the bus server.
func New(store *command.Store, x *command.Executor) *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberCaps)
	s := server.NewMCPServer("actors-mcpgo-bus", "2.0.0", server.WithHooks(hooks))
	b := &Bus{store: store, x: x}
	for name := range constructors {
		s.AddTool(mcp.NewTool(name, mcp.WithString("item")), withElicitation(b.dispatch))
	}
	s.AddTool(mcp.NewTool("archive"), b.keptCapsTool)
	s.AddTool(mcp.NewTool("plan", mcp.WithString("verb"), mcp.WithString("item")), b.planTool)
	s.AddTool(mcp.NewTool("cursor", mcp.WithString("item")), withElicitation(b.cursorTool))
	return s
}

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// withElicitation refuses the call when its client cannot be asked.
func withElicitation(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
		}
		return next(ctx, req)
	}
}

func sessionID(ctx context.Context) string {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		return s.SessionID()
	}
	return ""
}

// dispatch builds the command the tool's name stands for and asks before
// it runs it.
func (b *Bus) dispatch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.Params.Name
	build, ok := constructors[name]
	if !ok {
		return mcp.NewToolResultError("no command for tool " + name), nil
	}
	cmd := build(b.store, req.GetArguments())
	key := "run_" + name
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{
			Message:         "Run " + cmd.Describe() + "?",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	sid := sessionID(ctx)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		b.x.Decided(sid, cmd, command.Allow)
		if err := b.x.Run(ctx, sid, cmd); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Done: " + cmd.Describe() + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		b.x.Decided(sid, cmd, command.Deny)
		return mcp.NewToolResultText("Not run: " + cmd.Describe() + "."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// keptCapsTool asks when the session said at initialize that it can.
func (b *Bus) keptCapsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "archive")
	if res == nil {
		v, _ := capsBySession.Load(sessionID(ctx))
		caps, _ := v.(mcp.ClientCapabilities)
		if caps.Elicitation == nil {
			return mcp.NewToolResultError("archiving needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("archive", mcp.ElicitationParams{
			Message:         "Archive the command log?",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		b.store.Put("log-archived", "1")
		return mcp.NewToolResultText("Log archived."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Log kept."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// cursor is where a cursor tool call stands between rounds.
type cursor struct{ raw string }

func (c cursor) target() string { return strings.TrimPrefix(c.raw, "item=") }

// cursorTool keeps the item to delete in the request state.
func (b *Bus) cursorTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "" {
		item := req.GetString("item", "")
		return server.NewInputRequestBuilder("item="+item).Elicit("cursor_ok", mcp.ElicitationParams{
			Message:         "Delete " + item + "?",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	cur := cursor{raw: req.Params.RequestState}
	res := server.ElicitationResponse(req.Params.InputResponses, "cursor_ok")
	if res == nil {
		return server.NewInputRequestBuilder(cur.raw).Elicit("cursor_ok", mcp.ElicitationParams{
			Message:         "Delete the item you named?",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := b.x.Run(ctx, sessionID(ctx), &command.DeleteCmd{Store: b.store, Item: cur.target()}); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Deleted."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Kept."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// planTool parks the planned command in the request state: "verb:item".
func (b *Bus) planTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("planning needs a client that can ask its user"), nil
	}
	if state := req.Params.RequestState; state != "" {
		verb, item, ok := strings.Cut(state, ":")
		if !ok {
			return mcp.NewToolResultError("this plan cannot be read"), nil
		}
		build, ok := constructors[verb]
		if !ok {
			return mcp.NewToolResultError("no command " + verb), nil
		}
		res := server.ElicitationResponse(req.Params.InputResponses, "plan_go")
		if res == nil {
			return server.NewInputRequestBuilder(state).Elicit("plan_go", mcp.ElicitationParams{
				Message:         "Carry out the plan?",
				RequestedSchema: confirmSchema,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			cmd := build(b.store, map[string]any{"item": item})
			if err := b.x.Run(ctx, sessionID(ctx), cmd); err != nil {
				return nil, err
			}
			return mcp.NewToolResultText("Done: " + cmd.Describe() + "."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Plan dropped."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	verb := req.GetString("verb", "drop")
	item := req.GetString("item", "")
	return server.NewInputRequestBuilder(verb+":"+item).Elicit("plan_go", mcp.ElicitationParams{
		Message:         "Plan: " + verb + " " + item + ". Go ahead?",
		RequestedSchema: confirmSchema,
	}).ToolResult(), nil
}
