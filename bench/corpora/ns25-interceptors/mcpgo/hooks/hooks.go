// Package hooks wires mcp-go server.Hooks and a tool filter around tools that
// ask their user in the round trip.
package hooks

import (
	"context"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	capsBySession sync.Map // session ID -> mcp.ClientCapabilities, from initialize
	canElicit     sync.Map // session ID -> bool, from the last tool call
)

var (
	mu    sync.Mutex
	files = map[string]bool{}
)

func sessionID(ctx context.Context) string {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		return s.SessionID()
	}
	return ""
}

// rememberCaps keeps what the client declared at initialize.
func rememberCaps(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	capsBySession.Store(sessionID(ctx), message.Params.Capabilities)
}

// recordCanElicit keeps, per session, whether the last call could be asked.
func recordCanElicit(ctx context.Context, id any, message *mcp.CallToolRequest) {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		canElicit.Store(sessionID(ctx), info.ClientCapabilities.Elicitation != nil)
	}
}

// keptCaps returns the capabilities kept at initialize.
func keptCaps(ctx context.Context) (mcp.ClientCapabilities, bool) {
	v, ok := capsBySession.Load(sessionID(ctx))
	if !ok {
		return mcp.ClientCapabilities{}, false
	}
	caps, ok := v.(mcp.ClientCapabilities)
	return caps, ok
}

// callerCaps returns the request's own capabilities on 2026-07-28, and the
// ones kept at initialize for older clients.
func callerCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
		return info.ClientCapabilities
	}
	if caps, ok := keptCaps(ctx); ok {
		return &caps
	}
	return nil
}

func answered(res *mcp.ElicitationResult, work func()) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		work()
		return mcp.NewToolResultText("done"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("nothing done"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func ask(key, msg string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit(key, mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}).
		ToolResult()
}

// exportHandler trusts the capabilities kept at initialize.
func exportHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "export"); res != nil {
		return answered(res, func() { mu.Lock(); files["export"] = true; mu.Unlock() })
	}
	caps, ok := keptCaps(ctx)
	if !ok || caps.Elicitation == nil {
		return mcp.NewToolResultError("exporting needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("export", mcp.ElicitationParams{Message: "Export every file?", RequestedSchema: yesNo}).
		ToolResult(), nil
}

// archiveHandler trusts the bool kept from an earlier call.
func archiveHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "archive"); res != nil {
		return answered(res, func() { mu.Lock(); files["archive"] = true; mu.Unlock() })
	}
	if v, ok := canElicit.Load(sessionID(ctx)); !ok || !v.(bool) {
		return mcp.NewToolResultError("archiving needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("archive", mcp.ElicitationParams{Message: "Archive every file?", RequestedSchema: yesNo}).
		ToolResult(), nil
}

// compactHandler tests the request's own capabilities on 2026-07-28.
func compactHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "compact"); res != nil {
		return answered(res, func() { mu.Lock(); files["compacted"] = true; mu.Unlock() })
	}
	if caps := callerCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("compacting needs a client that can ask its user"), nil
	}
	return ask("compact", "Compact the file store?"), nil
}

// hideUnaskable hides confirmable tools from clients that cannot be asked.
func hideUnaskable(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
	info := server.RequestProtocolInfoFromContext(ctx)
	if info != nil && info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil {
		return tools
	}
	out := tools[:0]
	for _, t := range tools {
		if t.Name != "nuke" {
			out = append(out, t)
		}
	}
	return out
}

// nukeHandler relies on the tool filter alone.
func nukeHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "nuke"); res != nil {
		return answered(res, func() { mu.Lock(); clear(files); mu.Unlock() })
	}
	return ask("nuke", "Delete every file?"), nil
}

// auditor asks from a hook, where there is no result to return a request in.
type auditor struct {
	srv *server.MCPServer
}

// beforeCall asks the user to acknowledge each call, and drops the answer.
func (a *auditor) beforeCall(ctx context.Context, id any, message *mcp.CallToolRequest) {
	a.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "The assistant is calling " + message.Params.Name + ".", RequestedSchema: yesNo,
	}})
}

// NewServer builds the server with its hooks and filter.
func NewServer() *server.MCPServer {
	a := &auditor{}
	h := &server.Hooks{}
	h.AddAfterInitialize(rememberCaps)
	h.AddBeforeCallTool(recordCanElicit)
	h.AddBeforeCallTool(a.beforeCall)
	s := server.NewMCPServer("hooks", "1.0.0", server.WithHooks(h), server.WithToolFilter(hideUnaskable))
	a.srv = s
	s.AddTool(mcp.NewTool("export"), exportHandler)
	s.AddTool(mcp.NewTool("archive"), archiveHandler)
	s.AddTool(mcp.NewTool("compact"), compactHandler)
	s.AddTool(mcp.NewTool("nuke"), nukeHandler)
	return s
}
