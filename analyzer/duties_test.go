package analyzer_test

import (
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The round trip's duties (issue #28): the capabilities and request-state
// checks alone, and the round-trip check on pinned servers and missing
// answers, for both SDKs and across packages.

// The capabilities check, with its fixes.
func TestCapabilities(t *testing.T) {
	t.Parallel()
	runFixes(t, "capabilities").check(t)
}

// The request-state check.
func TestRequestState(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRequestState)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "stategosdk", "statemcpgo", "statelib", "stateuse")
}

// Pinned servers and requests made only on older protocols: the
// round-trip check alone.
func TestPinned(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "pinnedgosdk", "pinnedfields", "pinpartial", "pinnedmcpgo", "pinnedhttp", "pinlegacyhttp", "olderpath",
		"pinnedconfig", "pinconfigmodern", "pinconfigset", "pinnedconfigmcp", "pinconfigmcpnear")
}

// Answers that go missing: the round-trip check alone.
func TestMissingAnswers(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "missinggosdk", "missingmcpgo")
}
