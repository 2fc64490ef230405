package rtproof

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// go-sdk's ServerSession.Elicit validates an accepted answer against the
// requested schema and fills in its defaults; the round trip does
// neither. What elicitlint -fix makes of testdata/rtproof/gosdk/
// legacyvalidate must give the original's outcomes on both protocols for
// answers a client that does not validate may send (the harness's
// TestRawAnswers: valid, a missing field with a default, a number over
// the maximum, a string where an integer was asked).
func TestRTProofValidatesAnswers(t *testing.T) {
	t.Parallel()
	legacy := rtproofSource(t, "gosdk", "legacyvalidate")
	dir := rtproofModule(t, "gosdk", legacy)
	before := rawAnswers(t, dir)
	for name, want := range map[string]string{
		"valid":          "booked 3 nights (late arrival)",
		"missingDefault": "booked 3 nights (no memo)",
		"overMaximum":    "tool error: elicitation result content does not match requested schema: ",
		"wrongType":      "tool error: elicitation result content does not match requested schema: ",
	} {
		if got := before["2025-11-25/"+name]; !strings.HasPrefix(got, want) {
			t.Errorf("the original, answer %s on 2025-11-25: %q, want %q...", name, got, want)
		}
	}

	fixed, _, _ := fixHandlers(t, dir)
	if bytes.Equal(fixed, legacy) || bytes.Contains(fixed, []byte(".Elicit(ctx")) {
		t.Fatalf("-fix did not migrate the handler:\n%s", fixed)
	}
	// On 2026-07-28 the migrated handler gives the original's outcome
	// for every answer. On 2025-11-25 go-sdk's bridge for older clients
	// asks in its place and validates the answer itself before the
	// handler runs again: content the schema forbids fails the whole call
	// with the same message, as a JSON-RPC error rather than the
	// handler's tool error (docs/round-trip.md says so).
	after := rawAnswers(t, dir)
	for key, got := range after {
		protocol, name, _ := strings.Cut(key, "/")
		want := before["2025-11-25/"+name]
		if msg, forbidden := strings.CutPrefix(want, "tool error: "); forbidden && protocol == "2025-11-25" {
			if !strings.HasPrefix(got, "call error: ") || !strings.HasSuffix(got, msg) {
				t.Errorf("the migrated handler, %s: %q; want the bridge's call error ending %q", key, got, msg)
			}
			continue
		}
		if got != want {
			t.Errorf("the migrated handler, %s: %q; the original on 2025-11-25: %q\n%s", key, got, want, fixed)
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d runs after -fix, %d before", len(after), len(before))
	}
}

// rawAnswers runs the harness's TestRawAnswers in dir and returns its
// outcomes by "protocol/answer".
func rawAnswers(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "raw.json")
	cmd := exec.Command("go", "test", "-count=1", "-run=^TestRawAnswers$", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "RTPROOF_OUT="+out)
	if data, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the harness: %v\n%s", err, data)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var res map[string]string
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	return res
}
