package analyzer_test

import (
	"bytes"
	"fmt"
	"go/format"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/textedit"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Fixes are text any tool can apply: gopls and golangci-lint --fix apply
// a fix's raw edits and do not format the file afterwards (elicitlint -fix
// and go vet -fix do). So the text of every suggested fix must already be
// gofmt-formatted where it lands.

// fixtureFixes are the fixture packages that get suggested fixes, with
// the settings their tests run them with.
var fixtureFixes = []struct {
	cfg  analyzer.Config
	pkgs []string
}{
	{analyzer.Config{Disable: direct()}, []string{"contentschema", "fixes"}},
	{analyzer.Config{Disable: notDuties}, []string{"roundtripgosdk", "roundtripmcpgo", "fiximports", "kindsgosdk", "kindsmcpgo", "inprocessserved"}},
	{analyzer.Config{Disable: only(analyzer.CheckCapabilities)}, []string{"capsgosdk", "capsmcpgo", "capslib", "capsuse"}},
	{analyzer.Config{Disable: allBut(analyzer.CheckRoundTrip)}, []string{"migrategosdk", "migratemcpgo"}},
	{analyzer.Config{Disable: allBut(analyzer.CheckSchema)}, []string{"schemarepair"}},
	{analyzer.Config{Disable: allBut(analyzer.CheckFailOpen)}, []string{"failopengosdk", "failopenmcpgo", "failopenproj"}},
}

// TestFixTextFormatted applies the raw edits of every fixture package that
// gets suggested fixes and requires gofmt-clean files.
func TestFixTextFormatted(t *testing.T) {
	t.Parallel()
	n := 0
	for _, ff := range fixtureFixes {
		n += fixTextFormatted(t, testdata(t), newAnalyzer(t, ff.cfg), ff.pkgs...)
	}
	if n == 0 {
		t.Fatal("no suggested fix in the fixture packages: the test checks nothing")
	}
}

// TestFixTextCoversGolden makes sure that every fixture package with a
// .golden file (that is, with suggested fixes) is one TestFixTextFormatted
// applies.
func TestFixTextCoversGolden(t *testing.T) {
	var covered []string
	for _, ff := range fixtureFixes {
		covered = append(covered, ff.pkgs...)
	}
	golden, err := filepath.Glob(filepath.Join(testdata(t), "src", "*", "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	if len(golden) == 0 {
		t.Fatal("no .golden file under testdata/src")
	}
	for _, g := range golden {
		if pkg := filepath.Base(filepath.Dir(g)); !slices.Contains(covered, pkg) {
			t.Errorf("%s has suggested fixes (%s) but TestFixTextFormatted does not apply them", pkg, filepath.Base(g))
		}
	}
}

// fixTextFormatted runs a on the packages pkgs of the GOPATH tree dir
// and, for every file that gets suggested fixes, applies the raw edits of
// each finding's first fix without formatting: every fix alone, and all
// the fixes of the file that do not conflict, merged as a driver merges
// them (identical edits coalesce; a fix that overlaps an earlier one is
// left out). Each result must be exactly what go/format makes of it. It
// returns the number of fixes applied. Whether the findings are the
// expected ones is for the tests of those packages: here only the fixes
// matter.
func fixTextFormatted(t *testing.T, dir string, a *analysis.Analyzer, pkgs ...string) int {
	t.Helper()
	results := analysistest.Run(suiteT{&recordingT{T: t}}, dir, a, pkgs...)
	if len(results) == 0 {
		t.Fatalf("packages %v did not load", pkgs)
	}
	type fileFix struct {
		diag  string // the finding, for messages
		edits []textedit.Edit
	}
	byFile := map[string][]fileFix{}
	for _, r := range results {
		if r.Err != nil {
			t.Errorf("%s: %v", r.Pass.Pkg.Path(), r.Err)
		}
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			var file string
			var edits []textedit.Edit
			for _, te := range d.SuggestedFixes[0].TextEdits {
				tf := r.Pass.Fset.File(te.Pos)
				if file == "" {
					file = tf.Name()
				} else if tf.Name() != file {
					t.Errorf("%s: a fix edits two files, %s and %s", r.Pass.Fset.Position(d.Pos), file, tf.Name())
				}
				end := te.End
				if !end.IsValid() {
					end = te.Pos
				}
				edits = append(edits, textedit.Edit{Start: tf.Offset(te.Pos), End: tf.Offset(end), Text: string(te.NewText)})
			}
			byFile[file] = append(byFile[file], fileFix{fmt.Sprintf("%s: %s", r.Pass.Fset.Position(d.Pos), d.Message), edits})
		}
	}
	n := 0
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var merged []textedit.Edit
		for _, ff := range byFile[file] {
			n++
			for i, e := range ff.edits {
				for _, o := range ff.edits[:i] {
					if e.Overlaps(o) {
						t.Errorf("%s: the fix's edits overlap: %+v and %+v", ff.diag, o, e)
					}
				}
			}
			checkFormatted(t, fmt.Sprintf("%s: the fix alone", ff.diag), textedit.Apply(src, ff.edits))
			if m, ok := mergeEdits(merged, ff.edits); ok {
				merged = m
			}
		}
		checkFormatted(t, fmt.Sprintf("%s with all its fixes", filepath.Base(file)), textedit.Apply(src, merged))
	}
	return n
}

// mergeEdits adds the edits of one fix to those accepted so far, unless
// one of them overlaps an accepted edit that is not the same edit (two
// fixes that add the same import make the same edit).
func mergeEdits(acc, fix []textedit.Edit) ([]textedit.Edit, bool) {
	out := slices.Clone(acc)
	for _, e := range fix {
		if slices.Contains(acc, e) {
			continue
		}
		for _, o := range acc {
			if e.Overlaps(o) {
				return acc, false
			}
		}
		out = append(out, e)
	}
	return out, true
}

// checkFormatted fails unless src is what go/format makes of it.
func checkFormatted(t *testing.T, what string, src []byte) {
	t.Helper()
	formatted, err := format.Source(src)
	if err != nil {
		t.Errorf("%s: the result does not parse: %v", what, err)
		return
	}
	if !bytes.Equal(formatted, src) {
		t.Errorf("%s: the raw edits are not gofmt-formatted:\n%s", what, lineDiff(string(src), string(formatted)))
	}
}

// lineDiff shows the lines of got that differ from want, as "-got/+want"
// pairs, for a short failure message.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	i, j := 0, 0
	for i < len(g) && j < len(w) {
		if g[i] == w[j] {
			i++
			j++
			continue
		}
		fmt.Fprintf(&b, "line %d:\n\t-%q\n\t+%q\n", i+1, g[i], w[j])
		// Resynchronise on the next equal line.
		ni, nj, found := i+1, j+1, false
		for di := 0; di < 5 && !found; di++ {
			for dj := 0; dj < 5 && !found; dj++ {
				if i+di < len(g) && j+dj < len(w) && g[i+di] == w[j+dj] {
					ni, nj, found = i+di, j+dj, true
				}
			}
		}
		i, j = ni, nj
	}
	return b.String()
}
