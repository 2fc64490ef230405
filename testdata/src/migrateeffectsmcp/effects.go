// Package migrateeffectsmcp is migrateeffects for mcp-go: reads of the
// module's store and of the network run again and are named; a write the
// author vouches for with -replay-safe migrates (TestReplaySafeSetting
// runs it with the setting); one it does not vouch for keeps the request.
package migrateeffectsmcp

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"effectstore"
)

var confirm = map[string]any{"type": "object", "properties": map[string]any{}}

type handlers struct {
	srv    *server.MCPServer
	store  *effectstore.Store
	finder effectstore.Finder
	rules  ruleReader
}

// ruleReader is unexported, but NewHandlers takes one: another package
// may put in a value that writes, unseen.
type ruleReader interface {
	Find(ctx context.Context, name string) (effectstore.Rule, error)
}

// NewHandlers is how the server is given its rules.
func NewHandlers(srv *server.MCPServer, rules ruleReader) *handlers {
	return &handlers{srv: srv, rules: rules}
}

// Reads through another package's sealed interface, in a loop: migrated,
// the call named.
func (h *handlers) runAll(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var cmds []string
	for _, name := range strings.Split(request.GetString("names", ""), ",") {
		r, err := h.finder.Find(ctx, name)
		if err != nil {
			return nil, err
		}
		cmds = append(cmds, r.Command)
	}
	result, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Run the rules?", RequestedSchema: confirm}}) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, err
	}
	if result.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("not run"), nil
	}
	return mcp.NewToolResultText("ran " + strings.Join(cmds, "; ")), nil
}

// Through the package's own interface that a caller fills: refused.
func (h *handlers) runOne(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, err := h.rules.Find(ctx, request.GetString("name", ""))
	if err != nil {
		return nil, err
	}
	result, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Run " + r.Name + "?", RequestedSchema: confirm}}) // want "MCPServer.RequestElicitation returns .*; no automatic fix: `h.rules.Find\\(ctx, request.GetString\\(\"name\", \"\"\\)\\)` before the request runs again on the call that brings the answer; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, err
	}
	if result.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("not run"), nil
	}
	return mcp.NewToolResultText("ran " + r.Command), nil
}

// Reads of rows and of a page, in a loop and a helper: migrated.
func (h *handlers) sync(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rules, err := h.store.List(ctx)
	if err != nil {
		return nil, err
	}
	page, err := effectstore.Fetch("https://example.com/rules")
	if err != nil {
		return nil, err
	}
	for _, r := range rules {
		if r.Name == page {
			return mcp.NewToolResultText("in sync"), nil
		}
	}
	result, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Replace the rules?", RequestedSchema: confirm}}) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, err
	}
	if result.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("replaced"), nil
}

// A write the author vouches for (-replay-safe=(*effectstore.Store).Touch):
// migrated with the setting, named as what runs again.
func (h *handlers) open(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	h.store.Touch(id)
	result, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Open " + id + "?", RequestedSchema: confirm}}) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, err
	}
	if result.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("closed"), nil
	}
	return mcp.NewToolResultText("opened " + id), nil
}

// A write nobody vouches for: the pattern names Touch, not Count.
func (h *handlers) count(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n := h.store.Count()
	result, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Reset the counter?", RequestedSchema: confirm}}) // want "MCPServer.RequestElicitation returns .*; no automatic fix: `h.store.Count\\(\\)` before the request runs again on the call that brings the answer, and it writes: `s.hits\\+\\+` in \\(\\*effectstore.Store\\).Count; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, err
	}
	if result.Action != mcp.ElicitationResponseActionAccept || n == 0 {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("reset"), nil
}

func register(h *handlers) {
	h.srv.AddTool(mcp.NewTool("sync"), h.sync)
	h.srv.AddTool(mcp.NewTool("open"), h.open)
	h.srv.AddTool(mcp.NewTool("count"), h.count)
	h.srv.AddTool(mcp.NewTool("run-all"), h.runAll)
	h.srv.AddTool(mcp.NewTool("run-one"), h.runOne)
}
