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
	"sync"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"github.com/elicitlint/elicitlint/internal/textedit"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Fixes are text any tool can apply: gopls and golangci-lint --fix apply
// a fix's raw edits and do not format the file afterwards (elicitlint -fix
// and go vet -fix do). So the text of every suggested fix must already be
// gofmt-formatted where it lands.

// fixRuns are the runs of analysistest.RunWithSuggestedFixes over the
// fixture packages that get suggested fixes, by name, with the settings
// they run with. Each runs once per test binary and serves two tests: the
// test of those fixtures (TestAnswerChecks, TestRoundTrip, TestMigrate,
// TestSchemaRepair, TestFailOpen), which reports analysistest's
// complaints as its own, and TestFixTextFormatted, which reads the fixes.
var fixRuns = map[string]struct {
	cfg  analyzer.Config
	pkgs []string
}{
	"answers":   {analyzer.Config{Disable: prooftest.Direct()}, []string{"contentschema", "fixes"}},
	"roundtrip": {analyzer.Config{Disable: notDuties}, []string{"roundtripgosdk", "roundtripmcpgo", "kindsgosdk", "kindsmcpgo", "inprocess", "inprocessserved", "fiximports", "unstoppedmcpgo", "stepsgosdk", "stepsgosdkok", "stepsmcpgo", "stepsdispatch", "methodvalue", "countedanswers", "inprocesstest", "pinnedtest"}},
	"migrate": {analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)}, []string{"migrategosdk", "migratemcpgo",
		"migrategates", "migrategatesmcp", "migrategatelib", "migrategateuse", "migrategatemw", "migrategatemwinit", "migrategatelibmcp", "migrategateusemcp", "migrategatetest", "migrateeffects", "migratekept"}},
	"replaysafe":   {analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip), ReplaySafe: []string{"(*effectstore.Store).Touch"}}, []string{"migrateeffectsmcp"}},
	"schemarepair": {analyzer.Config{Disable: prooftest.Only(analyzer.CheckSchema)}, []string{"schemarepair"}},
	"failopen":     {analyzer.Config{Disable: prooftest.Only(analyzer.CheckFailOpen)}, []string{"failopengosdk", "failopenmcpgo", "failopenproj"}},
	"capabilities": {analyzer.Config{Disable: prooftest.Only(analyzer.CheckCapabilities)}, []string{"capsgosdk", "capsmcpgo", "capslib", "capsuse", "capsmiddleware", "capsmwgosdk", "capsmwmcpgo"}},
	"f30": {analyzer.Config{Disable: prooftest.Only(analyzer.CheckFailOpen)}, []string{"f30gategosdk", "f30gatemcpgo", "f30gatelib", "f30gateuse",
		"f30valuesgosdk", "f30valuesmcpgo", "f30inputgosdk", "f30inputmcpgo",
		"f30forgedgosdk", "f30forgedmcpgo", "f30stopsgosdk", "f30stopsmcpgo"}},
	"iface": {analyzer.Config{Disable: notDuties}, []string{"ifacegosdk", "ifacemcpgo", "ifacelib", "ifaceuse", "ifaceflows"}},
}

// fixtureFixes are the fixture packages that get suggested fixes, with
// the run (fixRuns) that analyses them.
var fixtureFixes = []struct {
	run  string
	pkgs []string
}{
	{"answers", []string{"contentschema", "fixes"}},
	{"roundtrip", []string{"roundtripgosdk", "roundtripmcpgo", "fiximports", "kindsgosdk", "kindsmcpgo", "inprocessserved", "inprocesstest", "pinnedtest"}},
	{"migrate", []string{"migrategosdk", "migratemcpgo", "migrategates", "migrategatesmcp", "migrategatelib", "migrategateuse", "migrategatemw", "migrategatelibmcp", "migrategateusemcp", "migrategatetest", "migrateeffects", "migratekept"}},
	{"replaysafe", []string{"migrateeffectsmcp"}},
	{"schemarepair", []string{"schemarepair"}},
	{"capabilities", []string{"capsgosdk", "capsmcpgo", "capslib", "capsuse", "capsmiddleware", "capsmwgosdk", "capsmwmcpgo"}},
	{"failopen", []string{"failopengosdk", "failopenmcpgo", "failopenproj"}},
	{"f30", []string{"f30gategosdk", "f30gatemcpgo", "f30valuesgosdk", "f30valuesmcpgo", "f30forgedgosdk", "f30forgedmcpgo", "f30stopsgosdk", "f30stopsmcpgo"}},
	{"iface", []string{"ifacegosdk"}},
}

type fixRun struct {
	once    sync.Once
	results []*analysistest.Result
	errors  []string // what analysistest complained about
}

var fixRunsDone sync.Map // name → *fixRun

// runFixes runs fixRuns[name] the first time it is called, and returns
// its results and analysistest's complaints.
func runFixes(t *testing.T, name string) *fixRun {
	t.Helper()
	spec, ok := fixRuns[name]
	if !ok {
		t.Fatalf("no fixture run %q", name)
	}
	v, _ := fixRunsDone.LoadOrStore(name, &fixRun{})
	r := v.(*fixRun)
	r.once.Do(func() {
		if *updateGolden {
			updateGoldens(t, testdata(t), newAnalyzer(t, spec.cfg), spec.pkgs...)
		}
		rt := &recordingT{T: t}
		r.results = analysistest.RunWithSuggestedFixes(prooftest.Suite(rt), testdata(t), newAnalyzer(t, spec.cfg), spec.pkgs...)
		r.errors = rt.errors()
	})
	return r
}

// check reports analysistest's complaints about the run as t's own: the
// findings must be the expected ones and the fixes the golden files.
func (r *fixRun) check(t *testing.T) []*analysistest.Result {
	t.Helper()
	for _, e := range r.errors {
		t.Error(e)
	}
	return r.results
}

// TestFixTextFormatted applies the raw edits of every fixture package that
// gets suggested fixes and requires gofmt-clean files. It reruns every
// fixture with fixes, each fix alone: the longest test of the package, so
// -short leaves it to the full run (the golden tests check the same fixes'
// text, formatted).
func TestFixTextFormatted(t *testing.T) {
	if testing.Short() {
		t.Skip("applies every fixture fix alone; skipped in -short mode")
	}
	t.Parallel()
	n := 0
	for _, ff := range fixtureFixes {
		n += fixTextFormatted(t, runFixes(t, ff.run).results, ff.pkgs...)
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

// fixTextFormatted takes the results of a run over fixture packages and,
// for every file of the packages pkgs that gets suggested fixes, applies
// the raw edits of each finding's first fix without formatting: every fix
// alone, and all the fixes of the file that do not conflict, merged as a
// driver merges them (identical edits coalesce; a fix that overlaps an
// earlier one is left out). Each result must be exactly what go/format
// makes of it. It returns the number of fixes applied. Whether the
// findings are the expected ones is for the tests of those packages: here
// only the fixes matter.
func fixTextFormatted(t *testing.T, results []*analysistest.Result, pkgs ...string) int {
	t.Helper()
	results = slices.DeleteFunc(slices.Clone(results), func(r *analysistest.Result) bool {
		if r.Pass == nil {
			t.Errorf("%s was not analysed: %v", r.Action, r.Err)
			return true
		}
		return !slices.Contains(pkgs, r.Pass.Pkg.Path())
	})
	if len(results) == 0 {
		t.Fatalf("packages %v did not load", pkgs)
	}
	// A fix may edit several files (a gate's package-wide answer check):
	// it is applied whole or not at all.
	type fileFix struct {
		diag  string                     // the finding, for messages
		edits map[string][]textedit.Edit // by file
	}
	var fixes []fileFix
	files := map[string]bool{}
	for _, r := range results {
		if r.Err != nil {
			t.Errorf("%s: %v", r.Pass.Pkg.Path(), r.Err)
		}
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			ff := fileFix{fmt.Sprintf("%s: %s", r.Pass.Fset.Position(d.Pos), d.Message), map[string][]textedit.Edit{}}
			for _, te := range d.SuggestedFixes[0].TextEdits {
				tf := r.Pass.Fset.File(te.Pos)
				end := te.End
				if !end.IsValid() {
					end = te.Pos
				}
				ff.edits[tf.Name()] = append(ff.edits[tf.Name()], textedit.Edit{Start: tf.Offset(te.Pos), End: tf.Offset(end), Text: string(te.NewText)})
				files[tf.Name()] = true
			}
			fixes = append(fixes, ff)
		}
	}
	src := map[string][]byte{}
	for file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src[file] = data
	}
	merged := map[string][]textedit.Edit{}
	for _, ff := range fixes {
		next := map[string][]textedit.Edit{}
		ok := true
		for _, file := range slices.Sorted(maps.Keys(ff.edits)) {
			edits := ff.edits[file]
			for i, e := range edits {
				for _, o := range edits[:i] {
					if e.Overlaps(o) {
						t.Errorf("%s: the fix's edits overlap: %+v and %+v", ff.diag, o, e)
					}
				}
			}
			checkFormatted(t, fmt.Sprintf("%s: the fix alone, in %s", ff.diag, filepath.Base(file)), textedit.Apply(src[file], edits))
			m, fits := mergeEdits(merged[file], edits)
			ok = ok && fits
			next[file] = m
		}
		if ok {
			maps.Copy(merged, next)
		}
	}
	for _, file := range slices.Sorted(maps.Keys(merged)) {
		checkFormatted(t, fmt.Sprintf("%s with all its fixes", filepath.Base(file)), textedit.Apply(src[file], merged[file]))
	}
	return len(fixes)
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
