package precommit

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

// direct turns the round-trip check off for the samples, which are written
// in the direct style (ss.Elicit) that the round-trip check reports against
// go-sdk v1.8.0.
const direct = "-disable=round-trip"

// TestPreCommit runs Debian's pre-commit with this repository's
// .pre-commit-hooks.yaml, pinned by commit hash (what docs/pre-commit.md
// says to use before a release), on a sample git repository that already
// has a finding:
//
//   - committing a clean file passes (the hook looks only at the files
//     being committed); committing a file with a finding fails with it;
//   - with -baseline the old finding is accepted and a new one fails;
//   - elicitlint-fix fails while findings remain, also on its second run;
//     with the default settings it also migrates a handler's direct
//     request to the round trip (docs/pre-commit.md says so).
//
// .ci/run installs pre-commit; elsewhere the test skips when it is
// missing. pre-commit builds the hook with go install, from the module
// cache only (GOPROXY=off).
func TestPreCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the hook with go install and analyses SDK code; skipped with -short")
	}
	for _, tool := range []string{"pre-commit", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (apt-get install -y pre-commit)", tool)
		}
	}
	hookRepo, rev := snapshotRepo(t)
	gomodcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	env := append(prooftest.OfflineEnv(),
		"PRE_COMMIT_HOME="+t.TempDir(),
		"GOMODCACHE="+strings.TrimSpace(string(gomodcache)),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
	)
	handler := func(name, body string) string {
		return `package sample

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ` + name + `(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"})
	if err != nil {
		return "", err
	}
` + body + `}
`
	}
	const acceptOnly = "\tif res.Action != \"accept\" {\n\t\treturn \"\", errors.New(\"stopped\")\n\t}\n\treturn \"done\", nil\n"
	const allThree = "\tswitch res.Action {\n\tcase \"accept\":\n\t\treturn \"done\", nil\n\tcase \"decline\":\n\t\treturn \"\", errors.New(\"declined\")\n\tdefault:\n\t\treturn \"\", errors.New(\"cancelled\")\n\t}\n"
	const missingTwo = "\tswitch res.Action {\n\tcase \"accept\":\n\t\treturn \"done\", nil\n\t}\n\treturn \"\", errors.New(\"unknown action\")\n"
	dir := prooftest.StubModule(t, map[string]string{
		"old.go": handler("Old", acceptOnly),
		".pre-commit-config.yaml": `repos:
  - repo: ` + hookRepo + `
    rev: ` + rev + `
    hooks:
      # The samples are written in the direct style; see direct.
      - id: elicitlint
        args: [-disable=round-trip]
      - id: elicitlint
        alias: elicitlint-baseline
        name: elicitlint (baseline)
        args: [-disable=round-trip, -baseline=elicitlint-baseline.json]
        stages: [manual]
      - id: elicitlint-fix
        args: [-disable=round-trip]
        stages: [manual]
`,
	})
	sh := func(args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return out.String(), ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return out.String(), 0
	}
	must := func(args ...string) {
		t.Helper()
		if out, code := sh(args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, out)
		}
	}
	must("git", "init", "-q")
	must("git", "add", "-A")
	must("git", "commit", "-qm", "old code with a finding")
	must("pre-commit", "install")

	// A clean file commits although old.go has a finding.
	prooftest.WriteFiles(t, dir, map[string]string{"clean.go": handler("Clean", allThree)})
	must("git", "add", "clean.go")
	if out, code := sh("git", "commit", "-m", "clean"); code != 0 || !strings.Contains(out, "Passed") {
		t.Fatalf("committing a clean file: exit %d\n%s", code, out)
	}
	// A file with a finding does not, and only its own finding is shown.
	prooftest.WriteFiles(t, dir, map[string]string{"bad.go": handler("Bad", acceptOnly)})
	must("git", "add", "bad.go")
	out, code := sh("git", "commit", "-m", "bad")
	t.Logf("git commit of a file with a finding (exit %d):\n%s", code, out)
	if code == 0 || !strings.Contains(out, "Failed") || !strings.Contains(out, `bad.go:15:2: elicitation result is only checked for "accept"`) || strings.Contains(out, "old.go") {
		t.Errorf("committing a file with a finding: exit %d; want a failure showing bad.go's finding only\n%s", code, out)
	}
	must("git", "reset", "-q", "bad.go")
	os.Remove(filepath.Join(dir, "bad.go"))

	// A baseline accepts old.go's finding; a new finding still fails.
	if _, errOut, code := prooftest.Run(t, dir, prooftest.Elicitlint(t), direct, "-baseline=elicitlint-baseline.json", "-baseline-write", "./..."); code != 0 {
		t.Fatalf("-baseline-write: exit %d\n%s", code, errOut)
	}
	must("git", "add", "elicitlint-baseline.json")
	if out, code := sh("pre-commit", "run", "elicitlint-baseline", "--all-files", "--hook-stage", "manual"); code != 0 {
		t.Errorf("all files against the baseline: exit %d\n%s", code, out)
	}
	prooftest.WriteFiles(t, dir, map[string]string{"new.go": handler("New", acceptOnly)})
	must("git", "add", "new.go")
	out, code = sh("pre-commit", "run", "elicitlint-baseline", "--all-files", "--hook-stage", "manual")
	if code == 0 || !strings.Contains(out, "new.go:15:2") || strings.Contains(out, "old.go") {
		t.Errorf("a new finding against the baseline: exit %d; want new.go's finding only\n%s", code, out)
	}
	must("git", "rm", "-qf", "new.go")

	// elicitlint-fix adds the missing cases, and fails on both runs while
	// a finding it cannot fix is left; once only fixable ones were there,
	// the second run passes.
	prooftest.WriteFiles(t, dir, map[string]string{
		"fix.go": handler("Fix", missingTwo) + "\nfunc Fire(ctx context.Context, ss *mcp.ServerSession) {\n\tss.Elicit(ctx, &mcp.ElicitParams{Message: \"Heads up\"})\n}\n",
	})
	must("git", "add", "fix.go")
	fixRun := func() (string, int) {
		return sh("pre-commit", "run", "elicitlint-fix", "--files", "fix.go", "--hook-stage", "manual")
	}
	out, code = fixRun()
	fixed, _ := os.ReadFile(filepath.Join(dir, "fix.go"))
	if code == 0 || !strings.Contains(string(fixed), `case "decline":`) || !strings.Contains(out, "elicitation result is discarded") {
		t.Errorf("first fix run: exit %d; want a failure, the fix applied and the finding left\n%s\n%s", code, out, fixed)
	}
	out, code = fixRun()
	if code == 0 || !strings.Contains(out, "elicitation result is discarded") || strings.Contains(out, "files were modified") {
		t.Errorf("second fix run with a finding left: exit %d; want a failure that shows it\n%s", code, out)
	}
	prooftest.WriteFiles(t, dir, map[string]string{"fix.go": handler("Fix", missingTwo)})
	if out, code := fixRun(); code == 0 || !strings.Contains(out, "files were modified by this hook") {
		t.Errorf("fix run with only a fixable finding: exit %d; want the files-modified failure\n%s", code, out)
	}
	if out, code := fixRun(); code != 0 {
		t.Errorf("fix run after everything was fixed: exit %d\n%s", code, out)
	}

	// With the default settings the fix hook migrates a tool handler's
	// direct request to the round trip, at commit time.
	prooftest.WriteFiles(t, dir, map[string]string{"tool.go": `package sample

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var publishSchema = map[string]any{"type": "object", "properties": map[string]any{"notify": map[string]any{"type": "boolean"}}}

func Publish(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Publish the site?", RequestedSchema: publishSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return &mcp.CallToolResult{}, nil, nil
	case "decline", "cancel":
		return nil, nil, fmt.Errorf("not published")
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
`})
	prooftest.WriteFiles(t, dir, map[string]string{".pre-commit-defaults.yaml": "repos:\n  - repo: " + hookRepo + "\n    rev: " + rev + "\n    hooks:\n      - id: elicitlint-fix\n"})
	must("git", "add", "tool.go", ".pre-commit-defaults.yaml")
	migrateRun := func() (string, int) {
		return sh("pre-commit", "run", "--config", ".pre-commit-defaults.yaml", "elicitlint-fix", "--files", "tool.go")
	}
	out, code = migrateRun()
	migrated, _ := os.ReadFile(filepath.Join(dir, "tool.go"))
	if code == 0 || !strings.Contains(out, "files were modified by this hook") ||
		!strings.Contains(string(migrated), `req.Params.InputResponses["Publish"].(*mcp.ElicitResult)`) || strings.Contains(string(migrated), "Session.Elicit(") {
		t.Errorf("fix hook with the default settings: exit %d; want the handler migrated to the round trip\n%s\n%s", code, out, migrated)
	}
	if out, code := migrateRun(); code != 0 {
		t.Errorf("fix hook after the migration: exit %d\n%s", code, out)
	}
}

// snapshotRepo copies this repository's working tree (tracked files and
// untracked ones git does not ignore) into a new git repository with one
// commit, and returns its directory and the commit hash. pre-commit
// installs hooks from a commit; the snapshot lets the test use the hooks
// and code as they are, committed or not.
func snapshotRepo(t *testing.T) (string, string) {
	t.Helper()
	root := prooftest.Root(t)
	list := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	list.Dir = root
	names, err := list.Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	dir := t.TempDir()
	for _, name := range strings.Split(strings.TrimSuffix(string(names), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, name))
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		prooftest.WriteFiles(t, dir, map[string]string{name: string(data)})
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "snapshot"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	rev := exec.Command("git", "rev-parse", "HEAD")
	rev.Dir = dir
	out, err := rev.Output()
	if err != nil {
		t.Fatal(err)
	}
	return dir, strings.TrimSpace(string(out))
}
