package msguse

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"msglib"
)

func send(ctx context.Context, ss *mcp.ServerSession) error {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: msglib.Deploy().Message}) // want `elicitation message \(built by msglib.Deploy\) is 201 characters; clients may truncate messages over 200.*\(message\)`
	p, err := msglib.DeployFor("prod")
	if err != nil {
		return err
	}
	ss.Elicit(ctx, &mcp.ElicitParams{Message: p.Message})                  // want `constant part of the elicitation message \(built by msglib.DeployFor\) is 205 characters.*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: msglib.Short().Message})     // short: fine
	ss.Elicit(ctx, &mcp.ElicitParams{Message: msglib.Varies("x").Message}) // not known
	ss.Elicit(ctx, msglib.Params())
	return nil
}
