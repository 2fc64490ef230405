//elicitlint:file-ignore message,elicitation-id legacy prompts, rewritten in the next release

package filedirective

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func cases(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "", URL: "https://example.com", ElicitationID: "fixed"})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "URL", Message: "m"}) // want `elicitation mode "URL" is not valid.*\(mode\)`
}
