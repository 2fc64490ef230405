package failopenmcpgo

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// purge asks only when the session can be asked, and falls into the wipe
// when the request fails.
func purge(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation); ok {
			res, err := s.RequestElicitation(ctx, request("Purge?"))
			if err != nil {
				log.Printf("cannot ask: %v", err)
			} else if res.Action != mcp.ElicitationResponseActionAccept {
				return mcp.NewToolResultText("kept"), nil
			}
		}
		wipe(ctx) // want `reaches wipe\(...\) when MCPServer.RequestElicitation fails.*\(fail-open\)`
		return mcp.NewToolResultText("purged"), nil
	}
}

// purgeClosed is its near miss: the failed request leaves.
func purgeClosed(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation); ok {
			res, err := s.RequestElicitation(ctx, request("Purge?"))
			if err != nil {
				return nil, err
			}
			if res.Action != mcp.ElicitationResponseActionAccept {
				return mcp.NewToolResultText("kept"), nil
			}
		}
		wipe(ctx)
		return mcp.NewToolResultText("purged"), nil
	}
}

// allow keeps the error in a variable declared before, and approves
// when the request failed.
func allow(ctx context.Context, s *server.MCPServer) error {
	var res *mcp.ElicitationResult
	var err error
	if _, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation); ok {
		res, err = s.RequestElicitation(ctx, request("Allow?"))
	} else {
		return errDeclined
	}
	if err != nil {
		return nil // want `allow returns a nil error when MCPServer.RequestElicitation fails.*\(fail-open\)`
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}
