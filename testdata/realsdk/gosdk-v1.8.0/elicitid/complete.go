package elicitid

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// complete tells the client that the url-mode elicitation id is done
// (notifications/elicitation/complete, go-sdk v1.8.0).
func complete(ctx context.Context, ss *mcp.ServerSession, id string) error {
	return ss.NotifyElicitationComplete(ctx, &mcp.ElicitationCompleteParams{ElicitationID: id})
}
