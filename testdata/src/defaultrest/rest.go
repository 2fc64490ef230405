// Package defaultrest is checked with -actions-default-handles-rest.
package defaultrest

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	switch res.Action {
	case "accept":
	default: // counts as handling decline and cancel under the flag
	}
}

func joined(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})
	switch res.Action { // want `only checked for "accept".*\(actions\)`
	case "accept":
	case "decline", "cancel": // joined cases still do not count
	default:
	}
}
