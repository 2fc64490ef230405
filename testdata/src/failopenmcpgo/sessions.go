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

// purgeUnasked leaves when the request fails, but a session that cannot
// ask (mcp-go's SSE sessions do not implement SessionWithElicitation)
// skips the question and purges all the same.
func purgeUnasked(s *server.MCPServer) server.ToolHandlerFunc {
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
		wipe(ctx) // want `the function literal reaches wipe\(...\) when the client did not declare elicitation, as only an accepted answer should.*\(fail-open\)`
		return mcp.NewToolResultText("purged"), nil
	}
}

// purgeClosed is its near miss: a session that cannot ask is refused, and
// the failed request leaves.
func purgeClosed(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
		if !ok {
			return mcp.NewToolResultError("this tool needs a session that can ask its user"), nil
		}
		res, err := sess.RequestElicitation(ctx, request("Purge?"))
		if err != nil {
			return nil, err
		}
		if res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
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
