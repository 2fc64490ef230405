package rtproof

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

// The era proof (testdata/rtproof/<sdk>/eras, run by the harness's
// TestEras) serves a tool that elicits directly over each transport of
// the SDK and calls it from that SDK's client, at its default protocol and
// at 2025-11-25. What the runs show must be what elicitlint's round-trip
// finding on the same package says:
//
//   - refused: the default client negotiates 2026-07-28 and gets the SDK's
//     refusal; a 2025-11-25 client is answered. The finding names the
//     transport.
//   - older: both clients are answered, the default one after
//     renegotiating to an older version. No finding, except with
//     -spec=2026-07-28, where it says the request works only for now.
//   - never: the default client gets the refusal and a 2025-11-25 client
//     no answer either. The finding says it can never be answered.
var erasWant = map[string]map[string]string{
	"gosdk": {"stdio": "refused", "stateful": "older", "stateless": "never", "sse": "older"},
	"mcpgo": {"stdio": "refused", "stateful": "refused", "stateless": "never", "sse": "never"},
}

// erasFinding is, for each era, what the finding must say ("" none).
var erasFinding = map[string]string{
	"refused": "on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default over ",
	"older":   "",
	"never":   "can never be answered over ",
}

type eraRun struct {
	Transport, Client, Negotiated, Outcome string
}

func TestEraByTransport(t *testing.T) {
	t.Parallel()
	elicitlint := prooftest.Elicitlint(t)
	for _, sdk := range []string{"gosdk", "mcpgo"} {
		t.Run(sdk, func(t *testing.T) {
			t.Parallel()
			dir := rtproofModule(t, sdk, rtproofSource(t, sdk, "handlers"))
			runs := erasRun(t, dir)
			findings := map[string]map[string]string{} // spec → package dir → message
			for _, spec := range []string{"", "-spec=2026-07-28"} {
				findings[spec] = erasFindings(t, dir, elicitlint, spec)
			}
			seen := map[string]bool{}
			for _, r := range runs {
				era := erasWant[sdk][r.Transport]
				seen[r.Transport] = true
				answered := r.Outcome == "answered accept"
				refused := strings.Contains(r.Outcome, rtproofRefusals[sdk])
				switch {
				case r.Client == "" && era == "older" && (!answered || r.Negotiated >= "2026-07-28"):
					t.Errorf("%s, default client: negotiated %q, outcome %q; want an answer on an older protocol", r.Transport, r.Negotiated, r.Outcome)
				case r.Client == "" && era != "older" && (!refused || r.Negotiated != "2026-07-28"):
					t.Errorf("%s, default client: negotiated %q, outcome %q; want the refusal on 2026-07-28", r.Transport, r.Negotiated, r.Outcome)
				case r.Client != "" && era == "never" && answered:
					t.Errorf("%s, %s client: answered; want no answer", r.Transport, r.Client)
				case r.Client != "" && era != "never" && !answered:
					t.Errorf("%s, %s client: outcome %q; want an answer", r.Transport, r.Client, r.Outcome)
				}
			}
			for transport, era := range erasWant[sdk] {
				if !seen[transport] {
					t.Errorf("%s: no run", transport)
				}
				pkg := "eras/" + transport
				want := erasFinding[era]
				got := findings[""][pkg]
				switch {
				case want == "" && got != "":
					t.Errorf("%s: finding %q, want none without -spec", pkg, got)
				case want != "" && !strings.Contains(got, want):
					t.Errorf("%s: finding %q, want one with %q", pkg, got, want)
				}
				if era == "older" && !strings.Contains(findings["-spec=2026-07-28"][pkg], "works today only because") {
					t.Errorf("%s with -spec=2026-07-28: finding %q, want one that says it works only for now", pkg, findings["-spec=2026-07-28"][pkg])
				}
			}
		})
	}
}

// erasRun runs the harness's era proof in dir.
func erasRun(t *testing.T, dir string) []eraRun {
	t.Helper()
	out := filepath.Join(t.TempDir(), "eras.json")
	cmd := exec.Command("go", "test", "-count=1", "-run=^TestEras$", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "RTPROOF_OUT="+out)
	log, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the era proof did not run: %v\n%s", err, log)
	}
	data, err := os.ReadFile(out)
	var runs []eraRun
	if err == nil {
		err = json.Unmarshal(data, &runs)
	}
	if err != nil {
		t.Fatalf("reading the era proof's runs: %v\n%s", err, log)
	}
	return runs
}

// erasFindings runs elicitlint -json (with flag, when set) on ./eras/...
// and returns the round-trip message of each package directory.
func erasFindings(t *testing.T, dir, elicitlint, flag string) map[string]string {
	t.Helper()
	args := []string{"-json"}
	if flag != "" {
		args = append(args, flag)
	}
	stdout, stderr, _ := prooftest.Run(t, dir, elicitlint, append(args, "./eras/...")...)
	var tree map[string]map[string][]struct {
		Posn, Message, Category string
	}
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("elicitlint -json %s: %v\n%s%s", flag, err, stdout, stderr)
	}
	found := map[string]string{}
	for pkg, byAnalyzer := range tree {
		for _, ds := range byAnalyzer {
			for _, d := range ds {
				if d.Category != "round-trip" {
					continue
				}
				rel := strings.TrimPrefix(pkg, "rtproof/"+filepath.Base(dir)+"/")
				found[rel] = strings.TrimSpace(found[rel] + " " + d.Message)
			}
		}
	}
	return found
}
