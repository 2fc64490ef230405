package failopen

//elicitlint:file-ignore actions gates that tell accept from the rest are the shape fail-open is about

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// v1.2.1 has the round trip and refuses direct requests on 2026-07-28
// sessions.
func VersionMessage(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, request("Sure?"))
	if err != nil {
		return true // want `VersionMessage returns true when MCPServer.RequestElicitation fails, as it does when the user accepts: on sessions that negotiate protocol 2026-07-28 the direct request always fails, so every call goes ahead without asking; fail closed \(return what a decline returns\), or move to the round trip so the question is asked \(fail-open\)`
	}
	return res.Action == mcp.ElicitationResponseActionAccept
}

// Refused goes ahead on the refusal itself: ErrServerInitiatedRequestUnsupported,
// which v1.2.1 returns on 2026-07-28 sessions.
func Refused(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, request("Sure?"))
	if errors.Is(err, server.ErrServerInitiatedRequestUnsupported) {
		return true // want `Refused returns true when MCPServer.RequestElicitation fails with server.ErrServerInitiatedRequestUnsupported, as it does when the user accepts: every call that gets that error goes ahead without asking.*\(fail-open\)`
	}
	if err != nil {
		return false
	}
	return res.Action == mcp.ElicitationResponseActionAccept
}
