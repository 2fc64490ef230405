package elicitid

import (
	"context"
	"crypto/rand"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const flowID = "oauth-flow"

func cases(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com", ElicitationID: "oauth-flow"}) // want `elicitationId "oauth-flow" is a constant: concurrent elicitations cannot be told apart.*\(elicitation-id\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com", ElicitationID: flowID})       // want `elicitationId "oauth-flow" is a constant.*\(elicitation-id\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com", ElicitationID: rand.Text()})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com", ElicitationID: "flow-" + rand.Text()})
}
