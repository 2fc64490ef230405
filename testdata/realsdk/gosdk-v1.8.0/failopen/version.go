package failopen

//elicitlint:file-ignore actions gates that tell accept from the rest are the shape fail-open is about

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// v1.8.0 has the round trip and refuses direct requests on 2026-07-28
// sessions.
func VersionMessage(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil {
		return true // want `VersionMessage returns true when ServerSession.Elicit fails, as it does when the user accepts: on sessions that negotiate protocol 2026-07-28 the direct request always fails, so every call goes ahead without asking; fail closed \(return what a decline returns\), or move to the round trip so the question is asked \(fail-open\)`
	}
	return res.Action == "accept"
}
