// Command pinhttpoptsnear builds its streamable HTTP options in a function
// of its own that narrows nothing: its direct requests are refused on
// 2026-07-28 sessions.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func httpOptions(path string) []server.StreamableHTTPOption {
	return []server.StreamableHTTPOption{server.WithEndpointPath(path)}
}

func main() {
	s := server.NewMCPServer("near", "1", server.WithElicitation())
	s.AddTool(mcp.NewTool("confirm"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go?", RequestedSchema: map[string]any{"type": "object"}}}) // want `MCPServer.RequestElicitation returns ErrServerInitiatedRequestUnsupported .*\(round-trip\)`
		if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultError("not confirmed"), nil
		}
		return mcp.NewToolResultText("done"), nil
	})
	server.NewStreamableHTTPServer(s, httpOptions("/mcp")...).Start(":8080")
}
