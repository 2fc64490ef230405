package analyzer_test

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestAnalyzersAgree shows that the checks run as analyzers of their own
// (analyzer.Analyzers, what go vet runs) report exactly what the suite
// (analyzer.Analyzer) reports on every fixture package: the same findings,
// with the same fixes and related positions, directive findings included.
// The check analyzers of one package run in parallel on one model, so this
// test is also the one to run with -race. It analyses every fixture
// twice, so -short leaves it to the full run.
func TestAnalyzersAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses every fixture twice; skipped in -short mode")
	}
	t.Parallel()
	dir := testdata(t)
	entries, err := os.ReadDir(filepath.Join(dir, "src"))
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "github.com" && e.Name() != "forkuse" {
			patterns = append(patterns, e.Name()+"/...")
		}
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   dir,
		Tests: true,
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	suite := findingsOf(t, []*analysis.Analyzer{analyzer.Analyzer}, pkgs)
	split := findingsOf(t, analyzer.Analyzers, pkgs)
	if len(suite) < 500 {
		t.Fatalf("only %d findings over the fixtures; did they load?", len(suite))
	}
	if !slices.Equal(suite, split) {
		t.Errorf("the check analyzers and the suite disagree:\n%s", lineDiffText(strings.Join(suite, "\n"), strings.Join(split, "\n")))
	}
}

// findingsOf runs the analyzers as roots and renders every root finding,
// sorted, one per line.
func findingsOf(t *testing.T, as []*analysis.Analyzer, pkgs []*packages.Package) []string {
	t.Helper()
	graph, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	seen := map[string]bool{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
			continue
		}
		fset := act.Package.Fset
		for _, d := range slices.SortedFunc(slices.Values(act.Diagnostics), func(a, b analysis.Diagnostic) int { return cmp.Compare(a.Pos, b.Pos) }) {
			var b strings.Builder
			fmt.Fprintf(&b, "%s-%s %s %s %s", relPosn(testdataDir, fset.Position(d.Pos)), relPosn(testdataDir, fset.Position(d.End)), d.Category, d.Message, d.URL)
			for _, r := range d.Related {
				fmt.Fprintf(&b, " | related %s %s", relPosn(testdataDir, fset.Position(r.Pos)), r.Message)
			}
			for _, f := range d.SuggestedFixes {
				fmt.Fprintf(&b, " | fix %q", f.Message)
				for _, e := range f.TextEdits {
					fmt.Fprintf(&b, " %s-%s %q", relPosn(testdataDir, fset.Position(e.Pos)), relPosn(testdataDir, fset.Position(e.End)), e.NewText)
				}
			}
			line := b.String()
			if !seen[line] { // a file in a package and its test variant
				seen[line] = true
				out = append(out, line)
			}
		}
	}
	slices.Sort(out)
	return out
}

var testdataDir, _ = filepath.Abs(filepath.Join("..", "testdata"))
