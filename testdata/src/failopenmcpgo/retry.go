package failopenmcpgo

import (
	"context"
	"errors"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Retry loops around the request, the answer and error kept in variables
// declared before the loop.

// allowRetry gives up asking and allows.
func allowRetry(ctx context.Context, s *server.MCPServer) error {
	var res *mcp.ElicitationResult
	var err error
	for try := 0; try < 3; try++ {
		if res, err = s.RequestElicitation(ctx, request("Allow?")); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		return nil // want `allowRetry returns a nil error when MCPServer.RequestElicitation fails, as it does when the user accepts.*\(fail-open\)`
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

// allowRetryClosed is its near miss.
func allowRetryClosed(ctx context.Context, s *server.MCPServer) error {
	var res *mcp.ElicitationResult
	var err error
	for try := 0; try < 3; try++ {
		if res, err = s.RequestElicitation(ctx, request("Allow?")); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		return errors.Join(errDeclined, err)
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

// purgeRetry is a handler: a request that keeps failing falls into the
// wipe.
func purgeRetry(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var res *mcp.ElicitationResult
		var err error
		for range 2 {
			res, err = s.RequestElicitation(ctx, request("Purge?"))
			if err == nil {
				break
			}
		}
		if err == nil && res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx) // want `reaches wipe\(...\) when MCPServer.RequestElicitation fails.*\(fail-open\)`
		return mcp.NewToolResultText("purged"), nil
	}
}

// purgeRetryClosed is its near miss.
func purgeRetryClosed(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var res *mcp.ElicitationResult
		var err error
		for range 2 {
			res, err = s.RequestElicitation(ctx, request("Purge?"))
			if err == nil {
				break
			}
		}
		if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("purged"), nil
	}
}

// allowTicking waits on a ticker between tries, or until the call's
// context is done, and allows once the tries are spent.
func allowTicking(ctx context.Context, s *server.MCPServer) error {
	var res *mcp.ElicitationResult
	var err error
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for try := 0; try < 3 && err == nil; try++ {
		if res, err = s.RequestElicitation(ctx, request("Allow?")); err == nil {
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if err != nil {
		return nil // want `allowTicking returns a nil error when MCPServer.RequestElicitation fails, as it does when the user accepts.*\(fail-open\)`
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}
