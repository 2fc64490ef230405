package analyzer_test

// Reliability tests (issue #8): how elicitlint behaves on unusual and
// broken input, run here through analysistest; internal/proof/reliability
// runs the built binary the way users run it. docs/reliability.md describes
// each behaviour; the soak over std, golang.org/x/tools and the SDKs is
// scripts/soak.sh.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// --- analysistest fixtures ---------------------------------------------------

// slowFixture skips, with -short, a reliability test whose loads cost ten
// seconds of CPU or more (cgo, two loads, a megabyte literal): the full run
// has them, and -short stays a loop you can wait for.
func slowFixture(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("a slow reliability fixture; the full run has it")
	}
}

// Generic wrappers, generic helper types and generic handlers: no crash,
// and wrappers are found through instantiations.
func TestReliabilityGenerics(t *testing.T) {
	slowFixture(t)
	t.Parallel()
	analysistest.Run(prooftest.Suite(t), testdata(t), directAnalyzer(t), "reliabgenerics")
}

// A package with a cgo file (import "C"): analysistest loads the files cgo
// generates, whose //line directives map findings back to cgo.go.
func TestReliabilityCgo(t *testing.T) {
	slowFixture(t)
	t.Parallel()
	relNeedCgo(t)
	analysistest.Run(prooftest.Suite(t), testdata(t), directAnalyzer(t), "reliabcgo")
}

// A file excluded by a build tag is not analysed by default; with the tag
// set it is.
func TestReliabilityBuildTags(t *testing.T) {
	slowFixture(t)
	t.Run("default", func(t *testing.T) {
		// Only tags.go's expectations are checked: ignored.go is not loaded.
		res := analysistest.Run(prooftest.Suite(t), testdata(t), directAnalyzer(t), "reliabbuildtags")
		for _, r := range res {
			for _, d := range r.Diagnostics {
				if name := r.Pass.Fset.Position(d.Pos).Filename; filepath.Base(name) == "ignored.go" {
					t.Errorf("finding in a file excluded by its build tag: %s: %s", name, d.Message)
				}
			}
		}
	})
	t.Run("tag set", func(t *testing.T) {
		t.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -tags=ignore_me"))
		res := analysistest.Run(prooftest.Suite(t), testdata(t), directAnalyzer(t), "reliabbuildtags")
		found := false
		for _, r := range res {
			for _, d := range r.Diagnostics {
				if filepath.Base(r.Pass.Fset.Position(d.Pos).Filename) == "ignored.go" {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("with -tags=ignore_me, ignored.go was not analysed")
		}
	})
}

// Generated files are analysed like any other file: their findings are
// reported (see docs/reliability.md; fixes are not applied to them, see
// TestReliabilityBinary/writes in internal/proof/reliability).
func TestReliabilityGenerated(t *testing.T) {
	t.Parallel()
	analysistest.Run(prooftest.Suite(t), testdata(t), directAnalyzer(t), "reliabgenerated")
}

// Huge literals: a 1 MiB string constant as the message, a 50,000-entry
// map literal, and a requested schema with 5,000 properties. The run must
// finish and report the long message; the schema is valid, so nothing else.
// (The schema checks are quadratic in the number of properties: 50,000
// properties take about 17 s of CPU, which is why this test uses 5,000; see
// docs/reliability.md.)
func TestReliabilityHugeLiterals(t *testing.T) {
	slowFixture(t)
	t.Parallel()
	dir := relGOPATH(t)
	var b strings.Builder
	b.WriteString(`package reliabhuge

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const huge = "`)
	b.WriteString(strings.Repeat("x", 1<<20))
	b.WriteString(`"

var properties = map[string]any{
`)
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&b, "\t\"field%d\": map[string]any{\"type\": \"string\"},\n", i)
	}
	b.WriteString(`}

var counts = map[string]int{
`)
	for i := 0; i < 50000; i++ {
		fmt.Fprintf(&b, "\t\"k%d\": %d,\n", i, i)
	}
	b.WriteString(`}

func Ask(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message: huge, // want ` + "`elicitation message is 1048576 characters`" + `
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": properties,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		_ = res.Content["field4999"]
	case "decline":
	case "cancel":
	}
	return nil
}
`)
	prooftest.WriteFiles(t, dir, map[string]string{"src/reliabhuge/huge.go": b.String()})
	analysistest.Run(prooftest.Suite(t), dir, directAnalyzer(t), "reliabhuge")
}

// --- regression tests for findings of the soak (scripts/soak.sh) -----------

// False positive found in github.com/mark3labs/mcp-go@v1.2.1
// client/client.go:962 (handleElicitationRequestTransport): a result
// serialised with json.Marshal or json.Encoder and handed on is forwarded,
// not dropped; elicitlint reports "elicitation result's Action is never
// read". This test fails until the actions check treats encoding the result
// like returning it.
func TestSoakForwardedResultIsNotReported(t *testing.T) {
	t.Parallel()
	analysistest.Run(prooftest.Suite(t), testdata(t), directAnalyzer(t), "reliabforward")
}

// --- helpers ----------------------------------------------------------------

func relGoEnv(t *testing.T, name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

func relNeedCgo(t *testing.T) {
	t.Helper()
	if relGoEnv(t, "CGO_ENABLED") != "1" {
		t.Skip("cgo is disabled")
	}
	if _, err := exec.LookPath(strings.Fields(relGoEnv(t, "CC") + " cc")[0]); err != nil {
		t.Skip("no C compiler")
	}
}

// relGOPATH returns a GOPATH directory holding the stub SDK packages.
func relGOPATH(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, s := range prooftest.Stubs {
		prooftest.CopyStub(t, s.Module, filepath.Join(dir, "src", filepath.FromSlash(s.Module)))
	}
	return dir
}

// directAnalyzer is the analyzer for fixtures written in the direct style
// (see TestRequestChecks).
func directAnalyzer(t *testing.T) *analysis.Analyzer {
	return newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct()})
}
