// Package vcs is devtool's small git-like engine. It keeps refs, stashes and
// remotes as plain files under .devtool in the working tree, so that every
// operation is a handful of file reads and writes.
package vcs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Repo is a working tree managed by devtool.
type Repo struct {
	Dir string
}

// ErrNoRef is returned for a branch, tag or commit that does not exist.
var ErrNoRef = errors.New("no such ref")

// Open returns the repository whose working tree is dir.
func Open(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(abs, ".devtool")); err != nil {
		return nil, fmt.Errorf("%s is not a devtool repository: %w", abs, err)
	}
	return &Repo{Dir: abs}, nil
}

// IsRepo reports whether dir holds a devtool repository.
func IsRepo(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, ".devtool"))
	return err == nil
}

func (r *Repo) meta(parts ...string) string {
	return filepath.Join(append([]string{r.Dir, ".devtool"}, parts...)...)
}

// StagedDiff returns the staged changes as a unified diff.
func (r *Repo) StagedDiff(ctx context.Context) (string, error) {
	b, err := os.ReadFile(r.meta("index.diff"))
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// Log returns the subjects of the last n commits, newest first.
func (r *Repo) Log(ctx context.Context, n int) ([]string, error) {
	b, err := os.ReadFile(r.meta("log"))
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return lines, nil
}

// Resolve turns a ref (a branch, a tag, HEAD~n) into a commit hash.
func (r *Repo) Resolve(ctx context.Context, ref string) (string, error) {
	b, err := os.ReadFile(r.meta("refs", filepath.Base(ref)))
	if err != nil {
		return "", fmt.Errorf("%s: %w", ref, ErrNoRef)
	}
	return strings.TrimSpace(string(b)), nil
}

// Status lists the changed files of the working tree at dir.
func (r *Repo) Status(ctx context.Context, dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Name() != ".devtool" {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

func (r *Repo) appendLog(line string) error {
	f, err := os.OpenFile(r.meta("log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = fmt.Fprintf(f, "%s %s\n", time.Now().UTC().Format(time.RFC3339), line)
	return err
}

// Commit records the staged changes and returns the new commit's hash.
func (r *Repo) Commit(ctx context.Context, msg string) (string, error) {
	id := fmt.Sprintf("%x", time.Now().UnixNano())
	if err := os.WriteFile(r.meta("refs", "HEAD"), []byte(id), 0o644); err != nil {
		return "", err
	}
	if err := os.Remove(r.meta("index.diff")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	return id, r.appendLog("commit " + id + " " + msg)
}

// Amend replaces the message of the last commit.
func (r *Repo) Amend(ctx context.Context, msg string) error {
	return r.appendLog("amend " + msg)
}

// ResetHard discards the working tree's changes and moves HEAD to target.
func (r *Repo) ResetHard(ctx context.Context, target string) error {
	if err := os.RemoveAll(r.meta("worktree")); err != nil {
		return err
	}
	return r.appendLog("reset --hard " + target)
}

// DeleteBranch removes a branch.
func (r *Repo) DeleteBranch(ctx context.Context, name string) error {
	if err := os.Remove(r.meta("refs", "heads", name)); err != nil {
		return fmt.Errorf("%s: %w", name, ErrNoRef)
	}
	return r.appendLog("branch -D " + name)
}

// RenameBranch renames a branch.
func (r *Repo) RenameBranch(ctx context.Context, from, to string) error {
	return os.Rename(r.meta("refs", "heads", from), r.meta("refs", "heads", to))
}

// Push sends branch to remote, rewriting the remote's history when force is set.
func (r *Repo) Push(ctx context.Context, remote, branch string, force bool) error {
	op := "push "
	if force {
		op = "push --force "
	}
	return r.appendLog(op + remote + " " + branch)
}

// Tag creates an annotated tag.
func (r *Repo) Tag(ctx context.Context, name, target string) error {
	return os.WriteFile(r.meta("refs", "tags", name), []byte(target), 0o644)
}

// DeleteTag removes a tag.
func (r *Repo) DeleteTag(ctx context.Context, name string) error {
	return os.Remove(r.meta("refs", "tags", name))
}

// DropStash removes the stash entry n.
func (r *Repo) DropStash(ctx context.Context, n int) error {
	return os.Remove(r.meta("stash", fmt.Sprint(n)))
}

// Rebase replays the current branch onto onto.
func (r *Repo) Rebase(ctx context.Context, onto string) error {
	return r.appendLog("rebase " + onto)
}

// CleanUntracked deletes the untracked files and returns their names.
func (r *Repo) CleanUntracked(ctx context.Context) ([]string, error) {
	b, err := os.ReadFile(r.meta("untracked"))
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, name := range strings.Fields(string(b)) {
		if err := os.Remove(filepath.Join(r.Dir, name)); err == nil {
			removed = append(removed, name)
		}
	}
	return removed, os.Remove(r.meta("untracked"))
}

// GC prunes unreachable objects and returns how many it removed.
func (r *Repo) GC(ctx context.Context) (int, error) {
	entries, err := os.ReadDir(r.meta("unreachable"))
	if err != nil {
		return 0, err
	}
	return len(entries), os.RemoveAll(r.meta("unreachable"))
}

// CherryPick applies commit on top of HEAD.
func (r *Repo) CherryPick(ctx context.Context, commit string) error {
	return r.appendLog("cherry-pick " + commit)
}

// Revert records a commit that undoes commit.
func (r *Repo) Revert(ctx context.Context, commit string) error {
	return r.appendLog("revert " + commit)
}

// Squash folds the last n commits into one with message msg.
func (r *Repo) Squash(ctx context.Context, n int, msg string) error {
	return r.appendLog(fmt.Sprintf("squash %d %s", n, msg))
}

// BisectStart starts a bisection between good and HEAD.
func (r *Repo) BisectStart(ctx context.Context, good, bad string) error {
	return os.WriteFile(r.meta("BISECT"), []byte(good+" "+bad), 0o644)
}

// Prune deletes remote-tracking branches that are gone from remote.
func (r *Repo) Prune(ctx context.Context, remote string) error {
	return os.RemoveAll(r.meta("refs", "remotes", remote, "gone"))
}

// RemoveRemote forgets a remote and its remote-tracking branches.
func (r *Repo) RemoveRemote(ctx context.Context, name string) error {
	return os.RemoveAll(r.meta("refs", "remotes", name))
}

// WriteFile replaces a file of the working tree.
func (r *Repo) WriteFile(rel string, data []byte) error {
	return os.WriteFile(filepath.Join(r.Dir, rel), data, 0o644)
}
