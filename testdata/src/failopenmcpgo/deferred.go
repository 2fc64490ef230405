package failopenmcpgo

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Functions that defer a call keep their results in memory (go/ssa spills
// them for a deferred recover): the values returned are still those each
// return stores.

// allowWithin says yes when the user does not answer in time.
func allowWithin(ctx context.Context, s *server.MCPServer, d time.Duration) error {
	tctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	res, err := s.RequestElicitation(tctx, request("Allow?"))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return nil // want `allowWithin returns a nil error when MCPServer.RequestElicitation fails, as it does when the user accepts.*\(fail-open\)`
		}
		return err
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

// allowWithinClosed is its near miss.
func allowWithinClosed(ctx context.Context, s *server.MCPServer, d time.Duration) error {
	tctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	res, err := s.RequestElicitation(tctx, request("Allow?"))
	if err != nil {
		return errors.Join(errDeclined, err)
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

var pendingMu sync.Mutex

// archiveGate holds a lock while it reads the answer, and goes ahead for
// a client that cannot be asked.
func archiveGate(ctx context.Context, req mcp.CallToolRequest, key string) (bool, *mcp.CallToolResult) {
	pendingMu.Lock()
	defer pendingMu.Unlock()
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if !canAskUser(ctx) {
			return true, nil // want `archiveGate returns true when InputResponses has no answer.*\(fail-open\)`
		}
		return false, server.NewInputRequestBuilder("").Elicit(key, archiveForm).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

// archiveGateClosed is its near miss.
func archiveGateClosed(ctx context.Context, req mcp.CallToolRequest, key string) (bool, *mcp.CallToolResult) {
	pendingMu.Lock()
	defer pendingMu.Unlock()
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if !canAskUser(ctx) {
			return false, mcp.NewToolResultError("this client cannot be asked")
		}
		return false, server.NewInputRequestBuilder("").Elicit(key, archiveForm).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}
