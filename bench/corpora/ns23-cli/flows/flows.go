// Package flows holds the confirmations devtool's commands go through. The
// CLI runs them with a prompt.Terminal and the MCP servers with a prompter
// that elicits through the client, so every question is written once.
package flows

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strconv"

	"example.com/ns23/cli/dbmig"
	"example.com/ns23/cli/pkgpub"
	"example.com/ns23/cli/prompt"
	"example.com/ns23/cli/vcs"
)

// ErrAborted is returned when the user says no.
var ErrAborted = errors.New("aborted by the user")

// ResetHard resets the working tree after the user confirms, or right away
// with --yes.
func ResetHard(ctx context.Context, p prompt.Prompter, repo *vcs.Repo, target string, yes bool) error {
	ok, err := prompt.Confirm(ctx, p, "Discard every uncommitted change and reset to "+target+"?", yes)
	if err != nil {
		return err
	}
	if !ok {
		return ErrAborted
	}
	return repo.ResetHard(ctx, target)
}

// DeleteBranch deletes a branch once the user agrees. When the question
// cannot be asked (a script, a client without a user) it goes ahead, as
// `git branch -D` would.
func DeleteBranch(ctx context.Context, p prompt.Prompter, repo *vcs.Repo, name string) error {
	r, err := p.Ask(ctx, prompt.Question{Message: "Delete branch " + name + "? Unmerged commits on it will be lost."})
	if err != nil {
		log.Printf("branch delete: cannot ask (%v), deleting %s anyway", err, name)
	} else if r.Action != prompt.ActionAccept {
		return ErrAborted
	}
	return repo.DeleteBranch(ctx, name)
}

// intField reads an integer the terminal (a string) or an MCP client (a
// number) answered.
func intField(content map[string]any, key string) (int, bool) {
	switch v := content[key].(type) {
	case float64:
		return int(v), true
	case string:
		n, err := strconv.Atoi(v)
		return n, err == nil
	}
	return 0, false
}

// MigrateDown asks how many migrations to roll back, then rolls them back.
func MigrateDown(ctx context.Context, p prompt.Prompter, m *dbmig.Migrator) (int, error) {
	r, err := p.Ask(ctx, prompt.Question{
		Message:  "How many migrations should be rolled back?",
		Fields:   map[string]any{"steps": map[string]any{"type": "integer", "minimum": 1}},
		Required: []string{"steps"},
	})
	if err != nil {
		return 0, err
	}
	steps, ok := intField(r.Content, "steps")
	switch r.Action {
	case prompt.ActionAccept:
		if !ok || steps < 1 {
			return 0, errors.New("steps must be a positive number")
		}
		return steps, m.Down(ctx, steps)
	case prompt.ActionDecline, prompt.ActionCancel:
		return 0, ErrAborted
	}
	return 0, fmt.Errorf("unknown answer %q", r.Action)
}

// Publish uploads a version after the user confirms. A dry run only says
// what it would do.
func Publish(ctx context.Context, p prompt.Prompter, c *pkgpub.Client, pkg, version string, dryRun bool) (string, error) {
	if dryRun {
		return fmt.Sprintf("dry run: would publish %s@%s to %s", pkg, version, c.Registry), nil
	}
	r, err := p.Ask(ctx, prompt.Question{Message: fmt.Sprintf("Publish %s@%s to %s?", pkg, version, c.Registry)})
	if err != nil {
		return "", fmt.Errorf("asking before publishing: %w", err)
	}
	switch r.Action {
	case prompt.ActionAccept:
		if err := c.Publish(ctx, pkg, version); err != nil {
			return "", err
		}
		return fmt.Sprintf("published %s@%s", pkg, version), nil
	case prompt.ActionDecline:
		return "not published", nil
	case prompt.ActionCancel:
		return "publishing cancelled", nil
	default:
		return "", fmt.Errorf("unknown answer %q", r.Action)
	}
}

// AskCommitMessage lets the user edit the drafted commit message. Declining
// keeps the draft.
func AskCommitMessage(ctx context.Context, p prompt.Prompter, draft string) (string, error) {
	r, err := p.Ask(ctx, prompt.Question{
		Message: "Edit the commit message, or decline to keep the draft.",
		Fields:  map[string]any{"message": map[string]any{"type": "string", "default": draft}},
	})
	if err != nil {
		return "", err
	}
	if r.Action == prompt.ActionDecline {
		return draft, nil
	}
	msg, _ := r.Content["message"].(string)
	if msg == "" {
		return draft, nil
	}
	return msg, nil
}

// DropTable truncates a table after the user confirms.
func DropTable(ctx context.Context, p prompt.Prompter, m *dbmig.Migrator, table string) error {
	r, err := p.Ask(ctx, prompt.Question{Message: "Delete every row of " + table + "?"})
	if err != nil {
		return err
	}
	switch r.Action {
	case prompt.ActionAccept:
		return m.Truncate(ctx, table)
	case prompt.ActionDecline:
		return ErrAborted
	}
	return fmt.Errorf("truncate %s: not confirmed (%q)", table, r.Action)
}

// ConfirmForce asks before a force-push.
func ConfirmForce(ctx context.Context, p prompt.Prompter, remote, branch string) (bool, error) {
	r, err := p.Ask(ctx, prompt.Question{Message: "Force-push " + branch + " to " + remote + "? Commits on the remote that are not on your branch will be lost."})
	if err != nil {
		return false, err
	}
	return r.Action == prompt.ActionAccept, nil
}

// askWith asks q and hands the reply to handle.
func askWith(ctx context.Context, p prompt.Prompter, q prompt.Question, handle func(prompt.Reply) (string, error)) (string, error) {
	r, err := p.Ask(ctx, q)
	if err != nil {
		return "", err
	}
	return handle(r)
}

// RetitleCommit asks for a new subject for the last commit and amends it.
func RetitleCommit(ctx context.Context, p prompt.Prompter, repo *vcs.Repo, subject string) (string, error) {
	q := prompt.Question{
		Message:  "New subject for the last commit?",
		Fields:   map[string]any{"subject": map[string]any{"type": "string", "default": subject}},
		Required: []string{"subject"},
	}
	return askWith(ctx, p, q, func(r prompt.Reply) (string, error) {
		if r.Action != prompt.ActionAccept {
			return subject, nil
		}
		s, _ := r.Content["subject"].(string)
		return s, repo.Amend(ctx, s)
	})
}
