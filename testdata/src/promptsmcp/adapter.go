// Package promptsmcp fills prompts.Answer from mcp-go's result.
package promptsmcp

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"prompts"
)

type Asker struct{ s *server.MCPServer }

// Ask copies the answer into the project's type, as Defang's adapter does:
// Content is asserted to a map before the action is known, and a decline
// (no content) becomes an error instead of reaching the caller.
func (a *Asker) Ask(ctx context.Context, q prompts.Question) (prompts.Answer, error) {
	res, err := a.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: q.Message, RequestedSchema: q.Schema}})
	if err != nil {
		return prompts.Answer{}, err
	}
	m, ok := res.Content.(map[string]any) // want `res.Content is read before the action is known to be "accept".*\(content\)`
	if !ok {
		return prompts.Answer{}, errors.New("invalid content")
	}
	return prompts.Answer{Action: string(res.Action), Content: m}, nil
}

var _ prompts.Asker = (*Asker)(nil)

// Careful converts Content and moves it on without deciding anything on
// it: not a read. The caller sees the answer, action and all.
type Careful struct{ s *server.MCPServer }

func (a *Careful) Ask(ctx context.Context, q prompts.Question) (prompts.Answer, error) {
	res, err := a.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: q.Message, RequestedSchema: q.Schema}})
	if err != nil {
		return prompts.Answer{}, err
	}
	m, _ := res.Content.(map[string]any)
	ans := prompts.Answer{Action: string(res.Action)}
	ans.Content = m
	return ans, nil
}

// Peeks converts Content the same way, then reads the map before the
// action is known: a read.
func Peeks(ctx context.Context, s *server.MCPServer) (string, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}}})
	if err != nil {
		return "", err
	}
	m, _ := res.Content.(map[string]any) // want `res.Content is read before the action is known to be "accept".*\(content\)`
	name, _ := m["name"].(string)
	if res.Action != mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
		return "", errors.New("no name")
	}
	return name, nil
}
