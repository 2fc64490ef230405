package proof

import "testing"

// The era proof (TestEras in each harness) serves a tool that elicits
// directly over each transport of its SDK, and calls it from a client at
// its default protocol ("") and at Legacy.
var (
	EraTransports = []string{"stdio", "stateful", "stateless", "sse"}
	EraProtocols  = []string{"", Legacy}
)

// EraRun is one call of the era proof.
type EraRun struct {
	Transport  string `json:"transport"`
	Client     string `json:"client"`
	Negotiated string `json:"negotiated"`
	Outcome    string `json:"outcome"`
}

// WriteEras logs the runs and writes them to RTPROOF_OUT as JSON.
func WriteEras(t *testing.T, runs []EraRun) {
	t.Logf("%s", writeOut(t, runs))
}
