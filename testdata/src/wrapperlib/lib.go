package wrapperlib

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirm = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

// Ask is a wrapper: its msg parameter becomes the Message.
func Ask(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) { // want Ask:`elicitWrapper\(2:Message\) mode=form`
	return ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirm})
}

// Connect is a url-mode wrapper.
func Connect(ctx context.Context, ss *mcp.ServerSession, id, link string) (*mcp.ElicitResult, error) { // want Connect:`elicitWrapper\(2:ElicitationID,3:URL\) mode=url`
	return ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "Connect your account", ElicitationID: id, URL: link})
}

// AskTwice wraps a wrapper.
func AskTwice(ctx context.Context, ss *mcp.ServerSession, prompt string) error { // want AskTwice:`elicitWrapper\(2:Message\) mode=form`
	_, err := Ask(ctx, ss, prompt)
	return err
}

// Local call sites are checked too.
func local(ctx context.Context, ss *mcp.ServerSession) {
	Ask(ctx, ss, "") // want `elicitation message is empty.*\(message\)`
}
