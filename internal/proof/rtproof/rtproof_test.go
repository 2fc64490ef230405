package rtproof

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

// The round-trip proof (testdata/rtproof) runs a "book" tool handler in a
// real SDK server and calls it from a real SDK client, on protocol
// 2026-07-28 and on 2025-11-25, with the user accepting, declining and
// cancelling. A handler passes when every run gives the expected outcome,
// so both protocols agree.
//
// To prove a handler, pass its source (package handlers, with
// Register(*mcp.Server) for go-sdk or Register(*server.MCPServer) for
// mcp-go) to runRTProof. To prove what elicitlint -fix makes of one, copy it
// with rtproofModule, run the fix in the returned directory and pass the
// directory to rtproofRun.

// rtproofBook is what the book handlers in testdata/rtproof answer.
var rtproofBook = map[string]string{
	"accept":  "booked 3 nights",
	"decline": "declined",
	"cancel":  "cancelled",
}

// rtproofRefusals are the errors each SDK gives a direct elicitation on a
// 2026-07-28 session.
var rtproofRefusals = map[string]string{
	"gosdk": `"elicitation/create" cannot be sent while serving a request on protocol version 2026-07-28: return an InputRequests map instead (multi round-trip requests, SEP-2322)`,
	"mcpgo": `"elicitation/create": server-initiated requests are not supported in protocol version 2026-07-28 or later: return an InputRequests map from the handler instead (multi round-trip requests, SEP-2322)`,
}

func TestRTProofRoundTrip(t *testing.T) {
	t.Parallel()
	for _, sdk := range []string{"gosdk", "mcpgo"} {
		t.Run(sdk, func(t *testing.T) {
			t.Parallel()
			runRTProof(t, sdk, rtproofSource(t, sdk, "handlers"), rtproofBook)
		})
	}
}

// The harness can fail: a handler that sends the elicitation itself works
// on 2025-11-25 and gets the SDK's refusal on 2026-07-28.
func TestRTProofLegacyFailsOnNewProtocol(t *testing.T) {
	t.Parallel()
	for _, sdk := range []string{"gosdk", "mcpgo"} {
		t.Run(sdk, func(t *testing.T) {
			t.Parallel()
			res := rtproofRun(t, rtproofModule(t, sdk, rtproofSource(t, sdk, "legacy")), rtproofBook)
			for action, want := range rtproofBook {
				if obs := res.observed["2025-11-25"][action]; obs.Outcome != want || slices.Contains(res.failed, "2025-11-25/"+action) {
					t.Errorf("2025-11-25 %s: outcome %q, want %q to pass", action, obs.Outcome, want)
				}
				if !slices.Contains(res.failed, "2026-07-28/"+action) {
					t.Errorf("2026-07-28 %s passed, want it to fail", action)
				}
				if obs := res.observed["2026-07-28"][action]; !strings.Contains(obs.Outcome, rtproofRefusals[sdk]) {
					t.Errorf("2026-07-28 %s: outcome %q lacks the refusal %q", action, obs.Outcome, rtproofRefusals[sdk])
				}
			}
			if t.Failed() {
				t.Logf("harness output:\n%s", res.output)
			}
		})
	}
}

// What elicitlint -fix makes of the legacy handler passes the proof: the
// same outcome for accept, decline and cancel on both protocols. The fix
// must also be the only change (no other finding is fixed), and the fixed
// handler must no longer make a direct request.
func TestRTProofFixedHandler(t *testing.T) {
	t.Parallel()
	for _, sdk := range []string{"gosdk", "mcpgo"} {
		t.Run(sdk, func(t *testing.T) {
			t.Parallel()
			dir := rtproofModule(t, sdk, rtproofSource(t, sdk, "legacy"))
			elicitlint := prooftest.Elicitlint(t)
			fixed, out, errOut := fixHandlers(t, dir)
			if bytes.Equal(fixed, rtproofSource(t, sdk, "legacy")) {
				t.Fatalf("-fix changed nothing:\n%s%s", out, errOut)
			}
			if bytes.Contains(fixed, []byte(".Elicit(ctx")) || bytes.Contains(fixed, []byte("RequestElicitation(")) {
				t.Errorf("the fixed handler still makes a direct request:\n%s", fixed)
			}
			if out, errOut, code := prooftest.Run(t, dir, elicitlint, "./handlers"); code != 0 {
				t.Errorf("elicitlint on the fixed handler: exit %d\n%s%s\n%s", code, out, errOut, fixed)
			}
			res := rtproofRun(t, dir, rtproofBook)
			if len(res.failed) > 0 {
				t.Errorf("the fixed handler fails %q\n%s\nharness output:\n%s", res.failed, fixed, res.output)
			}
		})
	}
}

// Prompt and resource handlers that ask the user themselves
// (testdata/rtproof/<sdk>/legacyprompt and legacyresource) answer on
// 2025-11-25 and are refused on 2026-07-28; what elicitlint -fix makes of
// them gives the original's outcomes on both protocols. go-sdk fails a
// resource result that asks with its Contents nil before its bridge for
// older clients runs: the fix sets an empty Contents, and without it the
// migrated resource fails every 2025-11-25 read. (mcp-go's resource
// handlers return contents, not a result that can ask.)
func TestRTProofPromptAndResource(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ sdk, dir, call string }{
		{"gosdk", "legacyprompt", "prompt"},
		{"gosdk", "legacyresource", "resource"},
		{"mcpgo", "legacyprompt", "prompt"},
	} {
		t.Run(tc.sdk+"/"+tc.call, func(t *testing.T) {
			t.Parallel()
			orig := rtproofSource(t, tc.sdk, tc.dir)
			dir := rtproofModule(t, tc.sdk, orig)
			before := rtproofRunCall(t, dir, tc.call, rtproofBook)
			for action, want := range rtproofBook {
				if obs := before.observed["2025-11-25"][action]; obs.Outcome != want {
					t.Errorf("original, 2025-11-25 %s: outcome %q, want %q", action, obs.Outcome, want)
				}
				if obs := before.observed["2026-07-28"][action]; !strings.Contains(obs.Outcome, rtproofRefusals[tc.sdk]) {
					t.Errorf("original, 2026-07-28 %s: outcome %q lacks the refusal %q", action, obs.Outcome, rtproofRefusals[tc.sdk])
				}
			}
			elicitlint := prooftest.Elicitlint(t)
			fixed, _, _ := fixHandlers(t, dir)
			if bytes.Contains(fixed, []byte(".Elicit(ctx")) || bytes.Contains(fixed, []byte("RequestElicitation(")) {
				t.Fatalf("the fixed handler still makes a direct request:\n%s", fixed)
			}
			if out, errOut, code := prooftest.Run(t, dir, elicitlint, "./handlers"); code != 0 {
				t.Errorf("elicitlint on the fixed handler: exit %d\n%s%s\n%s", code, out, errOut, fixed)
			}
			after := rtproofRunCall(t, dir, tc.call, rtproofBook)
			if len(after.failed) > 0 {
				t.Errorf("the fixed handler fails %q\n%s\nharness output:\n%s", after.failed, fixed, after.output)
			}
			if tc.call != "resource" {
				return
			}
			placeholder := []byte("Contents: []*mcp.ResourceContents{}, ")
			if !bytes.Contains(fixed, placeholder) {
				t.Fatalf("the fixed resource handler sets no empty Contents:\n%s", fixed)
			}
			prooftest.WriteFiles(t, dir, map[string]string{"handlers/book.go": string(bytes.Replace(fixed, placeholder, nil, 1))})
			without := rtproofRunCall(t, dir, tc.call, rtproofBook)
			for _, action := range []string{"accept", "decline", "cancel"} {
				if obs := without.observed["2025-11-25"][action]; !strings.Contains(obs.Outcome, "read handler returned nil information") {
					t.Errorf("without the empty Contents, 2025-11-25 %s: outcome %q, want go-sdk's nil-information error", action, obs.Outcome)
				}
				if obs := without.observed["2026-07-28"][action]; obs.Outcome != rtproofBook[action] {
					t.Errorf("without the empty Contents, 2026-07-28 %s: outcome %q, want %q", action, obs.Outcome, rtproofBook[action])
				}
			}
		})
	}
}

// rtproofSource reads the handler in testdata/rtproof/<sdk>/<dir>/book.go.
func rtproofSource(t *testing.T, sdk, dir string) []byte {
	t.Helper()
	src, err := os.ReadFile(prooftest.Testdata(t, "rtproof", sdk, dir, "book.go"))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// runRTProof proves handlerSrc with the harness for sdk ("gosdk" or
// "mcpgo"): it fails t unless every run gives want[action].
func runRTProof(t *testing.T, sdk string, handlerSrc []byte, want map[string]string) {
	t.Helper()
	res := rtproofRun(t, rtproofModule(t, sdk, handlerSrc), want)
	if len(res.failed) > 0 {
		t.Errorf("%s round-trip proof failed in %v; harness output:\n%s", sdk, res.failed, res.output)
	}
}

// fixHandlers runs elicitlint -fix on the harness's handlers in dir and
// returns the fixed handlers/book.go, with what elicitlint printed.
func fixHandlers(t *testing.T, dir string) (fixed []byte, out, errOut string) {
	t.Helper()
	out, errOut, code := prooftest.Run(t, dir, prooftest.Elicitlint(t), "-fix", "./handlers")
	if code != 0 && code != 3 {
		t.Fatalf("elicitlint -fix: exit %d\n%s%s", code, out, errOut)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "handlers", "book.go"))
	if err != nil {
		t.Fatal(err)
	}
	return fixed, out, errOut
}

// rtproofModule copies the harness for sdk (with the era proof's servers)
// and the shared proof package to a temporary directory, writes handlerSrc as handlers/book.go and
// downloads the modules. It returns the harness module's directory.
func rtproofModule(t *testing.T, sdk string, handlerSrc []byte) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the real SDKs; skipped with -short")
	}
	src := prooftest.Testdata(t, "rtproof")
	tmp := t.TempDir()
	dir := filepath.Join(tmp, sdk)
	prooftest.CopyTopFiles(t, filepath.Join(src, "proof"), filepath.Join(tmp, "proof"))
	prooftest.CopyTopFiles(t, filepath.Join(src, sdk), dir)
	// The era proof's servers (eras_test.go imports them), and the
	// middleware proof's server.
	for _, sub := range []string{"eras", "middleware"} {
		if _, err := os.Stat(filepath.Join(src, sdk, sub)); err != nil {
			continue
		}
		if err := prooftest.CopyTree(filepath.Join(dir, sub), filepath.Join(src, sdk, sub), nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "handlers"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "handlers", "book.go"), handlerSrc, 0o644); err != nil {
		t.Fatal(err)
	}
	prooftest.ModDownload(t, dir)
	return dir
}

// rtproofObservation is what the harness saw in one run (see
// testdata/rtproof/proof.Observation).
type rtproofObservation struct {
	Negotiated   string
	Outcome      string
	Elicitations int
	Wire         []string
}

type rtproofResult struct {
	failed   []string                                 // failed harness tests below TestRoundTrip, e.g. "2026-07-28/accept"
	observed map[string]map[string]rtproofObservation // protocol → action → run
	output   string                                   // the harness's test output
}

// rtproofRun runs the harness in dir (from rtproofModule) with the
// expected outcomes want. A harness that does not build or run is fatal;
// failed runs are reported in the result.
func rtproofRun(t *testing.T, dir string, want map[string]string) rtproofResult {
	t.Helper()
	return rtproofRunCall(t, dir, "", want)
}

// rtproofRunCall is rtproofRun calling what the harness's RTPROOF_CALL
// names (testdata/rtproof/proof.CallEnv): "" the tool, "resource" or
// "prompt".
func rtproofRunCall(t *testing.T, dir, call string, want map[string]string) rtproofResult {
	t.Helper()
	wantJSON, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	outFile := filepath.Join(t.TempDir(), "observed.json")
	cmd := exec.Command("go", "test", "-count=1", "-json", "-run=^TestRoundTrip$", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "RTPROOF_WANT="+string(wantJSON), "RTPROOF_OUT="+outFile, "RTPROOF_CALL="+call)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, runErr := cmd.Output()

	var res rtproofResult
	var output strings.Builder
	sawTest := false
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev struct{ Action, Test, Output string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			output.WriteString(sc.Text() + "\n")
			continue
		}
		output.WriteString(ev.Output)
		if name, ok := strings.CutPrefix(ev.Test, "TestRoundTrip/"); ok {
			sawTest = true
			if ev.Action == "fail" {
				res.failed = append(res.failed, name)
			}
		}
	}
	output.Write(stderr.Bytes())
	res.output = output.String()
	if !sawTest {
		t.Fatalf("the harness did not run (%v):\n%s", runErr, res.output)
	}
	data, err := os.ReadFile(outFile)
	if err == nil {
		err = json.Unmarshal(data, &res.observed)
	}
	if err != nil {
		t.Fatalf("reading the harness's observations: %v\n%s", err, res.output)
	}
	if runErr != nil && len(res.failed) == 0 {
		res.failed = append(res.failed, fmt.Sprintf("harness (%v)", runErr))
	}
	return res
}

// rtproofGate is what the gate handlers in testdata/rtproof answer: the
// gate tells the confirmed accept from everything else.
var rtproofGate = map[string]string{
	"accept":  "booked",
	"decline": "not booked",
	"cancel":  "not booked",
}

// A confirmation gate with two callers (testdata/rtproof/<sdk>/gate): the
// original answers on 2025-11-25 and is refused on 2026-07-28; what
// elicitlint -fix makes of it (the gate and its callers migrated together)
// gives the original's 2025-11-25 outcomes on both protocols.
func TestRTProofFixedGate(t *testing.T) {
	t.Parallel()
	for _, sdk := range []string{"gosdk", "mcpgo"} {
		t.Run(sdk, func(t *testing.T) {
			t.Parallel()
			orig := rtproofSource(t, sdk, "gate")
			before := rtproofRun(t, rtproofModule(t, sdk, orig), rtproofGate)
			for action, want := range rtproofGate {
				if obs := before.observed["2025-11-25"][action]; obs.Outcome != want {
					t.Errorf("original gate, 2025-11-25 %s: outcome %q, want %q", action, obs.Outcome, want)
				}
				if !slices.Contains(before.failed, "2026-07-28/"+action) {
					t.Errorf("original gate, 2026-07-28 %s passed, want the SDK's refusal", action)
				}
			}
			dir := rtproofModule(t, sdk, orig)
			fixed, out, errOut := fixHandlers(t, dir)
			if bytes.Contains(fixed, []byte(".Elicit(ctx")) || bytes.Contains(fixed, []byte("RequestElicitation(")) {
				t.Fatalf("the fixed gate still makes a direct request:\n%s%s%s", fixed, out, errOut)
			}
			if !bytes.Contains(fixed, []byte(`"unbook_confirm"`)) {
				t.Errorf("the second caller did not get a key of its own:\n%s", fixed)
			}
			res := rtproofRun(t, dir, rtproofGate)
			if len(res.failed) > 0 {
				t.Errorf("the fixed gate fails %q\n%s\nharness output:\n%s", res.failed, fixed, res.output)
			}
		})
	}
}
