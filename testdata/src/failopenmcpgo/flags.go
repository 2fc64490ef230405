package failopenmcpgo

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A flag the answer sets: on the request's error it keeps its default.

// purgeFlag's flag defaults to true: a failed request purges.
func purgeFlag(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		proceed := true
		res, err := s.RequestElicitation(ctx, request("Purge?"))
		if err != nil {
			log.Printf("cannot ask: %v", err)
		} else {
			proceed = res.Action == mcp.ElicitationResponseActionAccept
		}
		if !proceed {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx) // want `reaches wipe\(...\) when MCPServer.RequestElicitation fails.*\(fail-open\)`
		return mcp.NewToolResultText("purged"), nil
	}
}

// purgeFlagClosed is its near miss: the flag defaults to false.
func purgeFlagClosed(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		proceed := false
		res, err := s.RequestElicitation(ctx, request("Purge?"))
		if err != nil {
			log.Printf("cannot ask: %v", err)
		} else {
			proceed = res.Action == mcp.ElicitationResponseActionAccept
		}
		if !proceed {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("purged"), nil
	}
}
