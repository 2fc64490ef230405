package gitmcp

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type bisectIn struct {
	Bad string `json:"bad,omitempty"`
}

var goodCommitSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"commit": map[string]any{"type": "string", "title": "A commit known to be good"},
	},
	"required": []string{"commit"},
}

// bisect asks for a commit known to be good, then starts a bisection
// between it and the bad one.
func (t *tools) bisect(ctx context.Context, req *mcp.CallToolRequest, in bisectIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("bisect asks which commit is good: use a client that supports elicitation")
	}
	bad := in.Bad
	if bad == "" {
		bad = "HEAD"
	}
	askGood := &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"good_commit": &mcp.ElicitParams{
			Message:         "Which commit is known to be good? The bisection runs from it to " + bad + ".",
			RequestedSchema: goodCommitSchema,
		}},
		RequestState: "round-1",
	}
	switch req.Params.RequestState {
	case "":
		return askGood, nil, nil
	case "round=1":
		res, ok := req.Params.InputResponses["good_commit"].(*mcp.ElicitResult)
		if !ok {
			return askGood, nil, nil
		}
		switch res.Action {
		case "accept":
			good, _ := res.Content["commit"].(string)
			if good == "" {
				return nil, nil, errors.New("no good commit given")
			}
			if err := t.repo.BisectStart(ctx, good, bad); err != nil {
				return nil, nil, err
			}
			return textResult("Bisecting between " + good + " and " + bad + "."), nil, nil
		case "decline", "cancel":
			return textResult("No bisection started."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return nil, nil, errors.New("unknown bisect step: start again")
}

// sealState signs v with the server's key, so that a client cannot change
// it between two rounds.
func (t *tools) sealState(v string) string {
	mac := hmac.New(sha256.New, t.key)
	mac.Write([]byte(v))
	return v + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// openState returns what sealState sealed, or false for a state this server
// did not sign.
func (t *tools) openState(state string) (string, bool) {
	i := strings.LastIndexByte(state, '.')
	if i < 0 {
		return "", false
	}
	got, err := base64.RawURLEncoding.DecodeString(state[i+1:])
	if err != nil {
		return "", false
	}
	mac := hmac.New(sha256.New, t.key)
	mac.Write([]byte(state[:i]))
	if !hmac.Equal(got, mac.Sum(nil)) {
		return "", false
	}
	return state[:i], true
}

var squashCountParams = &mcp.ElicitParams{
	Message: "How many of the latest commits should be squashed into one?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"count": map[string]any{"type": "integer", "minimum": 2, "maximum": 50},
		},
		"required": []string{"count"},
	},
}

var squashMessageParams = &mcp.ElicitParams{
	Message: "Message of the squashed commit?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"message": map[string]any{"type": "string", "minLength": 1},
		},
		"required": []string{"message"},
	},
}

type squashIn struct{}

// squash asks how many commits to squash, then the new message. The count
// travels to the second round in a sealed RequestState.
func (t *tools) squash(ctx context.Context, req *mcp.CallToolRequest, in squashIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("squashing asks two questions: use a client that supports elicitation")
	}
	state := req.Params.RequestState
	if state == "" {
		res, ok := req.Params.InputResponses["squash_count"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"squash_count": squashCountParams}}, nil, nil
		}
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return textResult("Nothing was squashed."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
		n, _ := res.Content["count"].(float64)
		if n < 2 {
			return nil, nil, errors.New("squash needs at least two commits")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"squash_message": squashMessageParams},
			RequestState:  t.sealState(strconv.Itoa(int(n))),
		}, nil, nil
	}
	count, ok := t.openState(state)
	if !ok {
		return nil, nil, errors.New("this squash was not started by this server: start again")
	}
	n, err := strconv.Atoi(count)
	if err != nil {
		return nil, nil, err
	}
	res, ok := req.Params.InputResponses["squash_message"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"squash_message": squashMessageParams},
			RequestState:  state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		msg, _ := res.Content["message"].(string)
		if msg == "" {
			return nil, nil, errors.New("the squashed commit needs a message")
		}
		if err := t.repo.Squash(ctx, n, msg); err != nil {
			return nil, nil, err
		}
		return textResult(fmt.Sprintf("Squashed %d commits.", n)), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was squashed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type revertIn struct {
	Commit string `json:"commit"`
}

// revert resolves the commit, confirms, and reverts the commit it resolved
// on the first call, which the state carries with a MAC.
func (t *tools) revert(ctx context.Context, req *mcp.CallToolRequest, in revertIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("reverting needs a client that can ask its user")
	}
	if req.Params.RequestState == "" {
		hash, err := t.repo.Resolve(ctx, in.Commit)
		if err != nil {
			return nil, nil, err
		}
		mac := hmac.New(sha256.New, []byte(in.Commit))
		mac.Write([]byte(hash))
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"revert": &mcp.ElicitParams{
				Message:         "Revert " + in.Commit + " (" + hash + ")?",
				RequestedSchema: yesNoSchema,
			}},
			RequestState: hash + ":" + hex.EncodeToString(mac.Sum(nil)),
		}, nil, nil
	}
	hash, sig, _ := strings.Cut(req.Params.RequestState, ":")
	mac := hmac.New(sha256.New, []byte(in.Commit))
	mac.Write([]byte(hash))
	if !hmac.Equal([]byte(sig), []byte(hex.EncodeToString(mac.Sum(nil)))) {
		return nil, nil, errors.New("the revert state was changed: start again")
	}
	res, ok := req.Params.InputResponses["revert"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"revert": &mcp.ElicitParams{
				Message:         "Revert " + in.Commit + " (" + hash + ")?",
				RequestedSchema: yesNoSchema,
			}},
			RequestState: req.Params.RequestState,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.repo.Revert(ctx, hash); err != nil {
			return nil, nil, err
		}
		return textResult("Reverted " + hash + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was reverted."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
