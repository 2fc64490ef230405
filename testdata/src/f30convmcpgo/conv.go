// Package f30convmcpgo: an answer copied into a project type through a
// conversion is an answer (issue 30 §2), for mcp-go, whose Action is a
// named string type.
package f30convmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"name": map[string]any{"type": "string"}},
}

// Reply is filled from the SDK's result, its action converted to string.
type Reply struct { // want Reply:`resultType\(Action,Content\)`
	Action  string
	Content any
	Source  string
}

func ask(ctx context.Context, s *server.MCPServer) (Reply, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Your name?", RequestedSchema: confirmSchema}})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Action: string(res.Action), Content: res.Content, Source: "elicitation"}, nil
}

func greet(ctx context.Context, s *server.MCPServer) (string, error) {
	r, err := ask(ctx, s)
	if err != nil {
		return "", err
	}
	name, _ := r.Content.(map[string]any)["name"].(string) // want `r.Content is read before the action is known to be "accept".*\(content\)`
	switch r.Action {
	case "accept":
		return "hello " + name, nil
	case "decline", "cancel":
		return "", errors.New("no name")
	}
	return "", errors.New("unknown action")
}

// Near miss: a job built from something else.
type Job struct {
	Action  string
	Content any
	Source  string
}

func fromQueue(msg []byte) Job {
	return Job{Action: string(msg), Source: "queue"}
}

func drain() bool {
	r := fromQueue([]byte("accept"))
	return r.Action == "accept"
}
