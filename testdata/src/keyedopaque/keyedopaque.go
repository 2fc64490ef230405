// Package keyedopaque reads through keyedlib.Audited, which hands the
// request on: which keys the package reads cannot be told, and its
// requests are not reported as never read.
package keyedopaque

import (
	"context"

	"keyedlib"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func purge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if keyedlib.Audited(req, "purge") == keyedlib.Unknown {
		return server.NewInputRequestBuilder("").Elicit("purge_all", mcp.ElicitationParams{Message: "Purge?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	return mcp.NewToolResultText("purged"), nil
}
