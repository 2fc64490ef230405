package analyzer_test

import (
	"path/filepath"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis/analysistest"
)

// testdata is the repository's testdata directory (GOPATH layout under src/).
func testdata(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// setFlags sets analyzer flags for one test and restores them after.
func setFlags(t *testing.T, kv ...string) {
	t.Helper()
	for i := 0; i+1 < len(kv); i += 2 {
		f := analyzer.Analyzer.Flags.Lookup(kv[i])
		if f == nil {
			t.Fatalf("no flag %q", kv[i])
		}
		old := f.Value.String()
		if err := f.Value.Set(kv[i+1]); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Value.Set(old) })
	}
}

// The request checks (message, mode, elicitation-id). These fixtures send
// elicitations without handling the answers, so the answer checks are off.
func TestRequestChecks(t *testing.T) {
	for _, pkg := range []string{"message", "modegosdk", "modemcpgo", "elicitid", "wrapperlib", "wrapperuse", "lookalike", "directives", "filedirective"} {
		t.Run(pkg, func(t *testing.T) {
			setFlags(t, "disable", "actions,content")
			analysistest.Run(t, testdata(t), analyzer.Analyzer, pkg)
		})
	}
}

// The schema checks (nested, schema, sensitive).
func TestSchemaChecks(t *testing.T) {
	setFlags(t, "disable", "actions,content")
	analysistest.Run(t, testdata(t), analyzer.Analyzer, "schemas")
	// A schema defined in another package arrives as a fact.
	analysistest.Run(t, testdata(t), analyzer.Analyzer, "schemalib", "schemause")
}

// The answer checks (actions, content).
func TestAnswerChecks(t *testing.T) {
	for _, pkg := range []string{"actionsgosdk", "actionsmcpgo", "handlerlib", "handleruse", "content"} {
		t.Run(pkg, func(t *testing.T) {
			analysistest.Run(t, testdata(t), analyzer.Analyzer, pkg)
		})
	}
}

// The suggested fixes for switches that miss actions.
func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(t), analyzer.Analyzer, "fixes")
	// RunWithSuggestedFixes only compares files that got edits: make sure
	// the three fixable switches did get one and the bool function did not.
	fixed := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				fixed++
			}
		}
	}
	if fixed != 3 {
		t.Errorf("%d diagnostics carry a fix, want 3", fixed)
	}
}

// content-schema, with its float64 fix.
func TestContentSchema(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), analyzer.Analyzer, "contentschema")
}

// -spec changes the schema rules.
func TestSpecVersion(t *testing.T) {
	setFlags(t, "spec", "2025-06-18", "disable", "actions,content")
	analysistest.Run(t, testdata(t), analyzer.Analyzer, "spec0618")
}

// -actions-default-handles-rest lets default: stand for the rest.
func TestDefaultHandlesRest(t *testing.T) {
	setFlags(t, "actions-default-handles-rest", "true")
	analysistest.Run(t, testdata(t), analyzer.Analyzer, "defaultrest")
}

// -forks makes a fork of an SDK count as the SDK.
func TestForks(t *testing.T) {
	setFlags(t, "forks", "github.com/acme/mcp-go=mcp-go")
	analysistest.Run(t, testdata(t), analyzer.Analyzer, "forkuse")
}

// Without -forks the fork is a stranger: nothing is reported.
func TestForkNotNamed(t *testing.T) {
	results := analysistest.Run(&silentT{T: t}, testdata(t), analyzer.Analyzer, "forkuse")
	for _, r := range results {
		if len(r.Diagnostics) > 0 {
			t.Errorf("without -forks, got %d findings in the fork's user", len(r.Diagnostics))
		}
	}
}

// silentT swallows analysistest's complaints about unmet expectations.
type silentT struct{ *testing.T }

func (silentT) Errorf(string, ...any) {}
