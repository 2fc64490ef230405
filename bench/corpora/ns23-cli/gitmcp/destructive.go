package gitmcp

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type resetIn struct {
	Target string `json:"target,omitempty"`
}

// resetHard discards the working tree's changes. --yes skips the question.
func (t *tools) resetHard(ctx context.Context, req *mcp.CallToolRequest, in resetIn) (*mcp.CallToolResult, any, error) {
	target := in.Target
	if target == "" {
		target = "HEAD"
	}
	if t.opts.DryRun {
		return textResult("dry run: would reset the working tree to " + target), nil, nil
	}
	if !t.opts.Yes {
		res, ok := req.Params.InputResponses["reset_hard"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("reset --hard needs a client that can ask its user, or a server started with --yes")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"reset_hard": &mcp.ElicitParams{
				Message:         "Discard every uncommitted change and reset to " + target + "?",
				RequestedSchema: yesNoSchema,
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return textResult("Nothing was reset."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := t.repo.ResetHard(ctx, target); err != nil {
		return nil, nil, err
	}
	return textResult("Reset to " + target + "."), nil, nil
}

// canAsk reports whether the client of this call declared elicitation.
func canAsk(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

type pushIn struct {
	Remote string `json:"remote"`
	Branch string `json:"branch"`
}

// pushForce force-pushes after the user confirms.
func (t *tools) pushForce(ctx context.Context, req *mcp.CallToolRequest, in pushIn) (*mcp.CallToolResult, any, error) {
	if t.opts.DryRun {
		return textResult("dry run: would force-push " + in.Branch + " to " + in.Remote), nil, nil
	}
	res, ok := req.Params.InputResponses["push_force"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errors.New("force-pushing needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"push_force": &mcp.ElicitParams{
			Message:         "Force-push " + in.Branch + " to " + in.Remote + "? This rewrites the remote's history.",
			RequestedSchema: yesNoSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.repo.Push(ctx, in.Remote, in.Branch, true); err != nil {
			return nil, nil, err
		}
		return textResult("Force-pushed " + in.Branch + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was pushed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type tagIn struct {
	Name   string `json:"name"`
	Target string `json:"target,omitempty"`
}

// tagRelease tags a release once the client has confirmed it.
func (t *tools) tagRelease(ctx context.Context, req *mcp.CallToolRequest, in tagIn) (*mcp.CallToolResult, any, error) {
	if in.Target == "" {
		in.Target = "HEAD"
	}
	if len(req.Params.InputResponses) == 0 {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("tagging a release needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"tag_release": &mcp.ElicitParams{
			Message:         "Tag " + in.Target + " as release " + in.Name + "? Tags are pushed to every remote.",
			RequestedSchema: yesNoSchema,
		}}}, nil, nil
	}
	if err := t.repo.Tag(ctx, in.Name, in.Target); err != nil {
		return nil, nil, err
	}
	return textResult("Tagged " + in.Target + " as " + in.Name + "."), nil, nil
}

type stashIn struct {
	Index int `json:"index"`
}

// stashDrop drops a stash entry after the user confirms.
func (t *tools) stashDrop(ctx context.Context, req *mcp.CallToolRequest, in stashIn) (*mcp.CallToolResult, any, error) {
	if _, answered := req.Params.InputResponses["stash_drop"]; !answered {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("dropping a stash needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"stash_drop": &mcp.ElicitParams{
			Message:         fmt.Sprintf("Drop stash@{%d}? Its changes cannot be recovered.", in.Index),
			RequestedSchema: yesNoSchema,
		}}}, nil, nil
	}
	res := req.Params.InputResponses["stash_drop"].(*mcp.ElicitResult)
	switch res.Action {
	case "accept":
		if err := t.repo.DropStash(ctx, in.Index); err != nil {
			return nil, nil, err
		}
		return textResult(fmt.Sprintf("Dropped stash@{%d}.", in.Index)), nil, nil
	case "decline", "cancel":
		return textResult("The stash is unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type rebaseIn struct {
	Onto string `json:"onto"`
}

// rebase replays the current branch onto another after the user confirms.
func (t *tools) rebase(ctx context.Context, req *mcp.CallToolRequest, in rebaseIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rebase"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("rebasing needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rebase": &mcp.ElicitParams{
			Message:         "Rebase the current branch onto " + in.Onto + "? Its commits get new hashes.",
			RequestedSchema: yesNoSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "decline":
		return textResult("Rebase declined; the branch is unchanged."), nil, nil
	case "cancel":
		return textResult("Rebase cancelled; the branch is unchanged."), nil, nil
	case "accept":
	}
	if err := t.repo.Rebase(ctx, in.Onto); err != nil {
		return nil, nil, err
	}
	return textResult("Rebased onto " + in.Onto + "."), nil, nil
}

type gcIn struct {
	Aggressive bool `json:"aggressive,omitempty"`
}

// gc prunes unreachable objects. It asks first; a client that cannot be
// asked still gets its repository cleaned.
func (t *tools) gc(ctx context.Context, req *mcp.CallToolRequest, in gcIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Prune unreachable objects? They cannot be recovered afterwards.",
		RequestedSchema: yesNoSchema,
	})
	if err != nil {
		log.Printf("gc: cannot ask (%v); pruning anyway", err)
	} else {
		switch res.Action {
		case "decline", "cancel":
			return textResult("Nothing was pruned."), nil, nil
		}
	}
	n, err := t.repo.GC(ctx)
	if err != nil {
		return nil, nil, err
	}
	return textResult(fmt.Sprintf("Pruned %d objects.", n)), nil, nil
}

// deleteTag deletes a tag. It is registered behind needsElicitation, which
// turns away clients that cannot ask.
func (t *tools) deleteTag(ctx context.Context, req *mcp.CallToolRequest, in refIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["delete_tag"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"delete_tag": &mcp.ElicitParams{
			Message:         "Delete tag " + in.Name + "? Remotes keep their copy until you push the deletion.",
			RequestedSchema: yesNoSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.repo.DeleteTag(ctx, in.Name); err != nil {
			return nil, nil, err
		}
		return textResult("Deleted tag " + in.Name + "."), nil, nil
	case "decline", "cancel":
		return textResult("Kept tag " + in.Name + "."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// renameBranch asks for the new name of a branch. It is registered behind
// logged.
func (t *tools) renameBranch(ctx context.Context, req *mcp.CallToolRequest, in refIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rename_branch"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rename_branch": &mcp.ElicitParams{
			Message: "New name for branch " + in.Name + "?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"new_name": map[string]any{"type": "string", "title": "New branch name", "minLength": 1},
				},
				"required": []string{"new_name"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		to, ok := res.Content["new_name"].(string)
		if !ok || to == "" {
			return nil, nil, errors.New("no new name given")
		}
		if err := t.repo.RenameBranch(ctx, in.Name, to); err != nil {
			return nil, nil, err
		}
		return textResult("Renamed " + in.Name + " to " + to + "."), nil, nil
	case "decline", "cancel":
		return textResult("Kept the name " + in.Name + "."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type pickIn struct {
	Commit string `json:"commit"`
}

// cherryPick applies a commit on top of HEAD after the user confirms. The
// first call asks; a retry that still has no answer is an error.
func (t *tools) cherryPick(ctx context.Context, req *mcp.CallToolRequest, in pickIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("cherry-picking needs a client that can ask its user")
	}
	res, ok := req.Params.InputResponses["cherry_pick"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState == "" {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"cherry_pick": &mcp.ElicitParams{
					Message:         "Apply commit " + in.Commit + " on top of HEAD?",
					RequestedSchema: yesNoSchema,
				}},
				RequestState: "asked",
			}, nil, nil
		}
		return nil, nil, errors.New("cherry-pick was not confirmed")
	}
	switch res.Action {
	case "accept":
		if err := t.repo.CherryPick(ctx, in.Commit); err != nil {
			return nil, nil, err
		}
		return textResult("Applied " + in.Commit + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was applied."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
