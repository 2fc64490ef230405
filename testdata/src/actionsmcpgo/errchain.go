package actionsmcpgo

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var todos = map[int]string{}

// The refusals leave after a branch that only logs the request's error.
func errLoggedRefusalsLeave(ctx context.Context, s *server.MCPServer) {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		log.Printf("could not ask: %v", err)
	} else if res.Action == mcp.ElicitationResponseActionDecline || res.Action == mcp.ElicitationResponseActionCancel {
		return
	}
	delete(todos, 1) // want `errLoggedRefusalsLeave reaches delete\(\.\.\.\) when MCPServer.RequestElicitation fails.*\(fail-open\)`
}

// Its near miss: a branch on something else that falls through keeps the
// chain from leaving, so nothing after it is accept's alone.
func flagFallsThrough(ctx context.Context, s *server.MCPServer, verbose bool) {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return
	}
	if res.Action == mcp.ElicitationResponseActionDecline || res.Action == mcp.ElicitationResponseActionCancel { // want `elicitation result is not handled for "accept".*\(actions\)`
		return
	} else if verbose {
		log.Print("going on")
	}
	delete(todos, 1)
}
