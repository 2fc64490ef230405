package failopenmcpgo

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A step of the project's own, an int enum the answer sets: on the
// request's error it keeps the value it had.

type purgeStep int

const (
	purgeStop purgeStep = iota
	purgeRun
)

// purgeByStep starts at purgeRun: a failed request purges.
func purgeByStep(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		next := purgeRun
		res, err := s.RequestElicitation(ctx, request("Purge?"))
		if err != nil {
			log.Printf("cannot ask: %v", err)
		} else if res.Action != mcp.ElicitationResponseActionAccept {
			next = purgeStop
		}
		switch next {
		case purgeRun:
			wipe(ctx) // want `reaches wipe\(...\) when MCPServer.RequestElicitation fails.*\(fail-open\)`
			return mcp.NewToolResultText("purged"), nil
		default:
			return mcp.NewToolResultText("kept"), nil
		}
	}
}

// purgeByStepClosed is its near miss: it starts at purgeStop.
func purgeByStepClosed(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		next := purgeStop
		res, err := s.RequestElicitation(ctx, request("Purge?"))
		if err != nil {
			log.Printf("cannot ask: %v", err)
		} else if res.Action == mcp.ElicitationResponseActionAccept {
			next = purgeRun
		}
		switch next {
		case purgeRun:
			wipe(ctx)
			return mcp.NewToolResultText("purged"), nil
		default:
			return mcp.NewToolResultText("kept"), nil
		}
	}
}
