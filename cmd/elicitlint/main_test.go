package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
)

// These tests run the built binary the way users do. The ones in this
// file need no module beyond the standard library and run with -short;
// those that analyse code using the SDKs are in module_test.go.

var update = flag.Bool("update", false, "rewrite the golden files in testdata from the current output")

var binary string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "elicitlint-bin")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "elicitlint")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// offlineEnv is the environment for commands that must not use the
// network: modules come from the module cache only.
func offlineEnv() []string {
	return append(os.Environ(), "GOPROXY=off", "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local")
}

// run runs the binary in dir, offline, and returns stdout, stderr and the
// exit code.
func run(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	return runCmd(t, dir, binary, args...)
}

func runCmd(t *testing.T, dir, name string, args ...string) (string, string, int) {
	t.Helper()
	return runCmdEnv(t, nil, dir, name, args...)
}

// runCmdEnv is runCmd with env added to the offline environment.
func runCmdEnv(t *testing.T, env []string, dir, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(offlineEnv(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestVersionFlags(t *testing.T) {
	out, _, code := run(t, ".", "-V=full")
	if code != 0 || !regexp.MustCompile(`^\S+ version devel .*buildID=[0-9a-f]+\n$`).MatchString(out) {
		t.Errorf("-V=full: code %d, output %q", code, out)
	}
	out, _, code = run(t, ".", "-version")
	if code != 0 || !strings.HasPrefix(out, "elicitlint ") {
		t.Errorf("-version: code %d, output %q", code, out)
	}
	// go vet learns the analyzer flags from -flags.
	out, _, code = run(t, ".", "-flags")
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if code != 0 || !strings.Contains(out, `"Name": "`+f.Name+`"`) {
			t.Errorf("-flags: code %d, output lacks %s:\n%s", code, f.Name, out)
		}
	})
}

// -h lists every working flag and every analyzer flag, hides the
// framework's no-op flags, and says what the exit statuses mean.
func TestHelp(t *testing.T) {
	out, errOut, code := run(t, ".", "-h")
	if code != 0 || errOut != "" {
		t.Fatalf("-h: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"-json", "-sarif", "-c N", "-fix", "-diff", "-baseline FILE", "-baseline-write",
		"-test=false", "-tags", "GOFLAGS=-tags", "-explain", "-list-checks", "-version", "go vet -vettool", "Exit status"} {
		if !strings.Contains(out, want) {
			t.Errorf("-h lacks %q", want)
		}
	}
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if !strings.Contains(out, "  -"+f.Name) {
			t.Errorf("-h lacks the analyzer flag -%s", f.Name)
		}
	})
	for _, bad := range []string{"no effect", "deprecated", "elicitlint: elicitlint:", "-source", "-debug"} {
		if strings.Contains(out, bad) {
			t.Errorf("-h shows %q:\n%s", bad, out)
		}
	}
	if n := strings.Count(out, "\n"); n > 60 {
		t.Errorf("-h is %d lines; keep it short", n)
	}
}

func TestListChecks(t *testing.T) {
	out, _, code := run(t, ".", "-list-checks")
	var names []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		name, summary, _ := strings.Cut(l, " ")
		if strings.TrimSpace(summary) == "" {
			t.Errorf("check %s has no summary", name)
		}
		names = append(names, name)
	}
	if code != 0 || !slices.Equal(names, analyzer.Checks) {
		t.Errorf("-list-checks: exit %d, checks %v, want %v", code, names, analyzer.Checks)
	}
}

func TestExplain(t *testing.T) {
	out, _, code := run(t, ".", "-explain", "actions")
	if code != 0 {
		t.Fatalf("-explain actions: exit %d", code)
	}
	// The whole page, readable: every section, code indented, no
	// Markdown markers left.
	for _, want := range []string{"actions\n=======", "What it finds\n-------------", "\nBad\n---", "\nGood\n----",
		"\nOptions\n", "\nLimits\n", "\nSuggested fix\n", "\n    switch res.Action {", "docs/actions.md"} {
		if !strings.Contains(out, want) {
			t.Errorf("-explain actions lacks %q", want)
		}
	}
	for _, bad := range []string{"```", "](", "**", "`"} {
		if strings.Contains(out, bad) {
			t.Errorf("-explain actions shows Markdown %q", bad)
		}
	}
	for _, topic := range []string{"suppression", "directive", "(directive)"} {
		out, _, code := run(t, ".", "-explain="+topic)
		if code != 0 || !strings.Contains(out, "    //elicitlint:ignore CHECK[,CHECK...] reason") || !strings.Contains(out, "same line") && !strings.Contains(out, "own line") {
			t.Errorf("-explain %s: exit %d; want the directive syntax and placement:\n%s", topic, code, out)
		}
	}
	_, errOut, code := run(t, ".", "-explain", "contnet")
	if code != 2 || !strings.Contains(errOut, `did you mean "content"?`) {
		t.Errorf("-explain contnet: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = run(t, ".", "-explain=nonsense")
	if code != 2 || !strings.Contains(errOut, `no topic "nonsense"`) || strings.Contains(errOut, "did you mean") {
		t.Errorf("-explain nonsense: exit %d, stderr %q", code, errOut)
	}
	// Alone, -explain lists the topics: every check, directive, and every
	// other page in docs/.
	out, _, code = run(t, ".", "-explain")
	want := append(slices.Clone(analyzer.Checks), analyzer.CheckDirective)
	pages, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	for _, p := range pages {
		if name := strings.TrimSuffix(filepath.Base(p), ".md"); name != "README" && !slices.Contains(want, name) {
			want = append(want, name)
		}
	}
	for _, topic := range want {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(topic) + ` +\S`).MatchString(out) {
			t.Errorf("-explain does not list %q:\n%s", topic, out)
		}
		if topic != "suppression" && topicPage(topic) == "" {
			t.Errorf("-explain %s has no page", topic)
		}
	}
	if code != 0 {
		t.Errorf("-explain: exit %d", code)
	}
}

// A bad flag value or combination is a clear error and exit status 2.
func TestBadFlags(t *testing.T) {
	for _, tc := range []struct{ flag, want string }{
		{"-max-message-length=abc", "want a positive whole number"},
		{"-max-message-length=0", "want a positive whole number"},
		{"-spec=2024-01-01", "2025-11-25"},
		{"-disable=mesage", `unknown check "mesage"`},
		{"-forks=github.com/acme/mcp", "want module=sdk"},
		{"-forks=github.com/acme/mcp=other", `unknown sdk "other"`},
		{"-no-such-flag", "flag provided but not defined"},
		{"-v", "flag provided but not defined"},
		{"-diff", "use -fix -diff"},
		{"-baseline-write", "needs -baseline=FILE"},
		{"-c=-2", "want 0 or more lines"},
	} {
		_, errOut, code := run(t, ".", tc.flag, "./...")
		if code != 2 {
			t.Errorf("%s: exit %d, want 2; stderr %q", tc.flag, code, errOut)
		}
		if !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") > 2 {
			t.Errorf("%s: stderr %q does not mention %q in two lines", tc.flag, errOut, tc.want)
		}
	}
	for _, args := range [][]string{{"-json", "-sarif", "."}, {"-fix", "-diff", "-json", "."}} {
		if _, errOut, code := run(t, ".", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2; stderr %q", args, code, errOut)
		}
	}
	if _, errOut, code := run(t, ".", "main.go", "./..."); code != 2 || !strings.Contains(errOut, "not both") {
		t.Errorf("files and patterns: exit %d, stderr %q", code, errOut)
	}
	if _, errOut, code := run(t, ".", "nosuchfile.go"); code != 2 || !strings.Contains(errOut, "nosuchfile.go") {
		t.Errorf("missing file: exit %d, stderr %q", code, errOut)
	}
}

// Under go vet a bad value is one line per package named, naming the flag,
// the value and the valid values, with no usage text.
func TestVetBadFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod": "module vetflag\n\ngo 1.26.0\n",
		"a/a.go": "package a\n\nimport \"fmt\"\n\nfunc A() { fmt.Println() }\n",
		"b/b.go": "package b\n\nimport \"strings\"\n\nfunc B() string { return strings.ToLower(\"B\") }\n",
	})
	stdout, stderr, code := runCmd(t, dir, "go", "vet", "-vettool="+binary, "-spec=2024-11-05", "./...")
	out := stdout + stderr
	if code == 0 {
		t.Errorf("go vet with a bad -spec succeeded:\n%s", out)
	}
	const msg = `elicitlint: invalid value "2024-11-05" for flag -spec: unknown MCP spec version "2024-11-05": valid versions are 2025-06-18, 2025-11-25, 2026-07-28`
	var errLines int
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		switch {
		case strings.HasPrefix(l, "# "):
		case strings.HasPrefix(l, msg):
			errLines++
		default:
			t.Errorf("unexpected line %q", l)
		}
	}
	if errLines != 2 {
		t.Errorf("want the error once for each of the two packages, got %d:\n%s", errLines, out)
	}
	// A good value works as before.
	if stdout, stderr, code := runCmd(t, dir, "go", "vet", "-vettool="+binary, "-spec=2025-06-18", "./..."); code != 0 {
		t.Errorf("go vet -spec=2025-06-18: exit %d\n%s%s", code, stdout, stderr)
	}
}

// -tags selects files by build constraint, as GOFLAGS=-tags does: here the
// tagged file does not compile, so elicitlint fails only with the tag.
func TestTags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":    "module tags\n\ngo 1.26.0\n",
		"ok.go":     "package tags\n",
		"tagged.go": "//go:build special\n\npackage tags\n\nvar x int = \"not a number\"\n",
	})
	if _, errOut, code := run(t, dir, "./..."); code != 0 {
		t.Errorf("without the tag: exit %d\n%s", code, errOut)
	}
	for _, args := range [][]string{{"-tags=special", "./..."}, {"-tags", "other,special", "./..."}} {
		if _, errOut, code := run(t, dir, args...); code != 1 || !strings.Contains(errOut, "tagged.go:5:13") {
			t.Errorf("%v: exit %d, want 1 with the type error in tagged.go\n%s", args, code, errOut)
		}
	}
}
