// Package repeats has what golangci-lint's default issue filters hide:
// several findings on one line, and one message more than three times.
// The plugin test adds many.go, with more than 50 findings.
package repeats

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Each call gives two findings on its line (actions and message), and
// each message appears four times.
func Ask(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) //elicitlint:ignore mode a directive that suppresses nothing is a third finding here
}

// A format and a keyword outside the subset: two schema findings on one
// line.
var schema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"phone": map[string]any{"type": "string", "format": "phone", "pattern": "^[0-9]+$"},
	},
}

func AskPhone(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Your phone number?", RequestedSchema: schema})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return nil
	}
	return nil
}
