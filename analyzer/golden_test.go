package analyzer_test

import (
	"flag"
	"go/format"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"github.com/elicitlint/elicitlint/internal/textedit"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// updateGolden rewrites the .golden files of the fixture packages that
// RunWithSuggestedFixes tests run on, from the fixes of a run (see
// updateGoldens): go test ./analyzer -run TestMigrate -args -update-golden.
// Read the diff: every changed line must be one you meant.
var updateGolden = flag.Bool("update-golden", false, "rewrite the .golden files of the fixtures with suggested fixes")

// updateGoldens writes, for -update-golden, the .golden file of every
// fixture file that a fix changes (the first fix of each diagnostic, as
// -fix applies them; fixes that overlap an earlier one are left out).
func updateGoldens(t *testing.T, dir string, a *analysis.Analyzer, pkgs ...string) {
	t.Helper()
	byFile := map[string][]textedit.Edit{}
	for _, r := range analysistest.Run(prooftest.Suite(&recordingT{T: t}), dir, a, pkgs...) {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			// A fix may edit several files: all its edits are applied,
			// or none.
			es := map[string][]textedit.Edit{}
			for _, te := range d.SuggestedFixes[0].TextEdits {
				tf := r.Pass.Fset.File(te.Pos)
				end := te.End
				if !end.IsValid() {
					end = te.Pos
				}
				es[tf.Name()] = append(es[tf.Name()], textedit.Edit{Start: tf.Offset(te.Pos), End: tf.Offset(end), Text: string(te.NewText)})
			}
			overlaps := false
			for name, fes := range es {
				for _, e := range fes {
					for _, p := range byFile[name] {
						if e != p && e.Overlaps(p) {
							overlaps = true
						}
					}
				}
			}
			if overlaps {
				continue
			}
			for name, fes := range es {
				for _, e := range fes {
					if !slices.Contains(byFile[name], e) {
						byFile[name] = append(byFile[name], e)
					}
				}
			}
		}
	}
	for name, es := range byFile {
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out := textedit.Apply(src, es)
		fixed, err := format.Source(out)
		if err != nil {
			t.Errorf("%s: the fixed file does not parse: %v\n%s", name, err, out)
			fixed = out
		}
		if err := os.WriteFile(name+".golden", fixed, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
