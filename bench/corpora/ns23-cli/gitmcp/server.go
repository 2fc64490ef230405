// Package gitmcp serves devtool's repository operations over MCP with the
// official go-sdk. Destructive tools confirm through elicitation; commit
// messages can be written by the client's model (sampling); the workspace
// comes from the client's roots.
package gitmcp

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/cli/vcs"
)

// Options are the flags of `devtool serve` that concern the git tools.
type Options struct {
	Repo     *vcs.Repo
	DryRun   bool   // --dry-run: describe, change nothing
	Yes      bool   // --yes: do not ask before destructive operations
	StateKey []byte // key sealing the RequestState of multi-step tools
}

type tools struct {
	repo *vcs.Repo
	opts Options
	key  []byte
}

// yesNoSchema is the schema of a plain confirmation: the action is the
// answer.
var yesNoSchema = map[string]any{"type": "object", "properties": map[string]any{}}

type refIn struct {
	Name string `json:"name"`
}

type toolHandler = mcp.ToolHandlerFor[refIn, any]

// needsElicitation refuses calls from clients that cannot ask their user, so
// that the handler it wraps can ask without testing.
func needsElicitation(h toolHandler) toolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in refIn) (*mcp.CallToolResult, any, error) {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("this tool asks before it changes anything: use a client that supports elicitation")
		}
		return h(ctx, req, in)
	}
}

// logged logs every call of the handler it wraps.
func logged(name string, h toolHandler) toolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in refIn) (*mcp.CallToolResult, any, error) {
		log.Printf("tool %s(%q)", name, in.Name)
		return h(ctx, req, in)
	}
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// NewServer builds the git tools' server. `devtool serve` runs it over the
// transport its flags choose.
func NewServer(opts Options) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "devtool-git", Version: "0.9.0"}, nil)
	t := &tools{repo: opts.Repo, opts: opts, key: opts.StateKey}

	mcp.AddTool(s, &mcp.Tool{Name: "commit", Description: "Record the staged changes"}, t.commit)
	mcp.AddTool(s, &mcp.Tool{Name: "suggest_message", Description: "Suggest a commit message for the staged changes"}, t.suggestMessage)
	mcp.AddTool(s, &mcp.Tool{Name: "split_commit", Description: "Let the model split the staged changes into commits"}, t.splitCommit)
	mcp.AddTool(s, &mcp.Tool{Name: "reword", Description: "Rewrite the last commit's message"}, t.reword)
	mcp.AddTool(s, &mcp.Tool{Name: "reset_hard", Description: "Discard uncommitted changes"}, t.resetHard)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_branch", Description: "Delete a branch"}, t.deleteBranch)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_tag", Description: "Delete a tag"}, needsElicitation(t.deleteTag))
	mcp.AddTool(s, &mcp.Tool{Name: "rename_branch", Description: "Rename a branch"}, logged("rename_branch", t.renameBranch))
	mcp.AddTool(s, &mcp.Tool{Name: "push_force", Description: "Force-push a branch"}, t.pushForce)
	mcp.AddTool(s, &mcp.Tool{Name: "tag_release", Description: "Tag a release"}, t.tagRelease)
	mcp.AddTool(s, &mcp.Tool{Name: "stash_drop", Description: "Drop a stash entry"}, t.stashDrop)
	mcp.AddTool(s, &mcp.Tool{Name: "rebase", Description: "Rebase the current branch"}, t.rebase)
	mcp.AddTool(s, &mcp.Tool{Name: "clean_untracked", Description: "Delete untracked files"}, t.cleanUntracked)
	mcp.AddTool(s, &mcp.Tool{Name: "amend", Description: "Amend the last commit"}, t.amend)
	mcp.AddTool(s, &mcp.Tool{Name: "gc", Description: "Prune unreachable objects"}, t.gc)
	mcp.AddTool(s, &mcp.Tool{Name: "log", Description: "Show recent commits of the workspace"}, t.logTool)
	mcp.AddTool(s, &mcp.Tool{Name: "status", Description: "Show the working tree status"}, t.status)
	mcp.AddTool(s, &mcp.Tool{Name: "cherry_pick", Description: "Apply a commit on top of HEAD"}, t.cherryPick)
	mcp.AddTool(s, &mcp.Tool{Name: "bisect", Description: "Start a bisection"}, t.bisect)
	mcp.AddTool(s, &mcp.Tool{Name: "squash", Description: "Squash recent commits"}, t.squash)
	mcp.AddTool(s, &mcp.Tool{Name: "revert", Description: "Revert a commit"}, t.revert)
	mcp.AddTool(s, &mcp.Tool{Name: "prune", Description: "Prune remote-tracking branches"}, t.prune)
	mcp.AddTool(s, &mcp.Tool{Name: "remove_remote", Description: "Forget a remote"}, t.removeRemote)
	return s
}
