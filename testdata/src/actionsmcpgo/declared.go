package actionsmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The answer assigned to a variable declared before the request, in a
// retry loop: judged as for :=.

func declaredRetry(ctx context.Context, s *server.MCPServer) error {
	var res *mcp.ElicitationResult
	var err error
	for range 3 {
		res, err = s.RequestElicitation(ctx, req)
		if err == nil {
			break
		}
	}
	if err != nil {
		return err
	}
	if res.Action == mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
		return nil
	}
	return errors.New("not confirmed")
}

// declaredRetryHandled is its near miss: every action has its path.
func declaredRetryHandled(ctx context.Context, s *server.MCPServer) error {
	var res *mcp.ElicitationResult
	var err error
	for range 3 {
		res, err = s.RequestElicitation(ctx, req)
		if err == nil {
			break
		}
	}
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errors.New("not confirmed")
	}
	return errors.New("unknown action")
}
