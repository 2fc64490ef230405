package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// These tests run the built binary the way users do.

var binary string

func TestMain(m *testing.M) {
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

// run runs the binary in dir and returns stdout, stderr and the exit code.
func run(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
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

func exampleDir(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "example"))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("go", "-C", dir, "mod", "download").CombinedOutput(); err != nil {
		t.Fatalf("go mod download in example: %v\n%s", err, out)
	}
	return dir
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
}

func TestExplain(t *testing.T) {
	out, _, code := run(t, ".", "-explain", "actions")
	if code != 0 || !strings.HasPrefix(out, "actions: ") || !strings.Contains(out, "docs/actions.md") {
		t.Errorf("-explain actions: code %d, output %q", code, out)
	}
	_, errOut, code := run(t, ".", "-explain=nonsense")
	if code != 2 || !strings.Contains(errOut, `unknown check "nonsense"`) {
		t.Errorf("-explain nonsense: code %d, stderr %q", code, errOut)
	}
	out, _, code = run(t, ".", "-list-checks")
	if code != 0 || strings.Count(out, "\n") != 9 {
		t.Errorf("-list-checks: code %d, output %q", code, out)
	}
}

// A bad flag value is a clear error and exit status 2.
func TestBadFlags(t *testing.T) {
	for _, tc := range []struct{ flag, want string }{
		{"-max-message-length=abc", "want a positive whole number"},
		{"-max-message-length=0", "want a positive whole number"},
		{"-spec=2024-01-01", "2025-11-25"},
		{"-disable=mesage", `unknown check "mesage"`},
		{"-forks=github.com/acme/mcp", "want module=sdk"},
		{"-forks=github.com/acme/mcp=other", `unknown sdk "other"`},
		{"-no-such-flag", "flag provided but not defined"},
	} {
		_, errOut, code := run(t, ".", tc.flag, "./...")
		if code != 2 {
			t.Errorf("%s: exit %d, want 2; stderr %q", tc.flag, code, errOut)
		}
		if !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: stderr %q does not mention %q", tc.flag, errOut, tc.want)
		}
	}
}

// The example has one finding per planted bug; text mode exits 3, -json 0
// and two -json runs are byte-identical.
func TestExample(t *testing.T) {
	dir := exampleDir(t)
	out, errOut, code := run(t, dir, "./...")
	if code != 3 {
		t.Fatalf("exit %d, want 3\n%s%s", code, out, errOut)
	}
	lines := strings.Count(errOut, "\n")
	if lines != 28 {
		t.Errorf("got %d findings, want 28 (14 per SDK):\n%s", lines, errOut)
	}
	j1, _, code := run(t, dir, "-json", "./...")
	if code != 0 {
		t.Errorf("-json exit %d, want 0", code)
	}
	j2, _, _ := run(t, dir, "-json", "./...")
	if j1 != j2 {
		t.Errorf("-json output differs between two runs")
	}
	var tree map[string]map[string]any
	if err := json.Unmarshal([]byte(j1), &tree); err != nil {
		t.Fatalf("-json output is not JSON: %v", err)
	}
}

// elicitlint works as a go vet tool, with analyzer flags passed through.
func TestVetTool(t *testing.T) {
	dir := exampleDir(t)
	cmd := exec.Command("go", "vet", "-vettool="+binary, "./gosdk")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "elicitation message is 230 characters") {
		t.Errorf("go vet output lacks the long-message finding:\n%s", out)
	}
	cmd = exec.Command("go", "vet", "-vettool="+binary, "-max-message-length=500", "-disable=actions,content,mode,elicitation-id,sensitive,nested,schema,message", "./gosdk")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet with every check disabled: %v\n%s", err, out)
	}
}

// -sarif writes a log that validates against the SARIF 2.1.0 schema.
func TestSARIF(t *testing.T) {
	dir := exampleDir(t)
	out, errOut, code := run(t, dir, "-sarif", "./...")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	schemaPath, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	f, err := os.Open(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("SARIF output does not validate: %v", err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0]
	if len(r.Tool.Driver.Rules) != 10 {
		t.Errorf("got %d rules, want 10 (nine checks and directive)", len(r.Tool.Driver.Rules))
	}
	if len(r.Results) != 28 {
		t.Errorf("got %d results, want 28", len(r.Results))
	}
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
	}
}

// -fix leaves gofmt-clean code that compiles, including when it has to add
// the errors import.
func TestFixCompiles(t *testing.T) {
	example := exampleDir(t)
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module fixdemo\n\ngo 1.26.0\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0\n")
	sum, err := os.ReadFile(filepath.Join(example, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", string(sum))
	write("a.go", `package fixdemo

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
`)
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	if out, err := tidy.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	if _, errOut, code := run(t, dir, "-fix", "./..."); code != 0 && code != 3 {
		t.Fatalf("-fix: exit %d\n%s", code, errOut)
	}
	fixed, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	for _, want := range []string{`import "errors"`, `case "decline":`, `errors.New("the user cancelled the request")`} {
		if !strings.Contains(string(fixed), want) {
			t.Errorf("fixed file lacks %q:\n%s", want, fixed)
		}
	}
	if out, err := exec.Command("gofmt", "-l", dir).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("fixed code is not gofmt-clean: %s %v", out, err)
	}
	build := exec.Command("go", "build", "./...")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Errorf("fixed code does not compile: %v\n%s\n%s", err, out, fixed)
	}
	if _, errOut, code := run(t, dir, "./..."); code != 0 {
		t.Errorf("after -fix elicitlint still reports (exit %d):\n%s", code, errOut)
	}
}

// //elicitlint:ignore works under go vet as it does standalone, and an
// unused directive is reported there too.
func TestDirectivesUnderVet(t *testing.T) {
	example := exampleDir(t)
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(example, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": "module vetdemo\n\ngo 1.26.0\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0\n",
		"go.sum": string(sum),
		"a.go": `package vetdemo

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
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	if out, err := tidy.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	vet := exec.Command("go", "vet", "-vettool="+binary, "./...")
	vet.Dir = dir
	out, _ := vet.CombinedOutput()
	got := string(out)
	for _, want := range []string{"a.go:12:35: elicitation message is empty", "a.go:13:2: this elicitlint directive suppresses nothing"} {
		if !strings.Contains(got, want) {
			t.Errorf("go vet output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "a.go:11") || strings.Count(got, "(message)") != 1 || strings.Contains(got, "(actions)") {
		t.Errorf("directives did not suppress what they name:\n%s", got)
	}
	_, standalone, _ := run(t, dir, "./...")
	if strings.Count(standalone, "\n") != 2 || !strings.Contains(standalone, "a.go:12:35: elicitation message is empty") || !strings.Contains(standalone, "a.go:13:2: this elicitlint directive suppresses nothing") {
		t.Errorf("standalone should report the same two findings:\n%s", standalone)
	}
}
