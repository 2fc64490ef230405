package failopen

//elicitlint:file-ignore actions gates that tell accept from the rest are the shape fail-open is about

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Before v1.7.0 go-sdk has no round trip: Elicit fails for clients
// without elicitation.
func VersionMessage(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil {
		return true // want `VersionMessage returns true when ServerSession.Elicit fails, as it does when the user accepts: it fails for clients without elicitation, so for them every call goes ahead without asking; fail closed: return what a decline returns \(fail-open\)`
	}
	return res.Action == "accept"
}
