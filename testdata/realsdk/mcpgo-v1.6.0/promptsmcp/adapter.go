// Package promptsmcp fills prompts.Answer from mcp-go v1.2.1's result.
package promptsmcp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"realsdk/mcpgo160/prompts"
)

type Asker struct{ S *server.MCPServer }

func (a *Asker) Ask(ctx context.Context, q prompts.Question) (prompts.Answer, error) {
	res, err := a.S.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: q.Message, RequestedSchema: q.Schema}})
	if err != nil {
		return prompts.Answer{}, err
	}
	// Converted and moved on, not read: a nil Content (decline, cancel)
	// stays nil.
	m, _ := res.Content.(map[string]any)
	return prompts.Answer{Action: string(res.Action), Content: m}, nil
}

// The consumer in another package: the fact on prompts.Answer follows.
func Confirm(ctx context.Context, a prompts.Asker) bool {
	ans, err := a.Ask(ctx, prompts.Question{Message: "Deploy now?"})
	return err == nil && ans.Action == "accept" // want `only checked for "accept".*\(actions\)`
}
