package migratemcpgo

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var purgeSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// A test for the SDK's sentinel before the error check: both move into
// the guard, which runs them for a client that cannot be asked.
func purgeClosed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n := request.GetInt("n", 0)
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{ // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
		Params: mcp.ElicitationParams{Message: fmt.Sprintf("Delete %d closed tickets?", n), RequestedSchema: purgeSchema},
	})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		// Say so to clients that cannot confirm.
		return mcp.NewToolResultError("this client cannot confirm deletions"), nil
	}
	if err != nil {
		return nil, fmt.Errorf("confirming purge: %w", err)
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), nil
}

// The near miss: the sentinel's branch goes on, so the error is read
// twice on the way.
func purgeLogged(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{ // want `MCPServer.RequestElicitation returns .*; no automatic fix: err is read by more than .*\(round-trip\)`
		Params: mcp.ElicitationParams{Message: "Delete the closed tickets?", RequestedSchema: purgeSchema},
	})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		err = errors.New("cannot confirm")
	}
	if err != nil {
		return nil, err
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), nil
}
