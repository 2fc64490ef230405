//go:build ignore_me

package reliabbuildtags

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Hidden has bugs that are reported only when the ignore_me tag is set:
// this file is not part of the default build.
func Hidden(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "", Mode: "URL"}) // want `elicitation result is discarded.*\(actions\)` `elicitation message is empty.*\(message\)` `elicitation mode "URL" is not valid.*\(mode\)`
}
