// Package forkuse uses a fork of mcp-go, named with -forks.
package forkuse

import (
	"context"

	"github.com/acme/mcp-go/mcp"
	"github.com/acme/mcp-go/server"
)

func ask(ctx context.Context, s *server.MCPServer, session server.ClientSession) {
	res, _ := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: ""}}) // want `elicitation message is empty.*\(message\)` `form-mode elicitation has no RequestedSchema.*\(mode\)`
	if res.Action == mcp.ElicitationResponseActionAccept {                                                  // want `only checked for "accept".*\(actions\)`
		return
	}
	s.RequestURLElicitation(ctx, session, "fixed", "https://example.com", "Pay") // want `elicitationId "fixed" is a constant.*\(elicitation-id\)` `elicitation result is discarded.*\(actions\)`
}
