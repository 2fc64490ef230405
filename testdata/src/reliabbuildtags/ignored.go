//go:build ignore-me

package reliabbuildtags

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Hidden has bugs that must not be reported: this file is not part of the
// default build.
func Hidden(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "", Mode: "URL"})
}
