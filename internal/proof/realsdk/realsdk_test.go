package realsdk

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

// realsdkModules are the fixture modules compiled against the real SDKs,
// each pinned to one SDK version. A module SDK-VERSION is put together from
// two directories under testdata/realsdk:
//   - SDK holds the fixture files every version shares;
//   - SDK-VERSION holds go.mod and go.sum, which pin the version, and the
//     files only that version has (an API added in that version, or the
//     version's side of a small difference).
//
// No file may be in both, so every fixture file exists once.
var realsdkModules = []string{
	"gosdk-v1.2.0",
	"gosdk-v1.8.0",
	"mcpgo-v0.44.0",
	"mcpgo-v1.6.0",
}

// roundTripWant are, per fixture module, texts the round-trip findings on
// the shared fixtures must hold, one for each kind of direct request; nil
// for the versions without the round trip, which must get none.
var roundTripWant = map[string][]string{
	"gosdk-v1.2.0":  nil,
	"gosdk-v1.8.0":  {"ServerSession.Elicit fails", "ServerSession.CreateMessage fails", "ServerSession.ListRoots fails"},
	"mcpgo-v0.44.0": nil,
	"mcpgo-v1.6.0":  {"MCPServer.RequestElicitation returns", "MCPServer.RequestSampling returns", "MCPServer.RequestRoots returns"},
}

// TestRealSDK runs the shared fixtures against each real SDK version. They
// are written in the direct style, which the round-trip check reports on
// the versions that have the round trip: they run with it off, and get
// exactly the findings their expectations name. Then the same packages (one
// load) are analysed with round-trip alone: the versions with the round
// trip report every kind of direct request, the others nothing.
func TestRealSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs from source; skipped in -short mode")
	}
	t.Parallel()
	for _, name := range realsdkModules {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct()})
			results := analysistest.Run(prooftest.Suite(t), prooftest.RealSDKModule(t, name), a, "./...")

			var roots []*packages.Package
			for _, r := range results {
				roots = append(roots, r.Action.Package)
			}
			if len(roots) == 0 {
				t.Fatal("no package loaded")
			}
			res, err := checker.Analyze([]*analysis.Analyzer{newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)})}, roots, nil)
			if err != nil {
				t.Fatal(err)
			}
			var msgs []string
			for _, act := range res.Roots {
				if act.Err != nil {
					t.Errorf("round-trip alone on %s: %v", act.Package.PkgPath, act.Err)
				}
				for _, d := range act.Diagnostics {
					msgs = append(msgs, d.Message)
				}
			}
			want, ok := roundTripWant[name]
			if !ok {
				t.Fatalf("roundTripWant has no entry for %s", name)
			}
			if want == nil && len(msgs) != 0 {
				t.Errorf("%d round-trip findings on the shared fixtures, want none (this version has no round trip): %q", len(msgs), msgs)
			}
			for _, w := range want {
				if !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, w) }) {
					t.Errorf("no round-trip finding on the shared fixtures says %q (they make direct requests of every kind)", w)
				}
			}
		})
	}
}

// TestRealSDKRoundTrip runs the round-trip fixtures of testdata/src, with
// their fixes, against the real SDK versions that have the round trip; the
// fixed code must build against them. (TestRealSDK checks that the versions
// without the round trip get no round-trip finding although their fixtures
// make direct requests throughout.)
func TestRealSDKRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs from source; skipped in -short mode")
	}
	t.Parallel()
	for _, tc := range []struct {
		module   string
		fixtures []string
		// migrate are the migration's fixtures, run with round-trip only.
		migrate []string
	}{
		{"gosdk-v1.8.0", []string{"roundtripgosdk", "kindsgosdk", "ifacegosdk", "pinnedtest"}, []string{"migrategosdk", "migrategates", "migrategatelib", "migrategateuse", "migrategatemw", "migrategatetest", "effectstore", "migrateeffects"}},
		{"mcpgo-v1.6.0", []string{"roundtripmcpgo", "kindsmcpgo", "ifacemcpgo", "inprocesstest"}, []string{"migratemcpgo", "migrategatesmcp", "migrategatelibmcp", "migrategateusemcp", "effectstore", "migrateeffectsmcp"}},
	} {
		t.Run(tc.module, func(t *testing.T) {
			t.Parallel()
			all := newAnalyzer(t, analyzer.Config{Disable: []string{analyzer.CheckCapabilities, analyzer.CheckRequestState}})
			// The setting migrateeffectsmcp's golden is written with (see
			// the analyzer package's "replaysafe" run).
			only := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip), ReplaySafe: []string{"(*effectstore.Store).Touch"}})
			dir := prooftest.RealSDKModule(t, tc.module)
			// The fixtures, with their fixes, in one load.
			var patterns []string
			for _, f := range tc.fixtures {
				if err := prooftest.CopyTree(filepath.Join(dir, f), prooftest.Testdata(t, "src", f), nil); err != nil {
					t.Fatal(err)
				}
				patterns = append(patterns, "./"+f)
			}
			if len(patterns) > 0 {
				analysistest.RunWithSuggestedFixes(prooftest.Suite(t), dir, all, patterns...)
			}
			// The migration's fixtures import each other by their
			// testdata/src paths: make those the module's.
			mod := modulePath(t, dir)
			localImports := func(data []byte) []byte {
				for _, f := range tc.migrate {
					data = bytes.ReplaceAll(data, []byte(strconv.Quote(f)), []byte(strconv.Quote(mod+"/"+f)))
				}
				return data
			}
			var migrate []string
			for _, f := range tc.migrate {
				if err := prooftest.CopyTree(filepath.Join(dir, f), prooftest.Testdata(t, "src", f), localImports); err != nil {
					t.Fatal(err)
				}
				migrate = append(migrate, "./"+f)
			}
			if len(migrate) > 0 {
				analysistest.RunWithSuggestedFixes(prooftest.Suite(t), dir, only, migrate...)
			}
			// The fixed code compiles against the real SDK, tests included
			// (go vet builds them): with only one package's fixes applied
			// (-fix on one package, go fix on a subset), and with all of
			// them.
			goldens := map[string][]string{}
			for _, f := range append(slices.Clone(tc.fixtures), tc.migrate...) {
				goldens[f], _ = filepath.Glob(filepath.Join(dir, f, "*.go.golden"))
			}
			place := func(gs []string, golden bool) {
				for _, g := range gs {
					from := g
					if !golden {
						from = g + ".orig"
					}
					data, err := os.ReadFile(from)
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(strings.TrimSuffix(g, ".golden"), data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			vet := func(what string, pkgs []string) {
				cmd := exec.Command("go", append([]string{"vet"}, pkgs...)...)
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("%s: the packages %v do not all build against %s, tests included (go vet names the ones that do not): %v\n%s", what, pkgs, tc.module, err, out)
				}
			}
			for _, gs := range goldens {
				for _, g := range gs {
					data, err := os.ReadFile(strings.TrimSuffix(g, ".golden"))
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(g+".orig", data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			for _, f := range tc.migrate {
				if len(goldens[f]) == 0 {
					continue
				}
				place(goldens[f], true)
				vet("with only "+f+" fixed", migrate)
				place(goldens[f], false)
			}
			var fixed []string
			for _, f := range append(slices.Clone(tc.fixtures), tc.migrate...) {
				place(goldens[f], true)
				fixed = append(fixed, "./"+f)
			}
			vet("with every package fixed", fixed)
		})
	}
}

// modulePath reads the module path of the module in dir.
func modulePath(t testing.TB, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimSpace(strings.TrimPrefix(line, "module"))
}

// TestRealSDKLayout checks, without the network, that every version
// directory under testdata/realsdk is listed (none is silently left
// untested) and that no file is both in the shared and the version directory.
func TestRealSDKLayout(t *testing.T) {
	mods, err := filepath.Glob(filepath.Join(realsdkDir(t), "*", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, m := range mods {
		found = append(found, filepath.Base(filepath.Dir(m)))
	}
	slices.Sort(found)
	if !slices.Equal(found, realsdkModules) {
		t.Errorf("testdata/realsdk has modules %q, realsdkModules lists %q", found, realsdkModules)
	}
	for _, name := range realsdkModules {
		if err := prooftest.RealSDKWrite(t.TempDir(), realsdkDir(t), name); err != nil {
			t.Error(err)
		}
	}
}

func realsdkDir(t testing.TB) string {
	t.Helper()
	return prooftest.Testdata(t, "realsdk")
}

// newAnalyzer returns an analyzer of the test's own with settings c, so
// that tests with different settings run in parallel.
func newAnalyzer(t testing.TB, c analyzer.Config) *analysis.Analyzer {
	t.Helper()
	a, err := analyzer.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestRealSDKEras checks the round-trip findings of go-sdk servers served
// over streamable HTTP and SSE (testdata/erasreal) against the real go-sdk
// v1.8.0: the analysistest stub leaves that API out, which would load
// net/http from source in every fixture run. See TestEras in the analyzer
// package for the other shapes, and TestEraByTransport for the run-time
// proof.
func TestRealSDKEras(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDK from source; skipped in -short mode")
	}
	t.Parallel()
	dir := prooftest.RealSDKModule(t, "gosdk-v1.8.0")
	if err := prooftest.CopyTree(filepath.Join(dir, "eras"), prooftest.Testdata(t, "erasreal"), nil); err != nil {
		t.Fatal(err)
	}
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)})
	analysistest.Run(prooftest.Suite(t), dir, a, "./eras/...")
}
