package conformance

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

// A concordance copy is go-sdk v1.8.0's conformance server
// (testdata/conformance/gosdk/main.go) with one duty of the 2026-07-28
// round trip broken, made at test time in a temporary directory (nothing of
// it is committed). The suite's verdict on each copy says how far the suite
// can be trusted as a referee of that duty; file and line say where the
// broken code is in the copy, so that a check for the duty can be held to
// report exactly that line (makeConcordanceCopy writes the copy).
type concordanceCopy struct {
	name string // the duty broken, in a few words
	file string // the file of the broken code, relative to the copy's module
	line int    // the line of the broken code in the copy
	// at is the text of that line, without its indentation.
	at string
	// check is the elicitlint check that must report that line; "" where
	// elicitlint does not see the broken duty yet (then it must not
	// report the line, so that the table is kept true).
	check string
	// old and new are the edit of main.go: old occurs once in the original.
	old, new string
	// suite are the scenarios of the 2026-07-28 leg whose checks differ on
	// the copy from the original's, with the copy's verdict. Empty: the
	// suite does not see the broken duty.
	suite map[string]string
	// why the suite sees it or not.
	note string
}

var concordanceCopies = []concordanceCopy{
	{
		name: "capability: elicitation asked without the client's elicitation capability",
		file: "main.go", line: 986,
		at:    `reqs["user_name"] = &mcp.ElicitParams{`,
		check: "capabilities",
		old: `	if caps != nil && caps.Elicitation != nil {
		reqs["user_name"] = &mcp.ElicitParams{
			Message:         "What is your name?",
			RequestedSchema: nameElicitSchema(),
		}
	}
`,
		new: `	reqs["user_name"] = &mcp.ElicitParams{
		Message:         "What is your name?",
		RequestedSchema: nameElicitSchema(),
	}
`,
		suite: map[string]string{"input-required-result-capability-check": "FAIL"},
		note:  "seen: capability-check declares sampling only and fails an elicitation request",
	},
	{
		name: "capability: roots asked without the client's roots capability",
		file: "main.go", line: 1000,
		at:    `reqs["client_roots"] = &mcp.ListRootsParams{}`,
		check: "capabilities",
		old: `	if caps != nil && (caps.RootsV2 != nil || caps.Roots.ListChanged) {
		reqs["client_roots"] = &mcp.ListRootsParams{}
	}
`,
		new: `	reqs["client_roots"] = &mcp.ListRootsParams{}
`,
		suite: map[string]string{},
		note:  "not seen: capability-check looks only for elicitation requests, so a roots (or sampling) request the client cannot answer passes",
	},
	{
		name: "requestState: integrity check weakened to accept any state",
		file: "main.go", line: 710,
		at:    `return state != ""`,
		check: "request-state", // at the helper's callers, with the test as a related position
		old:   `	return state != "" && !strings.HasSuffix(state, requestStateTamperedSuffix)`,
		new:   `	return state != ""`,
		suite: map[string]string{"input-required-result-tampered-state": "FAIL"},
		note:  "seen, but only this far: tampered-state appends -TAMPERED to the state, so the original's suffix test passes it as an HMAC would; an unkeyed check is not told apart from a keyed one",
	},
	{
		name: "missing answer: a JSON-RPC error instead of a new input-required result",
		file: "main.go", line: 760,
		at:    `return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "missing input response user_name"}`,
		check: "round-trip",
		old:   "\t\t\t\tContent: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(\"Hello, %s!\", name)}},\n\t\t\t}, nil, nil\n\t\t}\n\t}\n",
		new: "\t\t\t\tContent: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(\"Hello, %s!\", name)}},\n\t\t\t}, nil, nil\n\t\t}\n\t}\n" +
			"\tif _, ok := req.Params.InputResponses[\"user_name\"]; !ok && len(req.Params.InputResponses) > 0 {\n" +
			"\t\treturn nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: \"missing input response user_name\"}\n" +
			"\t}\n",
		suite: map[string]string{"input-required-result-missing-input-response": "pass (1 warning)"},
		note:  "seen as a warning only: missing-input-response reports WARNING, which does not fail the scenario",
	},
	{
		name: "requestState: the second round gives back the state it was given",
		file: "main.go", line: 927,
		at:    `RequestState: state,`,
		check: "round-trip",
		old:   `			RequestState: "round=2;name=" + name,`,
		new:   `			RequestState: state,`,
		suite: map[string]string{"input-required-result-multi-round": "FAIL"},
		note:  "seen: multi-round's second round expects a new requestState (check sep-2322-multi-round-r2)",
	},
	{
		name: "requestState: the first round omits the state the next round requires",
		file: "main.go", line: 910,
		at:    `case state == "round=1":`,
		check: "round-trip",
		old:   "\t\t\tRequestState: \"round=1\",\n",
		new:   "",
		suite: map[string]string{"input-required-result-multi-round": "FAIL"},
		note:  "seen: multi-round's first round expects a requestState with its input requests (check sep-2322-multi-round-r1)",
	},
}

// makeConcordanceCopy writes the copy c of go-sdk's conformance server
// into a new temporary directory, checks that its broken line is where c
// says, and returns the module's directory.
func makeConcordanceCopy(t *testing.T, c concordanceCopy) string {
	t.Helper()
	dir := serverModule(t, "gosdk")
	file := filepath.Join(dir, c.file)
	editFile(t, file, c.old, c.new)
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var at []int
	for i, l := range strings.Split(string(src), "\n") {
		if strings.TrimSpace(l) == c.at {
			at = append(at, i+1)
		}
	}
	if !slices.Equal(at, []int{c.line}) {
		t.Fatalf("%s: the broken line %q is at lines %v of %s, the table says %d", c.name, c.at, at, c.file, c.line)
	}
	return dir
}

// testConcordance runs the 2026-07-28 leg on every concordance copy and
// checks that the suite's verdicts are the recorded ones: it shows that the
// comparison of the migrated server with the original can fail on that
// leg, and where the suite is a weak referee.
func testConcordance(t *testing.T, s *suite, sdk sdk, orig *legResult) {
	type done struct {
		i   int
		r   *legResult
		err error
	}
	ch := make(chan done, len(concordanceCopies))
	for i, c := range concordanceCopies {
		dir := makeConcordanceCopy(t, c)
		srv := startServer(t, sdk, prooftest.Build(t, dir, fmt.Sprintf("gosdk-copy%d", i+1)), sdk.stateless[leg2026])
		tmp := t.TempDir()
		go func() {
			r, err := s.runLeg(tmp, srv, leg2026, func(string) int { return 0 })
			ch <- done{i, r, err}
		}()
	}
	var table strings.Builder
	runs := make([]*legResult, len(concordanceCopies))
	for range concordanceCopies {
		d := <-ch
		if d.err != nil {
			t.Errorf("copy %q: %v", concordanceCopies[d.i].name, d.err)
			continue
		}
		runs[d.i] = d.r
	}
	for i, c := range concordanceCopies {
		r := runs[i]
		if r == nil {
			continue
		}
		orig, err := s.settle(orig, r, sdk.flaky)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		var details []string
		for name, res := range r.scenarios {
			if w := orig.scenarios[name]; w == nil || len(compareScenario(name, w, res, "copy")) > 0 {
				got[name] = res.verdict()
				if w != nil {
					details = append(details, compareScenario(name, w, res, "copy")...)
				}
			}
		}
		passed, _ := s.scoredPasses(r)
		verdict := "no scenario differs from the original"
		if len(got) > 0 {
			var vs []string
			for _, name := range slices.Sorted(maps.Keys(got)) {
				vs = append(vs, name+": "+got[name])
			}
			verdict = strings.Join(vs, "; ")
		}
		fmt.Fprintf(&table, "%d. %s\n\t%s:%d: %s\n\tsuite, leg 2026-07-28: %d/%d scored pass; %s\n\t%s\n",
			i+1, c.name, c.file, c.line, c.at, passed, len(s.scored[leg2026]), verdict, c.note)
		for _, d := range details {
			fmt.Fprintf(&table, "\t\t%s\n", d)
		}
		if !maps.Equal(got, c.suite) {
			t.Errorf("copy %q: the suite's verdicts differ from the original's in %v, the table says %v:\n\t%s", c.name, got, c.suite, strings.Join(details, "\n\t"))
		}
	}
	t.Logf("concordance copies of go-sdk's conformance server, one round-trip duty broken each:\n%s", table.String())
}

// TestConcordanceElicitlint checks that elicitlint reports the broken line
// of every concordance copy, with the check of the duty it breaks, where
// the official suite sees some of them only (the table in
// testdata/conformance/README.md).
func TestConcordanceElicitlint(t *testing.T) {
	if testing.Short() {
		t.Skip("copies go-sdk's conformance server; skipped with -short")
	}
	t.Parallel()
	bin := prooftest.Elicitlint(t)
	for _, c := range concordanceCopies {
		dir := makeConcordanceCopy(t, c)
		_, stderr, code := prooftest.Run(t, dir, bin, "./...")
		if code != 3 {
			t.Errorf("%s: elicitlint exits %d, want 3\n%s", c.name, code, stderr)
			continue
		}
		prefix := fmt.Sprintf("%s:%d:", c.file, c.line)
		// A finding reports the broken line at its own position or at
		// one of its related positions (the lines after it that start
		// with a tab: request-state points at the helper's weak test).
		var found []string
		check := ""
		for _, l := range strings.Split(stderr, "\n") {
			if _, msg, ok := strings.Cut(l, ": "); ok && !strings.HasPrefix(msg, "\t") {
				check = ""
				if i := strings.LastIndex(l, " ("); i >= 0 && strings.HasSuffix(l, ")") {
					check = l[i+2 : len(l)-1]
				}
			}
			if strings.HasPrefix(l, prefix) {
				found = append(found, check+": "+l)
			}
		}
		switch {
		case c.check == "" && len(found) > 0:
			t.Errorf("%s: elicitlint now reports the broken line; name its check in the table:\n%s", c.name, strings.Join(found, "\n"))
		case c.check != "" && !slices.ContainsFunc(found, func(l string) bool { return strings.HasPrefix(l, c.check+": ") }):
			t.Errorf("%s: elicitlint does not report %s with %s:\n%s", c.name, prefix, c.check, stderr)
		}
	}
}
