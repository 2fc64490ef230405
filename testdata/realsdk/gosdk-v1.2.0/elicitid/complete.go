package elicitid

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// complete does nothing: go-sdk v1.2.0 has no exported sender for
// notifications/elicitation/complete.
func complete(context.Context, *mcp.ServerSession, string) error { return nil }
