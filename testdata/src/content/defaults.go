package content

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The action kept in a variable given a default on the paths without an
// answer: a case of the default is not the answer's.

var countParams = &mcp.ElicitParams{Message: "How many?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer"}}, "required": []string{"n"}}}

func countDefaulted(ctx context.Context, ss *mcp.ServerSession) (int, error) {
	action := "decline"
	res, err := ss.Elicit(ctx, countParams)
	if err == nil {
		action = res.Action
	}
	switch action {
	case "accept":
		n, _ := res.Content["n"].(float64)
		return int(n), nil
	case "decline", "cancel":
		return 0, nil
	}
	return 0, fmt.Errorf("unknown action %q", action)
}

func countDefaultedIf(ctx context.Context, ss *mcp.ServerSession) (int, error) {
	action := "cancel"
	if res, err := ss.Elicit(ctx, countParams); err == nil {
		action = res.Action
		if action != "accept" {
			return 0, nil
		}
		n, _ := res.Content["n"].(float64)
		return int(n), nil
	}
	return 0, fmt.Errorf("not asked (%s)", action)
}

// countDefaultAccept's default is "accept": on a failed request the case
// runs with no answer.
func countDefaultAccept(ctx context.Context, ss *mcp.ServerSession) (int, error) {
	action := "accept"
	res, err := ss.Elicit(ctx, countParams)
	if err == nil {
		action = res.Action
	}
	switch action {
	case "accept":
		n, _ := res.Content["n"].(float64) // want `res.Content is read before the action is known to be "accept".*\(content\)`
		return int(n), nil
	case "decline", "cancel":
		return 0, nil
	}
	return 0, fmt.Errorf("unknown action %q", action)
}
