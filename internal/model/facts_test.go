package model_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/model"
	"golang.org/x/tools/go/analysis/analysistest"
)

// factsT is the analysistest.Testing of runs of the model analyzer alone:
// it reports no findings (the checks do, and the analyzer package's tests
// meet the fixtures' expectations of findings), so an expectation of a
// finding is not its to meet. Every fact it exports must be expected, and
// every expected fact exported.
type factsT struct{ *testing.T }

func (f factsT) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "no diagnostic was reported matching") {
		return
	}
	f.T.Errorf("%s", msg)
}

// TestFacts checks the facts the model exports (wrappers, handlers,
// schemas, Content readers, result-like types, action functions, messages,
// gates) against the expectations in every fixture package.
func TestFacts(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(testdata, "src"))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, e := range entries {
		// forkuse needs -forks, and its fork is made by the analyzer
		// package's tests; its facts are a wrapper's, as in wrapperlib.
		// goschemacases is internal/goschema's fixture, written without
		// expectations.
		if e.IsDir() && e.Name() != "github.com" && e.Name() != "forkuse" && e.Name() != "goschemacases" {
			pkgs = append(pkgs, e.Name()+"/...")
		}
	}
	results := analysistest.Run(factsT{t}, testdata, model.New(config.NewSettings()), pkgs...)
	facts := 0
	for _, r := range results {
		facts += len(r.Facts)
		for _, d := range r.Action.Diagnostics {
			t.Errorf("%s: the model analyzer reported %q; it reports nothing", r.Action.Package.Fset.Position(d.Pos), d.Message)
		}
	}
	if facts < 30 {
		t.Errorf("only %d facts exported over the fixtures; is the model analyzer's FactTypes list complete?", facts)
	}
}
