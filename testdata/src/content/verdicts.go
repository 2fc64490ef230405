package content

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// What a helper makes of the answer (a verdict of the project's own),
// compared with a constant: the helper may test the action, so a read
// under that test is not reported. A read before it is.

type verdict int

const (
	verdictAccept verdict = iota
	verdictRefuse
	verdictUnknown
)

func verdictOf(res *mcp.ElicitResult) verdict { // want verdictOf:`handlesResult\(0\)`
	switch res.Action {
	case "accept":
		return verdictAccept
	case "decline", "cancel":
		return verdictRefuse
	}
	return verdictUnknown
}

var nameParams = &mcp.ElicitParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}}

func greetByVerdict(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameParams)
	if err != nil {
		return "", err
	}
	switch verdictOf(res) {
	case verdictAccept:
		name, _ := res.Content["name"].(string)
		return "hello " + name, nil
	case verdictRefuse:
		return "ok", nil
	}
	return "", fmt.Errorf("unknown action %q", res.Action)
}

func greetByVerdictVar(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameParams)
	if err != nil {
		return "", err
	}
	v := verdictOf(res)
	if v != verdictAccept {
		return "ok", nil
	}
	name, _ := res.Content["name"].(string)
	return "hello " + name, nil
}

// greetBeforeVerdict reads the name before the verdict is known.
func greetBeforeVerdict(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameParams)
	if err != nil {
		return "", err
	}
	name, _ := res.Content["name"].(string) // want `res.Content is read before the action is known to be "accept".*\(content\)`
	switch verdictOf(res) {
	case verdictAccept:
		return "hello " + name, nil
	}
	return "", fmt.Errorf("unknown action %q", res.Action)
}
