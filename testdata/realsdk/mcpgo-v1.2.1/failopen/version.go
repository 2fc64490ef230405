package failopen

//elicitlint:file-ignore actions gates that tell accept from the rest are the shape fail-open is about

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// v1.2.1 has the round trip and refuses direct requests on 2026-07-28
// sessions with ErrServerInitiatedRequestUnsupported.
func VersionMessage(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, request("Sure?"))
	if errors.Is(err, server.ErrServerInitiatedRequestUnsupported) {
		return true // want `VersionMessage returns true when MCPServer.RequestElicitation fails, as it does when the user accepts: on sessions that negotiate protocol 2026-07-28 the direct request always fails, so every call goes ahead without asking; fail closed \(return what a decline returns\), or move to the round trip so the question is asked \(fail-open\)`
	}
	if err != nil {
		return false
	}
	return res.Action == mcp.ElicitationResponseActionAccept
}
