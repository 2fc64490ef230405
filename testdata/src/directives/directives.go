package directives

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func cases(ctx context.Context, ss *mcp.ServerSession) {
	//elicitlint:ignore message the empty prompt is filled in by the client plugin
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""})

	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) //elicitlint:ignore message,mode same line works too

	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) //elicitlint:ignore mode wrong check // want `elicitation message is empty.*\(message\)` `this elicitlint directive suppresses nothing.*\(directive\)`

	//elicitlint:ignore message // want `malformed elicitlint directive.*\(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	//elicitlint:ignore messages typo // want `unknown check "messages".*\(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})

	//elicitlint:ignore message nothing below to suppress // want `suppresses nothing.*\(directive\)`
	_ = 1
}
