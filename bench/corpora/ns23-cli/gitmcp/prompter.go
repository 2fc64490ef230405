package gitmcp

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/cli/flows"
	"example.com/ns23/cli/prompt"
)

// SessionPrompter asks through the MCP client: the prompt.Prompter of
// `devtool serve`, beside the CLI's prompt.Terminal.
type SessionPrompter struct {
	Session *mcp.ServerSession
}

// Ask implements prompt.Prompter with an elicitation.
func (p SessionPrompter) Ask(ctx context.Context, q prompt.Question) (prompt.Reply, error) {
	params := &mcp.ElicitParams{Message: q.Message}
	if len(q.Fields) > 0 {
		params.RequestedSchema = map[string]any{"type": "object", "properties": q.Fields, "required": q.Required}
	}
	res, err := p.Session.Elicit(ctx, params)
	if err != nil {
		return prompt.Reply{}, err
	}
	return prompt.Reply{Action: res.Action, Content: res.Content}, nil
}

// deleteBranch runs the CLI's branch deletion flow, asking through the
// client.
func (t *tools) deleteBranch(ctx context.Context, req *mcp.CallToolRequest, in refIn) (*mcp.CallToolResult, any, error) {
	if t.opts.DryRun {
		return textResult("dry run: would delete branch " + in.Name), nil, nil
	}
	err := flows.DeleteBranch(ctx, SessionPrompter{Session: req.Session}, t.repo, in.Name)
	if errors.Is(err, flows.ErrAborted) {
		return textResult("Kept branch " + in.Name + "."), nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return textResult("Deleted branch " + in.Name + "."), nil, nil
}
