package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreCommitHook runs Debian's pre-commit with `pre-commit try-repo`
// against this repository's .pre-commit-hooks.yaml, on a sample git
// repository: once with a finding (the hook fails and prints it), once
// clean (the hook passes). .ci/run installs pre-commit; elsewhere the test
// skips when it is missing.
func TestPreCommitHook(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the hook with go install; skipped with -short")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (apt-get install -y pre-commit)")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(repo, ".git")); err != nil {
		t.Skip("not a git checkout; pre-commit try-repo needs one")
	}
	example := exampleDir(t)
	gomodcache, _ := exec.Command("go", "env", "GOMODCACHE").Output()
	home := t.TempDir()
	env := append(os.Environ(),
		"PRE_COMMIT_HOME="+filepath.Join(home, "pc"),
		"GOMODCACHE="+strings.TrimSpace(string(gomodcache)), // reuse downloaded modules
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
	)
	sample := func(src string) string {
		dir := t.TempDir()
		files := map[string]string{
			"go.mod":  "module sample\n\ngo 1.26.0\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0\n",
			"main.go": src,
		}
		sum, err := os.ReadFile(filepath.Join(example, "go.sum"))
		if err != nil {
			t.Fatal(err)
		}
		files["go.sum"] = string(sum)
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, args := range [][]string{{"go", "mod", "tidy"}, {"git", "init", "-q"}, {"git", "add", "-A"}, {"git", "commit", "-qm", "sample"}} {
			cmd := exec.Command(args[0], args[1:]...)
			cmd.Dir, cmd.Env = dir, env
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v: %v\n%s", args, err, out)
			}
		}
		return dir
	}
	tryRepo := func(dir string) (string, int) {
		cmd := exec.Command("pre-commit", "try-repo", repo, "elicitlint", "--all-files")
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return string(out), ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), 0
	}
	const head = `package main

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

func ask(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: schema})
	if err != nil {
		return err
	}
`
	bad := head + `	if res.Action != "accept" {
		return errors.New("stopped")
	}
	return nil
}

func main() {}
`
	good := head + `	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errors.New("declined")
	default:
		return errors.New("cancelled")
	}
}

func main() {}
`
	out, code := tryRepo(sample(bad))
	t.Logf("pre-commit on the sample with a finding (exit %d):\n%s", code, out)
	if code == 0 || !strings.Contains(out, `only checked for "accept"`) || !strings.Contains(out, "Failed") {
		t.Errorf("want the hook to fail and print the finding; exit %d:\n%s", code, out)
	}
	out, code = tryRepo(sample(good))
	t.Logf("pre-commit on the clean sample (exit %d):\n%s", code, out)
	if code != 0 || !strings.Contains(out, "Passed") {
		t.Errorf("want the hook to pass; exit %d:\n%s", code, out)
	}
}
