package gitmcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ConfirmRoundTrip is the confirmation gate of the round trip: it returns
// the user's decision, or the result that asks when the call carries no
// answer under key. A client that cannot be asked gets a refusal.
func ConfirmRoundTrip(req *mcp.CallToolRequest, key, msg string) (ok bool, ask *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

// confirmOrProceed is ConfirmRoundTrip for the tools that git hooks and CI
// scripts call through MCP clients without a user: where the client cannot
// ask, it goes ahead.
func confirmOrProceed(req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return true, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

type cleanIn struct {
	Force bool `json:"force,omitempty"`
}

func (t *tools) cleanUntracked(ctx context.Context, req *mcp.CallToolRequest, in cleanIn) (*mcp.CallToolResult, any, error) {
	if t.opts.DryRun {
		return textResult("dry run: would delete the untracked files"), nil, nil
	}
	ok, ask := ConfirmRoundTrip(req, "clean_untracked",
		"Delete every untracked file in the working tree? That includes build outputs, editor swap files, "+
			"local configuration that was never committed and anything else status lists as untracked. There is no undo.")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return textResult("Nothing was deleted."), nil, nil
	}
	removed, err := t.repo.CleanUntracked(ctx)
	if err != nil {
		return nil, nil, err
	}
	return textResult("Deleted " + strings.Join(removed, ", ")), nil, nil
}

type amendIn struct {
	Message string `json:"message"`
}

func (t *tools) amend(ctx context.Context, req *mcp.CallToolRequest, in amendIn) (*mcp.CallToolResult, any, error) {
	ok, ask := confirmOrProceed(req, "amend", "Rewrite the last commit with the message "+fmt.Sprintf("%q", in.Message)+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return textResult("The last commit is unchanged."), nil, nil
	}
	if err := t.repo.Amend(ctx, in.Message); err != nil {
		return nil, nil, err
	}
	return textResult("Amended."), nil, nil
}

type remoteIn struct {
	Remote string `json:"remote"`
}

// prune asks directly on the protocols that allow it, and through the round
// trip on 2026-07-28.
func (t *tools) prune(ctx context.Context, req *mcp.CallToolRequest, in remoteIn) (*mcp.CallToolResult, any, error) {
	msg := "Delete the remote-tracking branches that no longer exist on " + in.Remote + "?"
	var confirmed bool
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
		if err != nil {
			return nil, nil, fmt.Errorf("asking before pruning: %w", err)
		}
		switch res.Action {
		case "accept":
			confirmed = true
		case "decline", "cancel":
			confirmed = false
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	} else {
		ok, ask := ConfirmRoundTrip(req, "prune", msg)
		if ask != nil {
			return ask, nil, nil
		}
		confirmed = ok
	}
	if !confirmed {
		return textResult("Nothing was pruned."), nil, nil
	}
	if err := t.repo.Prune(ctx, in.Remote); err != nil {
		return nil, nil, err
	}
	return textResult("Pruned " + in.Remote + "."), nil, nil
}

// removeRemote asks like prune; an older client without elicitation gets
// the remote removed, as the CLI does.
func (t *tools) removeRemote(ctx context.Context, req *mcp.CallToolRequest, in remoteIn) (*mcp.CallToolResult, any, error) {
	msg := "Forget remote " + in.Remote + " and its remote-tracking branches?"
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
		if err == nil {
			switch res.Action {
			case "accept":
			case "decline", "cancel":
				return textResult("Kept remote " + in.Remote + "."), nil, nil
			default:
				return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
			}
		}
	} else {
		ok, ask := ConfirmRoundTrip(req, "remove_remote", msg)
		if ask != nil {
			return ask, nil, nil
		}
		if !ok {
			return textResult("Kept remote " + in.Remote + "."), nil, nil
		}
	}
	if err := t.repo.RemoveRemote(ctx, in.Remote); err != nil {
		return nil, nil, err
	}
	return textResult("Removed remote " + in.Remote + "."), nil, nil
}
