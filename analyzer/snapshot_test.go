package analyzer_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

var updateSnapshot = flag.Bool("update-snapshot", false, "rewrite testdata/snapshot from this run")

// TestSnapshot shows that elicitlint's output over every fixture package
// does not change: every finding with its position, end, check, message,
// URL, related positions and fixes, byte for byte, under the default
// settings and under each setting a fixture is written for. The files in
// testdata/snapshot were written before the analyzer was split into
// packages (issue #27) and are rewritten only on purpose, with
// -update-snapshot, when a change of output is meant.
func TestSnapshot(t *testing.T) {
	if testing.Short() && !*updateSnapshot {
		t.Skip("analyses every fixture package again; skipped in -short mode")
	}
	t.Parallel()
	var all []string
	entries, err := os.ReadDir(filepath.Join(testdata(t), "src"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "github.com" && e.Name() != "forkuse" { // forkuse needs -forks: see "forks"
			all = append(all, e.Name()+"/...")
		}
	}
	for _, tc := range []struct {
		name string
		cfg  analyzer.Config
		dir  func(t testing.TB) string
		pkgs []string
	}{
		{"default", analyzer.Config{}, testdata, all},
		{"spec-2025-06-18", analyzer.Config{Spec: "2025-06-18"}, testdata, []string{"spec0618", "forschema0618"}},
		{"spec-2026-07-28", analyzer.Config{Spec: "2026-07-28"}, testdata, []string{"roundtripspec", "kindsgosdk", "kindsmcpgo"}},
		{"default-handles-rest", analyzer.Config{DefaultHandlesRest: true}, testdata, []string{"defaultrest", "actionsgosdk", "actionsmcpgo", "fixes"}},
		{"forks", analyzer.Config{Forks: []string{"github.com/acme/mcp-go=mcp-go"}}, func(t testing.TB) string { return forkTestdata(t, "forkuse") }, []string{"forkuse"}},
		{"settings", analyzer.Config{MaxMessageLength: 60, SensitivePatterns: []string{"nickname"}, SensitiveAllow: []string{"password"}, Disable: []string{analyzer.CheckElicitationID}},
			testdata, []string{"message", "schemas", "elicitid", "directives", "filedirective"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := tc.dir(t)
			results := analysistest.Run(prooftest.Suite(&recordingT{T: t}), dir, newAnalyzer(t, tc.cfg), tc.pkgs...)
			got := snapshotOf(t, dir, results)
			path := filepath.Join(testdata(t), "snapshot", tc.name+".json")
			if *updateSnapshot {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s:\n%s", path, lineDiffText(string(want), string(got)))
			}
		})
	}
}

type snapPos struct {
	Posn string `json:"posn"`
	End  string `json:"end,omitempty"`
}

type snapEdit struct {
	snapPos
	New string `json:"new"`
}

type snapFix struct {
	Message string     `json:"message"`
	Edits   []snapEdit `json:"edits"`
}

type snapRelated struct {
	snapPos
	Message string `json:"message"`
}

type snapDiag struct {
	snapPos
	Category string        `json:"category"`
	Message  string        `json:"message"`
	URL      string        `json:"url"`
	Related  []snapRelated `json:"related,omitempty"`
	Fixes    []snapFix     `json:"fixes,omitempty"`
}

// snapshotOf renders the results' findings per package, in the order the
// analyzer reported them, with positions relative to dir.
func snapshotOf(t *testing.T, dir string, results []*analysistest.Result) []byte {
	t.Helper()
	out := map[string][]snapDiag{}
	for _, r := range results {
		act := r.Action
		key := act.Package.PkgPath
		if act.Err != nil {
			out[key] = append(out[key], snapDiag{Message: "error: " + act.Err.Error()})
			continue
		}
		fset := act.Package.Fset
		pos := func(p, e token.Pos) snapPos {
			sp := snapPos{Posn: relPosn(dir, fset.Position(p))}
			if e.IsValid() && e != p {
				sp.End = relPosn(dir, fset.Position(e))
			}
			return sp
		}
		for _, d := range act.Diagnostics {
			sd := snapDiag{snapPos: pos(d.Pos, d.End), Category: d.Category, Message: d.Message, URL: d.URL}
			for _, rel := range d.Related {
				sd.Related = append(sd.Related, snapRelated{pos(rel.Pos, rel.End), rel.Message})
			}
			for _, f := range d.SuggestedFixes {
				sf := snapFix{Message: f.Message}
				// The checker sorts a fix's edits by token.Pos (its
				// ValidateFix), and go/packages parses a package's files in
				// parallel, so the files of a fix that edits several come
				// in any order: show them by name, each file's in place.
				edits := slices.Clone(f.TextEdits)
				slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int {
					pa, pb := fset.Position(a.Pos), fset.Position(b.Pos)
					return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
				})
				for _, e := range edits {
					sf.Edits = append(sf.Edits, snapEdit{pos(e.Pos, e.End), string(e.NewText)})
				}
				sd.Fixes = append(sd.Fixes, sf)
			}
			out[key] = append(out[key], sd)
		}
	}
	keys := make([]string, 0, len(out))
	for k := range out {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, k := range keys {
		data, err := json.MarshalIndent(out[k], "  ", "  ")
		if err != nil {
			t.Fatal(err)
		}
		kq, _ := json.Marshal(k)
		b.WriteString("  " + string(kq) + ": " + string(data))
		if i < len(keys)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func relPosn(dir string, p token.Position) string {
	if rel, err := filepath.Rel(dir, p.Filename); err == nil {
		p.Filename = filepath.ToSlash(rel)
	}
	return p.String()
}

// lineDiffText lists the lines of want missing from got and the lines of
// got missing from want, up to a bound.
func lineDiffText(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	n := 0
	for _, l := range wl {
		if !slices.Contains(gl, l) && n < 40 {
			b.WriteString("- " + l + "\n")
			n++
		}
	}
	for _, l := range gl {
		if !slices.Contains(wl, l) && n < 80 {
			b.WriteString("+ " + l + "\n")
			n++
		}
	}
	if n == 0 { // the same lines in another order: show where the order parts
		i := 0
		for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
			i++
		}
		fmt.Fprintf(&b, "the same lines in another order, from line %d:\n", i+1)
		for j := i; j < i+12; j++ {
			if j < len(wl) {
				b.WriteString("- " + wl[j] + "\n")
			}
			if j < len(gl) {
				b.WriteString("+ " + gl[j] + "\n")
			}
		}
	}
	return b.String()
}
