package analyzer_test

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// fixMessages returns the messages of the suggested fixes of the findings
// in the results, by the name of the function that holds them.
func fixMessages(t *testing.T, results []*analysistest.Result, pkg string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, r := range results {
		if r.Action.Package.PkgPath != pkg {
			continue
		}
		for _, d := range r.Action.Diagnostics {
			for _, f := range d.SuggestedFixes {
				fn := enclosingFuncName(r, d.Pos)
				out[fn] = append(out[fn], f.Message)
			}
		}
	}
	return out
}

// The migration lets what only reads run again, and its fix names each
// read, so that a reviewer sees them; what only computes (a map read
// under a lock, a path cleaned in another package) is not named.
func TestMigrateNamesReads(t *testing.T) {
	t.Parallel()
	msgs := fixMessages(t, runFixes(t, "migrate").check(t), "migrateeffects")
	for fn, want := range map[string]string{
		"runRule":  "; `h.store.Lookup(ctx, in.Name)` only reads, and runs again on the call that brings the answer",
		"showFile": "; `os.ReadFile(rel)` only reads, and runs again on the call that brings the answer",
		// Through interfaces whose every value only reads.
		"findRule":  "; `h.finder.Find(ctx, in.Name)` only reads, and runs again on the call that brings the answer",
		"checkFile": "; `check.Check(in.Path)` only reads, and runs again on the call that brings the answer",
	} {
		if len(msgs[fn]) != 1 || !strings.HasSuffix(msgs[fn][0], want) {
			t.Errorf("%s: fix messages %q, want one ending %q", fn, msgs[fn], want)
		}
	}
	for _, fn := range []string{"approve", "save", "hook", "mark", "sourceRule", "auditFile"} {
		if len(msgs[fn]) != 0 {
			t.Errorf("%s: fixes %q, want none (the work before the request writes)", fn, msgs[fn])
		}
	}
	if m := strings.Join(msgs["runRule"], ""); strings.Contains(m, "store.Get") || strings.Contains(m, "Clean") {
		t.Errorf("runRule: %q names a call that only computes", m)
	}
}

// -replay-safe vouches for a call elicitlint cannot judge: the handler
// that calls it migrates, and the fix names the call among the reads.
// The pattern matches that method only.
func TestReplaySafeSetting(t *testing.T) {
	t.Parallel()
	msgs := fixMessages(t, runFixes(t, "replaysafe").check(t), "migrateeffectsmcp")
	want := map[string]string{
		"open": "; `h.store.Touch(id)` only reads, and runs again on the call that brings the answer",
		"sync": "; `h.store.List(ctx)` and `effectstore.Fetch(\"https://example.com/rules\")` only read, and run again on the call that brings the answer",
		// Through another package's sealed interface, in a loop.
		"runAll": "; `h.finder.Find(ctx, name)` only reads, and runs again on the call that brings the answer",
	}
	for fn, w := range want {
		if len(msgs[fn]) != 1 || !strings.HasSuffix(msgs[fn][0], w) {
			t.Errorf("%s: fix messages %q, want one ending %q", fn, msgs[fn], w)
		}
	}
	if len(msgs["count"]) != 0 {
		t.Errorf("count: fixes %q, want none: the pattern does not name Count", msgs["count"])
	}
	if len(msgs["runOne"]) != 0 {
		t.Errorf("runOne: fixes %q, want none: a caller fills the interface", msgs["runOne"])
	}
}

// enclosingFuncName names the function declaration of r's package that
// holds pos.
func enclosingFuncName(r *analysistest.Result, pos token.Pos) string {
	for _, f := range r.Action.Package.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd.Name.Name
			}
		}
	}
	return ""
}
