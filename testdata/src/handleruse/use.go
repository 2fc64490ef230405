package handleruse

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"handlerlib"
)

var p = &mcp.ElicitParams{Message: "Go ahead?"}

func handled(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return err
	}
	return handlerlib.Handle(res)
}

func delegated(ctx context.Context, ss *mcp.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	return handlerlib.Delegate("x", res)
}

func logged(ctx context.Context, ss *mcp.ServerSession) {
	res, _ := ss.Elicit(ctx, p) // want `elicitation result's Action is never read.*\(actions\)`
	handlerlib.Log(res)
}
