// Package reliabbuildtags has a file excluded by a build tag: its bugs are
// not reported unless the tag is set.
package reliabbuildtags

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) error {
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation result is discarded.*\(actions\)` `elicitation message is empty.*\(message\)`
	return err
}
