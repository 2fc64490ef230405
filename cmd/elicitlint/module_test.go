package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"

	"github.com/elicitlint/elicitlint/analyzer"
)

// The tests in this file analyse code that uses the real SDKs (go-sdk
// v1.8.0, mcp-go v1.2.1, as example/ requires them). They are skipped with
// -short; otherwise the example's modules are downloaded once, and every
// run of elicitlint or go is offline (GOPROXY=off).

var (
	downloadOnce sync.Once
	downloadErr  error
)

// parallel runs the test in parallel with the others, except with
// -update, where the test that owns a golden file must write it before
// the others read it.
func parallel(t *testing.T) {
	if !*update {
		t.Parallel()
	}
}

// needModules skips the test with -short and makes sure the example's
// modules are in the module cache. It returns the example's directory.
func needModules(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("analyses code using the SDK modules; skipped with -short")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "example"))
	if err != nil {
		t.Fatal(err)
	}
	downloadOnce.Do(func() {
		if out, err := exec.Command("go", "-C", dir, "mod", "download").CombinedOutput(); err != nil {
			downloadErr = fmt.Errorf("go mod download in example: %v\n%s", err, out)
		}
	})
	if downloadErr != nil {
		t.Fatal(downloadErr)
	}
	return dir
}

// sampleModule writes a module that requires what the example requires
// (both SDKs, at the same versions, with its go.sum), so that it builds
// offline without go mod tidy, plus the given files.
func sampleModule(t *testing.T, files map[string]string) string {
	t.Helper()
	needModules(t)
	return prooftest.SampleModule(t, files)
}

// stubModule is sampleModule with the SDKs' stubs in place of the real
// modules (prooftest.StubModule), for the tests of elicitlint's mechanics.
func stubModule(t *testing.T, files map[string]string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("analyses a module; skipped with -short")
	}
	return prooftest.StubModule(t, files)
}

// A finding as the golden files list it: file:line and check.
var findingLine = regexp.MustCompile(`^(.+\.go):(\d+):\d+: .* \(([a-z-]+)\)$`)

// textFindings parses text output into "file:line check" lines.
func textFindings(t *testing.T, out string) []string {
	t.Helper()
	var got []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l == "" || strings.Contains(l, ": \t") {
			continue // empty, or a finding's related position
		}
		m := findingLine.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("not a finding: %q", l)
			continue
		}
		got = append(got, m[1]+":"+m[2]+" "+m[3])
	}
	return got
}

// golden compares got with testdata/name. With -update, the test that
// owns the file rewrites it; the others compare.
func golden(t *testing.T, name string, got []string, owner bool) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update && owner {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if !slices.Equal(got, want) {
		t.Errorf("findings differ from %s (go test -run %s -update rewrites it):\n%s", path, t.Name(), lineDiff(want, got))
	}
}

// goldenBytes compares got with testdata/name byte for byte; -update
// rewrites it.
func goldenBytes(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("output differs from %s (go test -run %s -update rewrites it):\n%s", path, t.Name(),
			unifiedDiff("want", "got", string(want), string(got)))
	}
}

// lineDiff shows what is missing from and extra in got.
func lineDiff(want, got []string) string {
	return unifiedDiff("want", "got", strings.Join(want, "\n")+"\n", strings.Join(got, "\n")+"\n")
}

// The example has one finding per planted bug, listed in
// testdata/example.golden; text mode exits 3 and prints paths relative to
// the working directory, -json exits 0 with the same findings.
func TestExample(t *testing.T) {
	parallel(t)
	dir := needModules(t)
	_, errOut, code := run(t, dir, "./...")
	if code != 3 {
		t.Fatalf("exit %d, want 3\n%s", code, errOut)
	}
	got := textFindings(t, errOut)
	golden(t, "example.golden", got, true)

	out, _, code := run(t, dir, "-json", "./...")
	if code != 0 {
		t.Errorf("-json exit %d, want 0", code)
	}
	// The whole -json output, byte for byte (with the example's directory
	// cut from the paths): issue #27 split the analyzer into packages
	// without changing a byte of it.
	goldenBytes(t, "example.json", []byte(strings.ReplaceAll(out, dir+string(filepath.Separator), "")))
	var tree map[string]map[string][]struct{ Category, Posn, Message string }
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("-json output is not JSON: %v", err)
	}
	var fromJSON []string
	for _, pkg := range tree {
		for _, d := range pkg[analyzer.Analyzer.Name] {
			file, line := posnParts(t, d.Posn)
			rel, _ := filepath.Rel(dir, file)
			fromJSON = append(fromJSON, filepath.ToSlash(rel)+":"+line+" "+d.Category)
		}
	}
	slices.Sort(fromJSON)
	sorted := slices.Clone(got)
	slices.Sort(sorted)
	if !slices.Equal(fromJSON, sorted) {
		t.Errorf("-json and text findings differ:\n%s", lineDiff(sorted, fromJSON))
	}
}

func posnParts(t *testing.T, posn string) (file, line string) {
	t.Helper()
	m := regexp.MustCompile(`^(.*):(\d+):\d+$`).FindStringSubmatch(posn)
	if m == nil {
		t.Fatalf("bad posn %q", posn)
	}
	return m[1], m[2]
}

// elicitlint works as a go vet tool, with analyzer flags passed through.
// Under go vet each check is an analyzer of its own: the findings are the
// standalone driver's, grouped by analyzer instead of sorted by position,
// and go vet's -NAME=false turns a check off as -disable does.
func TestVetTool(t *testing.T) {
	parallel(t)
	dir := needModules(t)
	vet := func(dir string, args ...string) []string {
		t.Helper()
		stdout, stderr, code := runCmd(t, dir, "go", append(append([]string{"vet", "-vettool=" + binary}, args...), "./...")...)
		if code != 1 {
			t.Fatalf("go vet %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
		}
		var lines []string
		for _, l := range strings.Split(stderr, "\n") {
			if !strings.HasPrefix(l, "#") && l != "" {
				lines = append(lines, l)
			}
		}
		got := textFindings(t, strings.Join(lines, "\n"))
		slices.Sort(got)
		return got
	}
	want := goldenLines(t, "example.golden")
	slices.Sort(want)
	if got := vet(dir); !slices.Equal(got, want) {
		t.Errorf("go vet and the standalone driver differ:\n%s", lineDiff(want, got))
	}

	// The flags, on a module of the SDKs' stubs (a third of the packages
	// for go vet to run the tool on): -actions=false -roundtrip=false (go
	// vet's convention) and -disable=actions,round-trip (elicitlint's)
	// leave the same findings, the others; -actions alone runs that check
	// alone; with every check disabled go vet passes.
	flags := stubModule(t, map[string]string{"a.go": `package sample

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: ""})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errors.New("no")
	}
	return nil
}
`})
	all := vet(flags)
	var others, actions []string
	for _, f := range all {
		switch {
		case strings.HasSuffix(f, " actions"):
			actions = append(actions, f)
		case !strings.HasSuffix(f, " round-trip"):
			others = append(others, f)
		}
	}
	if len(others) == 0 || len(actions) == 0 || len(others)+len(actions) == len(all) {
		t.Fatalf("the flags module should have actions, round-trip and other findings: %q", all)
	}
	for _, args := range [][]string{{"-actions=false", "-roundtrip=false"}, {"-disable=actions,round-trip"}} {
		if got := vet(flags, args...); !slices.Equal(got, others) {
			t.Errorf("go vet %s:\n%s", strings.Join(args, " "), lineDiff(others, got))
		}
	}
	if got := vet(flags, "-actions"); !slices.Equal(got, actions) {
		t.Errorf("go vet -actions:\n%s", lineDiff(actions, got))
	}
	if stdout, stderr, code := runCmd(t, flags, "go", "vet", "-vettool="+binary, "-max-message-length=500",
		"-disable="+strings.Join(analyzer.Checks, ","), "./..."); code != 0 {
		t.Errorf("go vet with every check disabled: exit %d\n%s%s", code, stdout, stderr)
	}
}

// goldenLines reads testdata/name as lines.
func goldenLines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// -sarif writes a log that validates against the SARIF 2.1.0 schema, with
// one rule per check and the example's findings, and each finding's
// related positions as its relatedLocations, as the text output shows them.
func TestSARIF(t *testing.T) {
	parallel(t)
	dir := needModules(t)
	out, errOut, code := run(t, dir, "-sarif", "./...")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if err := prooftest.ValidateSARIF(t, []byte(out)); err != nil {
		t.Fatalf("SARIF output does not validate: %v", err)
	}
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0]
	var rules []string
	for _, rule := range r.Tool.Driver.Rules {
		rules = append(rules, rule.ID)
	}
	if want := append(slices.Clone(analyzer.Checks), analyzer.CheckDirective); !slices.Equal(rules, want) {
		t.Errorf("rules %v, want %v", rules, want)
	}
	var got, related []string
	for _, res := range r.Results {
		loc := res.Locations[0].PhysicalLocation
		if strings.HasPrefix(loc.ArtifactLocation.URI, "/") || strings.HasPrefix(loc.ArtifactLocation.URI, "file:") {
			t.Errorf("URI %q is not repo-relative", loc.ArtifactLocation.URI)
		}
		if loc.Region.StartLine < 1 || loc.Region.StartColumn < 1 || loc.Region.EndLine < loc.Region.StartLine {
			t.Errorf("bad region %+v", loc.Region)
		}
		if res.PartialFingerprints["primaryLocationLineHash"] == "" {
			t.Errorf("result without fingerprint")
		}
		got = append(got, fmt.Sprintf("%s:%d %s", loc.ArtifactLocation.URI, loc.Region.StartLine, res.RuleID))
		for i, rel := range res.RelatedLocations {
			p := rel.PhysicalLocation
			if rel.ID != i+1 {
				t.Errorf("related location %d of %s has id %d", i, res.Message.Text, rel.ID)
			}
			related = append(related, fmt.Sprintf("%s:%d:%d: \t%s", p.ArtifactLocation.URI, p.Region.StartLine, p.Region.StartColumn, rel.Message.Text))
		}
	}
	golden(t, "example.golden", got, false)
	_, text, _ := run(t, dir, "./...")
	var want []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, ": \t") {
			want = append(want, l)
		}
	}
	if len(want) == 0 || !slices.Equal(related, want) {
		t.Errorf("SARIF related locations differ from the text output's related positions:\n%s", lineDiff(want, related))
	}
}

type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct{ ID string }
			}
		}
		Results []struct {
			RuleID    string
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI string }
					Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
				}
			}
			RelatedLocations []struct {
				ID               int
				Message          struct{ Text string }
				PhysicalLocation struct {
					ArtifactLocation struct{ URI string }
					Region           struct{ StartLine, StartColumn int }
				}
			}
			PartialFingerprints map[string]string
		}
	}
}

// direct turns the round-trip check off for the samples below, which are
// written in the direct style (ss.Elicit) that the round-trip check reports
// against go-sdk v1.8.0; that check has its own tests (analyzer, and
// internal/proof/rtproof for its fix).
const direct = "-disable=round-trip"

// A go-sdk handler whose switch lacks "decline" and "cancel" (fixable),
// and a discarded result (not fixable).
const fixable = `package sample

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Book(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Book it?"})
	if err != nil {
		return "", err
	}
	switch res.Action {
	case "accept":
		return "booked", nil
	}
	return "", nil
}
`

const unfixable = `
func Notify(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Heads up"})
}
`

// -fix leaves gofmt-clean code that compiles, including when it has to add
// the errors import, exits 0 when nothing is left, and otherwise prints
// what is left and exits 3. -fix -diff prints the same change as a patch
// that git apply takes, and writes nothing.
func TestFix(t *testing.T) {
	parallel(t)
	dir := stubModule(t, map[string]string{"a.go": fixable + unfixable})
	before, _ := os.ReadFile(filepath.Join(dir, "a.go"))

	patch, errOut, code := run(t, dir, direct, "-fix", "-diff", "./...")
	if code != 3 || !strings.HasPrefix(patch, "--- a/a.go\n+++ b/a.go\n") || !strings.Contains(patch, "+\tcase \"decline\":") {
		t.Fatalf("-fix -diff: exit %d\n%s\n%s", code, patch, errOut)
	}
	count, errOut, _ := strings.Cut(errOut, "\n")
	if count != "elicitlint: -diff: 1 fix in 1 file would be applied; 1 finding would remain" {
		t.Errorf("-fix -diff should count first, got %q", count)
	}
	if got := textFindings(t, errOut); !slices.Equal(got, []string{"a.go:22 actions"}) {
		t.Errorf("-fix -diff should print the finding it cannot fix, got %q", got)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "a.go")); string(after) != string(before) {
		t.Fatalf("-fix -diff changed a.go")
	}

	_, errOut, code = run(t, dir, direct, "-fix", "./...")
	if code != 3 || !strings.Contains(errOut, "applied 1 fix in 1 file") {
		t.Errorf("-fix with a finding left: exit %d, want 3\n%s", code, errOut)
	}
	if got := textFindings(t, strings.Join(slices.DeleteFunc(strings.Split(errOut, "\n"), func(l string) bool { return strings.HasPrefix(l, "elicitlint: ") }), "\n")); !slices.Equal(got, []string{"a.go:27 actions"}) {
		t.Errorf("-fix should report the finding left (now on line 27), got %q", got)
	}
	fixed, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	// The import goes into the existing block, as goimports would put it.
	if strings.Contains(string(fixed), "import \"errors\"") || !strings.Contains(string(fixed), "import (\n\t\"context\"\n\t\"errors\"\n") {
		t.Errorf("the errors import is not in the import block:\n%s", fixed)
	}
	for _, want := range []string{`"errors"`, `case "decline":`, `errors.New("the user cancelled the request")`} {
		if !strings.Contains(string(fixed), want) {
			t.Errorf("fixed file lacks %q:\n%s", want, fixed)
		}
	}
	if out, err := exec.Command("gofmt", "-l", dir).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("fixed code is not gofmt-clean: %s %v", out, err)
	}
	if stdout, stderr, code := runCmd(t, dir, "go", "build", "./..."); code != 0 {
		t.Errorf("fixed code does not compile:\n%s%s\n%s", stdout, stderr, fixed)
	}
	// The patch -fix -diff printed makes the same change.
	if _, err := exec.LookPath("git"); err == nil {
		other := stubModule(t, map[string]string{"a.go": string(before)})
		cmd := exec.Command("git", "apply", "-")
		cmd.Dir, cmd.Stdin = other, strings.NewReader(patch)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("git apply: %v\n%s", err, out)
		} else if got, _ := os.ReadFile(filepath.Join(other, "a.go")); string(got) != string(fixed) {
			t.Errorf("the patch and -fix differ:\n%s", unifiedDiff("fix", "patch", string(fixed), string(got)))
		}
	}

	// Only the unfixable finding is left: -fix changes nothing, reports it
	// and fails; -json -fix prints it as JSON.
	_, errOut, code = run(t, dir, direct, "-fix", "./...")
	said, errOut, _ := strings.Cut(errOut, "\n")
	if code != 3 || said != "elicitlint: no fix applied: 1 finding, none with an automatic fix that applies (each says why)" || len(textFindings(t, errOut)) != 1 {
		t.Errorf("second -fix: exit %d, want 3, a line saying no fix applied, and the finding left\n%s\n%s", code, said, errOut)
	}
	out, _, code := run(t, dir, direct, "-fix", "-json", "./...")
	if code != 0 || !strings.Contains(out, `"category": "actions"`) {
		t.Errorf("-fix -json: exit %d\n%s", code, out)
	}

	// Nothing left: exit 0, and -json prints {}.
	writeFiles(t, dir, map[string]string{"a.go": fixable})
	if _, errOut, code := run(t, dir, direct, "-fix", "./..."); code != 0 || !strings.Contains(errOut, "applied 1 fix") {
		t.Errorf("-fix with everything fixable: exit %d, want 0\n%s", code, errOut)
	}
	writeFiles(t, dir, map[string]string{"a.go": fixable})
	if out, _, code := run(t, dir, direct, "-fix", "-json", "./..."); code != 0 || out != "{}\n" {
		t.Errorf("-fix -json with everything fixable: exit %d, output %q", code, out)
	}
}

// //elicitlint:ignore works under go vet as it does standalone, and an
// unused directive is reported there too.
func TestDirectivesUnderVet(t *testing.T) {
	parallel(t)
	dir := stubModule(t, map[string]string{
		"a.go": `package sample

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) {
	//elicitlint:ignore message,actions the client fills in the prompt
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) //elicitlint:ignore actions only the result is ignored here
	//elicitlint:ignore mode stale
	_ = 1
}
`,
	})
	want := []string{"a.go:12 message", "a.go:13 directive"}
	stdout, stderr, _ := runCmd(t, dir, "go", "vet", "-vettool="+binary, direct, "./...")
	var lines []string
	for _, l := range strings.Split(stdout+stderr, "\n") {
		if !strings.HasPrefix(l, "#") && l != "" {
			lines = append(lines, l)
		}
	}
	// go vet prints each check analyzer's findings together.
	if got := textFindings(t, strings.Join(lines, "\n")); !slices.Equal(slices.Sorted(slices.Values(got)), want) {
		t.Errorf("go vet: %q, want %q", got, want)
	}
	_, standalone, _ := run(t, dir, direct, "./...")
	if got := textFindings(t, standalone); !slices.Equal(got, want) {
		t.Errorf("standalone: %q, want %q", got, want)
	}
}

// Given .go files (as pre-commit passes them), elicitlint reports only the
// findings in those files, from their whole packages, across modules.
func TestFileArguments(t *testing.T) {
	parallel(t)
	bad := func(pkg string) string {
		return "package " + pkg + `

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Bad(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?"})
}
`
	}
	dir := stubModule(t, map[string]string{
		"a/bad.go":          bad("a"),
		"a/clean.go":        "package a\n\nfunc Clean() {}\n",
		"a/bad_test.go":     strings.Replace(bad("a"), "func Bad(", "func badInTest(", 1),
		"b/bad.go":          bad("b"),
		"a/testdata/bad.go": bad("t"),
	})
	for _, tc := range []struct {
		dir  string
		args []string
		want []string
	}{
		{".", []string{"a/clean.go"}, nil},
		{".", []string{"a/bad.go"}, []string{"a/bad.go:10 actions"}},
		{".", []string{"a/bad_test.go", "b/bad.go"}, []string{"a/bad_test.go:10 actions", "b/bad.go:10 actions"}},
		{".", []string{"a/testdata/bad.go"}, nil},
		{"a", []string{"bad.go", "../b/bad.go"}, []string{"bad.go:10 actions", "../b/bad.go:10 actions"}},
	} {
		_, errOut, code := run(t, filepath.Join(dir, tc.dir), append([]string{direct}, tc.args...)...)
		got := textFindings(t, errOut)
		if !slices.Equal(got, tc.want) || (code == 3) != (len(tc.want) > 0) || code != 0 && code != 3 {
			t.Errorf("in %s, %v: exit %d, findings %q, want %q\n%s", tc.dir, tc.args, code, got, tc.want, errOut)
		}
	}
}

// A baseline hides the findings recorded in it, also after code moves,
// and reports new ones, including one more copy of a recorded finding.
func TestBaseline(t *testing.T) {
	parallel(t)
	handler := func(name string) string {
		return `
func ` + name + `(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?"})
}
`
	}
	const head = "package sample\n\nimport (\n\t\"context\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n"
	dir := stubModule(t, map[string]string{"a.go": head + handler("A") + handler("B")})
	base := filepath.Join(dir, "elicitlint-baseline.json")
	if _, errOut, code := run(t, dir, direct, "-baseline="+base, "./..."); code != 2 || !strings.Contains(errOut, "-baseline-write") {
		t.Errorf("missing baseline: exit %d, stderr %q", code, errOut)
	}
	if _, errOut, code := run(t, dir, direct, "-baseline="+base, "-baseline-write", "./..."); code != 0 || !strings.Contains(errOut, "recorded 2 findings") {
		t.Fatalf("-baseline-write: exit %d\n%s", code, errOut)
	}
	data, _ := os.ReadFile(base)
	if strings.Contains(string(data), `"line": 1`) || strings.Count(string(data), `"file": "a.go"`) != 2 {
		t.Errorf("baseline:\n%s", data)
	}
	check := func(what string, wantCode int, want []string) {
		t.Helper()
		// From another directory, with a relative path to the baseline.
		sub := filepath.Join(dir, "sub")
		os.MkdirAll(sub, 0o755)
		_, errOut, code := run(t, sub, direct, "-baseline=../elicitlint-baseline.json", "..")
		if got := textFindings(t, errOut); code != wantCode || !slices.Equal(got, want) {
			t.Errorf("%s: exit %d, findings %q; want %d, %q\n%s", what, code, got, wantCode, want, errOut)
		}
	}
	check("unchanged", 0, nil)
	writeFiles(t, dir, map[string]string{"a.go": head + "\n// Moved down.\nvar _ = 1\n" + handler("A") + handler("B")})
	check("moved", 0, nil)
	writeFiles(t, dir, map[string]string{"a.go": head + handler("A") + handler("B") + handler("C")})
	check("one more", 3, []string{"../a.go:18 actions"})
	writeFiles(t, dir, map[string]string{"a.go": head + handler("A") + strings.Replace(handler("B"), "Sure?", "Really?", 1)})
	check("changed line", 3, []string{"../a.go:14 actions"})
	if _, errOut, code := run(t, dir, direct, "-baseline="+base, "-baseline-write", "a.go"); code != 2 || !strings.Contains(errOut, "not files") {
		t.Errorf("-baseline-write with files: exit %d, stderr %q", code, errOut)
	}
}
