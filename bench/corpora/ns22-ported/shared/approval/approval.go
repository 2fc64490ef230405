// Package approval is the port of approval.ts and admin.ts: the questions the
// admin tools ask before they change anything. It talks to whatever asks the
// user through small interfaces, as the TS code did with duck typing.
package approval

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/ns22/ported/internal/store"
	"example.com/ns22/ported/shared/verbs"
)

// Requester is anything that can send an elicitation (the TS code took
// `{ requestElicitation(req) }`).
type Requester interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

var yesNo = map[string]interface{}{"type": "object", "properties": map[string]interface{}{}}

// Request asks whether action may run.
func Request(ctx context.Context, r Requester, action string) (bool, error) {
	res, err := r.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: "Allow " + action + "?", RequestedSchema: yesNo},
	})
	if err != nil {
		return false, fmt.Errorf("asking for approval: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// RemoveAll is removeAll() from admin.ts.
func RemoveAll(ctx context.Context, asker verbs.Asker, kind string) error {
	out, err := asker.AskUser(ctx, "Remove every "+kind+"?", nil)
	if err != nil {
		return err
	}
	if verbs.Verb(out.Action) == verbs.Accept {
		store.Clear(kind)
	}
	return nil
}

// RemoveOne is removeOne() from admin.ts.
func RemoveOne(ctx context.Context, asker verbs.Asker, kind, key string) (string, error) {
	out, err := asker.AskUser(ctx, "Remove "+kind+" "+key+"?", nil)
	if err != nil {
		return "", err
	}
	switch verbs.Verb(out.Action) {
	case verbs.Accept:
		store.Remove(kind, key)
		return "removed", nil
	case verbs.Decline:
		return "kept", nil
	case verbs.Cancel:
		return "nothing changed", nil
	default:
		return "", fmt.Errorf("unknown answer %q", out.Action)
	}
}

// AskName is askName() from admin.ts.
func AskName(ctx context.Context, asker verbs.Asker) (string, error) {
	out, err := asker.AskUser(ctx, "What should we call you?", map[string]interface{}{
		"type": "object",
		"properties": map[string]interface{}{
			"name": map[string]interface{}{"type": "string", "title": "Name"},
		},
		"required": []string{"name"},
	})
	if err != nil {
		return "", err
	}
	name, _ := out.Content["name"].(string) // const { name } = out.content ?? {}
	if out.Action == string(verbs.Decline) || out.Action == string(verbs.Cancel) {
		return "", errors.New("no name given")
	} else if out.Action != string(verbs.Accept) {
		return "", fmt.Errorf("unknown answer %q", out.Action)
	}
	return name, nil
}
