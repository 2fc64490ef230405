// Package pinned is the mcp-go port of the TypeScript "desk" server. It runs
// only over stdio and keeps its direct requests working for 2026-07-28
// clients with the (deprecated) legacy option, until the round-trip port.
package pinned

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/ported/internal/store"
)

// MCP is the process-wide server.
var MCP = server.NewMCPServer("desk", "1.0.0",
	server.WithElicitation(),
	server.WithLegacyServerInitiatedRequests(),
)

func init() {
	MCP.AddTool(mcp.NewTool("drop_index", mcp.WithString("index")), dropIndex)
	MCP.AddTool(mcp.NewTool("rebuild_index", mcp.WithString("index")), rebuildIndex)
	MCP.AddTool(mcp.NewTool("restore", mcp.WithString("snapshot")), (&restorer{}).Restore)
	MCP.AddTool(mcp.NewTool("outline", mcp.WithString("text")), outline)
	MCP.AddTool(mcp.NewTool("collect_contact"), collectContact)
	MCP.AddTool(mcp.NewTool("acknowledge", mcp.WithString("incident")), acknowledge)
	MCP.AddTool(mcp.NewTool("import_contacts", mcp.WithString("source")), importContacts)
	MCP.AddTool(mcp.NewTool("accept_terms"), acceptTerms)
	MCP.AddTool(mcp.NewTool("mirror_repo"), askRepo)
	MCP.AddTool(mcp.NewTool("export_report"), requireLogin)
	MCP.AddTool(mcp.NewTool("order_pizza"), pickToppings)
	MCP.AddTool(mcp.NewTool("book_nights"), askNights)
}

// Serve serves over stdio, the only transport this server runs on.
func Serve() error {
	return server.ServeStdio(MCP)
}

var yesNo = map[string]interface{}{"type": "object", "properties": map[string]interface{}{}}

// confirmStrict is confirm() from desk.ts after the security review.
func confirmStrict(ctx context.Context, message string) (bool, error) {
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: message, RequestedSchema: yesNo}})
	if err != nil {
		return false, fmt.Errorf("could not ask for confirmation: %w", err)
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

// confirmLoose is confirm() as it was first ported: `return res.action === "accept"`.
func confirmLoose(ctx context.Context, message string) (bool, error) {
	res, err := MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: message, RequestedSchema: yesNo}})
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

func dropIndex(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	index := request.GetString("index", "")
	ok, err := confirmStrict(ctx, "Drop index "+index+"?")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("Index " + index + " kept."), nil
	}
	store.Remove("index", index)
	return mcp.NewToolResultText("Dropped " + index + "."), nil
}

func rebuildIndex(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	index := request.GetString("index", "")
	ok, err := confirmLoose(ctx, "Rebuild index "+index+"? Searches will be slow for a while.")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Index " + index + " left as it is."), nil
	}
	store.Put("index", index, "rebuilding")
	return mcp.NewToolResultText("Rebuilding " + index + "."), nil
}

// restorer is the TS `class Restorer { answer?: ElicitResult }`.
type restorer struct {
	answer *mcp.ElicitationResult
}

// Restore is Restorer.restore() from desk.ts.
func (r *restorer) Restore(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	snapshot := request.GetString("snapshot", "")
	var err error
	r.answer, err = MCP.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Restore snapshot " + snapshot + "? The current data will be replaced.",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	if r.answer.Action == mcp.ElicitationResponseActionAccept {
		store.Put("restore", snapshot, "queued")
		return mcp.NewToolResultText("Restoring " + snapshot + "."), nil
	}
	return mcp.NewToolResultText("Snapshot " + snapshot + " not restored."), nil
}
