package failopen

//elicitlint:file-ignore actions gates that tell accept from the rest are the shape fail-open is about

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Before v1.0.0 mcp-go has no round trip: the request fails for clients
// without elicitation.
func VersionMessage(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, request("Sure?"))
	if err != nil {
		return true // want `VersionMessage returns true when MCPServer.RequestElicitation fails, as it does when the user accepts: it fails for clients without elicitation, so for them every call goes ahead without asking; fail closed: return what a decline returns \(fail-open\)`
	}
	return res.Action == mcp.ElicitationResponseActionAccept
}
