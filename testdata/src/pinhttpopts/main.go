// Command pinhttpopts builds its streamable HTTP options in a function of
// its own, and appends to them: the options narrow the versions to older
// protocols, so the round-trip check says nothing of its direct requests.
package main

import (
	"context"
	"flag"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// httpOptions keeps the server on protocols before 2026-07-28.
func httpOptions() []server.StreamableHTTPOption {
	return []server.StreamableHTTPOption{
		server.WithEndpointPath("/mcp"),
		server.WithStreamableHTTPProtocolVersions(mcp.LegacyProtocolVersions()...),
	}
}

func main() {
	addr := flag.String("addr", ":8080", "listen address")
	flag.Parse()
	s := server.NewMCPServer("pinned", "1", server.WithElicitation())
	s.AddTool(mcp.NewTool("confirm"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go?", RequestedSchema: map[string]any{"type": "object"}}})
		if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultError("not confirmed"), nil
		}
		return mcp.NewToolResultText("done"), nil
	})
	opts := append(httpOptions(), server.WithStateLess(false))
	server.NewStreamableHTTPServer(s, opts...).Start(*addr)
}
