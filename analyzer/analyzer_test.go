package analyzer_test

import (
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"golang.org/x/tools/go/analysis"
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

// Each test below runs one configuration over all the fixture packages
// that use it, in one analysistest.Run (one load of their dependencies),
// as x/tools' own analyzer tests do.
//
// The stubs in testdata/src are of SDK versions that have the 2026-07-28
// round trip, so every direct elicitation there is a round-trip finding.
// The fixtures of the other checks are written in the direct style and run
// with round-trip off (prooftest.Direct); the round-trip fixtures run with it on.

// notDuties turns off the checks of the round trip's duties, which the
// round-trip fixtures do not do (TestCapabilities and TestRequestState
// cover them).
var notDuties = []string{analyzer.CheckCapabilities, analyzer.CheckRequestState}

// The request and schema checks (message, mode, elicitation-id, nested,
// schema, sensitive) and suppression directives. These fixtures send
// elicitations without handling the answers, so the answer checks are off.
func TestRequestChecks(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct(analyzer.CheckActions, analyzer.CheckContent)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a,
		"message", "modegosdk", "modemcpgo", "elicitid", "wrapperlib", "wrapperuse", "lookalike",
		"directives", "filedirective", "schemas", "msglib", "msguse",
		// A schema defined in another package arrives as a fact.
		"schemalib", "schemause")
}

// The schema check's repair of what go-sdk rejects.
func TestSchemaRepair(t *testing.T) {
	t.Parallel()
	runFixes(t, "schemarepair").check(t)
}

// The answer checks (actions, content, content-schema), and their fixes.
func TestAnswerChecks(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct()})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "actionsgosdk", "actionsmcpgo", "handlerlib", "handleruse", "content", "guards", "noreturn", "gates", "unreadbox", "projgate")
	// contentschema and fixes with their fixes: fixRuns["answers"], the
	// same settings.
	results := runFixes(t, "answers").check(t)
	// RunWithSuggestedFixes only compares files that got edits: make sure
	// the three fixable switches of "fixes" did get one and the bool
	// function did not.
	fixed := 0
	for _, r := range results {
		if r.Pass.Pkg.Path() != "fixes" {
			continue
		}
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				fixed++
			}
		}
	}
	if fixed != 3 {
		t.Errorf("%d diagnostics of package fixes carry a fix, want 3", fixed)
	}
}

// -spec changes the schema rules.
func TestSpecVersion(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Spec: "2025-06-18", Disable: prooftest.Direct(analyzer.CheckActions, analyzer.CheckContent)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "spec0618")
}

// -actions-default-handles-rest lets default: stand for the rest.
func TestDefaultHandlesRest(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{DefaultHandlesRest: true, Disable: prooftest.Direct()})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "defaultrest")
}

// -forks makes a fork of an SDK count as the SDK.
func TestForks(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Forks: []string{"github.com/acme/mcp-go=mcp-go"}, Disable: prooftest.Direct()})
	analysistest.Run(prooftest.Suite(t), forkTestdata(t, "forkuse"), a, "forkuse")
}

// Without -forks the fork is a stranger: nothing is reported. The
// package's expectations are for the run with -forks, so unmet ones are
// expected here; anything else analysistest complains about (the package
// does not load, an unexpected finding) fails the test.
func TestForkNotNamed(t *testing.T) {
	t.Parallel()
	rt := &recordingT{T: t}
	results := analysistest.Run(prooftest.Suite(rt), forkTestdata(t, "forkuse"), newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct()}), "forkuse")
	if len(results) == 0 {
		t.Fatalf("forkuse did not load: %s", strings.Join(rt.errors(), "; "))
	}
	for _, r := range results {
		if len(r.Diagnostics) > 0 {
			t.Errorf("without -forks, got %d findings in the fork's user", len(r.Diagnostics))
		}
		if r.Err != nil {
			t.Errorf("analysis error: %v", r.Err)
		}
	}
	for _, msg := range rt.errors() {
		if !strings.Contains(msg, "no diagnostic was reported matching") && !strings.Contains(msg, "no fact was reported matching") {
			t.Errorf("analysistest: %s", msg)
		}
	}
}

// recordingT records analysistest's complaints instead of failing.
type recordingT struct {
	*testing.T
	mu   sync.Mutex
	msgs []string
}

func (r *recordingT) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, strings.TrimSpace(fmt.Sprintf(format, args...)))
}

func (r *recordingT) errors() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.msgs)
}

// Every expectation in the fixtures names the check it expects, by ending
// with \(check\), so that a finding filed under the wrong check fails.
func TestWantsNameTheirCheck(t *testing.T) {
	t.Parallel()
	known := append(slices.Clone(analyzer.Checks), analyzer.CheckDirective)
	expect := regexp.MustCompile("^\\s*(?:([A-Za-z_][A-Za-z0-9_]*):)?(\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)")
	suffix := regexp.MustCompile(`\\\(([a-z-]+)\\\)$`)
	n := 0
	err := filepath.WalkDir(testdata(t), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fset.AddFile(path, -1, len(src)), src, nil, scanner.ScanComments)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok != token.COMMENT {
				continue
			}
			// As analysistest reads them: "//...// want ..." counts too.
			text := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(lit, "//"), "/*"), "*/")
			if i := strings.Index(text, "// want"); i >= 0 {
				text = text[i+len("// "):]
			}
			rest, ok := strings.CutPrefix(strings.TrimSpace(text), "want")
			if !ok {
				continue
			}
			for {
				m := expect.FindStringSubmatch(rest)
				if m == nil {
					break
				}
				rest = rest[len(m[0]):]
				if m[1] != "" {
					continue // a fact
				}
				re := m[2][1 : len(m[2])-1]
				if m[2][0] == '"' {
					re, _ = strconv.Unquote(m[2])
				}
				n++
				sm := suffix.FindStringSubmatch(re)
				if sm == nil || !slices.Contains(known, sm[1]) {
					t.Errorf("%s: expectation %q does not end with \\(check\\) naming a known check", fset.Position(pos), re)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("found only %d expectations under testdata; is the scanner broken?", n)
	}
}

// The round-trip check, with every other check on too but those of the
// duties.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	runFixes(t, "roundtrip").check(t)
	// Keys read under a key that is not known: nothing about keys.
	analysistest.Run(prooftest.Suite(t), testdata(t), newAnalyzer(t, analyzer.Config{Disable: notDuties}), "roundtripkeysdyn/...")
}

// The migration: every shape of handler the round-trip fix rewrites, with
// the rewrite in the .golden files, and the shapes it leaves alone, each
// finding saying why. Only round-trip runs, so that the fixtures hold the
// handlers as real servers write them.
func TestMigrate(t *testing.T) {
	t.Parallel()
	runFixes(t, "migrate").check(t)
}

// The fail-open check alone, with its fixes, for both SDKs and across
// packages (wrappers and project result types).
func TestFailOpen(t *testing.T) {
	t.Parallel()
	runFixes(t, "failopen").check(t)
}

// With -spec=2026-07-28, API that version removed is reported; with the
// default spec the same package is silent.
func TestRoundTripSpec(t *testing.T) {
	t.Parallel()
	analysistest.Run(prooftest.Suite(t), testdata(t), newAnalyzer(t, analyzer.Config{Spec: "2026-07-28"}), "roundtripspec")
	rt := &recordingT{T: t}
	for _, r := range analysistest.Run(prooftest.Suite(rt), testdata(t), newAnalyzer(t, analyzer.Config{}), "roundtripspec") {
		for _, d := range r.Diagnostics {
			t.Errorf("with the default -spec: unexpected %s", d.Message)
		}
	}
}

// Results copied into the project's own types (issue #15 §1): a type and
// interface declared in one package, filled in a second, consumed in a
// third that sees only the first.
func TestProjectResultTypes(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct()})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "projapi", "projimpl", "projuse", "projuse2", "notmirror",
		// Declared apart from any SDK (#24 §1): known by its shape.
		"prompts", "promptsmcp", "promptsuse", "notmirrorshape")
}

// A direct request inside a wrapper is reported once, in the wrapper's
// package, not at the callers in other packages.
func TestRoundTripWrappersAcrossPackages(t *testing.T) {
	t.Parallel()
	var others []string
	for _, c := range append(slices.Clone(analyzer.Checks), analyzer.CheckDirective) {
		if c != analyzer.CheckRoundTrip {
			others = append(others, c)
		}
	}
	rt := &recordingT{T: t}
	results := analysistest.Run(prooftest.Suite(rt), testdata(t), newAnalyzer(t, analyzer.Config{Disable: others}), "wrapperlib", "wrapperuse")
	found := map[string]int{}
	for _, r := range results {
		for range r.Diagnostics {
			found[r.Pass.Pkg.Path()]++
		}
	}
	if found["wrapperlib"] == 0 || found["wrapperuse"] != 0 {
		t.Errorf("round-trip findings per package: %v; want some in wrapperlib (the direct calls) and none in wrapperuse (the callers)", found)
	}
}

// The SDKs' own packages implement the protocol and are not checked.
func TestSDKPackagesNotChecked(t *testing.T) {
	t.Parallel()
	results := analysistest.Run(prooftest.Suite(&recordingT{T: t}), testdata(t), newAnalyzer(t, analyzer.Config{}), "github.com/modelcontextprotocol/go-sdk/mcp")
	if len(results) == 0 {
		t.Fatal("the go-sdk stub did not load")
	}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			t.Errorf("finding in the SDK's own package: %s", d.Message)
		}
	}
}
