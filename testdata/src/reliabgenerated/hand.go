package reliabgenerated

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Hand(ctx context.Context, ss *mcp.ServerSession) error {
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}) // want `elicitation result is discarded.*\(actions\)`
	return err
}
