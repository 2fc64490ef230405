// Package keyeduse asks through keyedlib's gates and on its own.
package keyeduse

import (
	"context"

	"keyedlib"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// wipe asks and reads through Decide: the package's keys stay known.
func wipe(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	d, ask := keyedlib.Decide(ctx, req, "wipe", "Wipe?")
	if ask != nil {
		return ask, nil
	}
	if d != keyedlib.Approve {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("wiped"), nil
}

// rename asks under one key and reads another: both are reported, as in
// a package that reads its answers itself.
func rename(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if keyedlib.Verdict(req, "newname") == keyedlib.Unknown { // want `answer "newname" is never requested: no InputRequests key in this package is "newname" \(did you mean "new_name"\?\).*\(round-trip\)`
		return server.NewInputRequestBuilder("").Elicit("new_name", mcp.ElicitationParams{Message: "New name?", RequestedSchema: yesNo}).ToolResult(), nil // want `request "new_name" is never read from InputResponses in this package \(did you mean "newname"\?\).*\(round-trip\)`
	}
	return mcp.NewToolResultText("renamed"), nil
}

// archive asks and reads its key through Verdict: silent.
func archive(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch keyedlib.Verdict(req, "archive") {
	case keyedlib.Unknown:
		return server.NewInputRequestBuilder("").Elicit("archive", mcp.ElicitationParams{Message: "Archive?", RequestedSchema: yesNo}).ToolResult(), nil
	case keyedlib.Approve:
		return mcp.NewToolResultText("archived"), nil
	}
	return mcp.NewToolResultText("kept"), nil
}
