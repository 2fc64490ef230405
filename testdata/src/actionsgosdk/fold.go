package actionsgosdk

import (
	"context"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The action compared after strings.ToLower or strings.TrimSpace, or with
// strings.EqualFold: still the action (the actions are lower case).

var nameForm = &mcp.ElicitParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}}

type Action string

// foldSwitch names the three after ToLower: Content in the accept case is
// read on accept.
func foldSwitch(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameForm)
	if err != nil {
		return "", err
	}
	switch strings.ToLower(string(Action(res.Action))) {
	case "accept":
		name, _ := res.Content["name"].(string)
		return name, nil
	case "decline":
		return "", errors.New("declined")
	case "cancel":
		return "", errors.New("cancelled")
	}
	return "", errors.New("unknown action")
}

// foldSwitchCancel leaves cancel to the code after, which accept
// reaches too.
func foldSwitchCancel(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameForm)
	if err != nil {
		return "", err
	}
	name := "anonymous"
	switch strings.TrimSpace(strings.ToLower(res.Action)) { // want `elicitation result is not handled for "cancel".*\(actions\)`
	case "accept":
		name, _ = res.Content["name"].(string)
	case "decline":
		return "", errors.New("declined")
	}
	return name, nil
}

// foldAcceptOnly tells accept from the rest after ToLower.
func foldAcceptOnly(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameForm)
	if err != nil {
		return "", err
	}
	if strings.ToLower(res.Action) != "accept" { // want `only checked for "accept".*\(actions\)`
		return "", errors.New("not confirmed")
	}
	name, _ := res.Content["name"].(string)
	return name, nil
}

// equalFoldChain names the three with EqualFold.
func equalFoldChain(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameForm)
	if err != nil {
		return "", err
	}
	if strings.EqualFold(res.Action, "decline") {
		return "", errors.New("declined")
	} else if strings.EqualFold(res.Action, "cancel") {
		return "", errors.New("cancelled")
	} else if strings.EqualFold(res.Action, "accept") {
		name, _ := res.Content["name"].(string)
		return name, nil
	}
	return "", errors.New("unknown action")
}

// equalFoldAcceptOnly reads Content before its one test, of accept.
func equalFoldAcceptOnly(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameForm)
	if err != nil {
		return "", err
	}
	name, _ := res.Content["name"].(string)       // want `res.Content is read before the action is known to be "accept".*\(content\)`
	if !strings.EqualFold(res.Action, "accept") { // want `only checked for "accept".*\(actions\)`
		return "", errors.New("not confirmed")
	}
	return name, nil
}

// upperSwitch compares the upper-cased action with upper-case names,
// which are not the actions: nothing is known of it.
func upperSwitch(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, nameForm)
	if err != nil {
		return "", err
	}
	switch strings.ToUpper(res.Action) {
	case "ACCEPT":
		return "yes", nil
	}
	return "", errors.New("no")
}
