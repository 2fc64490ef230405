package analyzer_test

import (
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The round trip's duties (issue #28): the capabilities and request-state
// checks alone, and the round-trip check on pinned servers and missing
// answers, for both SDKs and across packages.

// The capabilities check, with its fixes.
func TestCapabilities(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: only(analyzer.CheckCapabilities)})
	analysistest.RunWithSuggestedFixes(suiteT{t}, testdata(t), a, "capsgosdk", "capsmcpgo", "capslib", "capsuse")
}

// The request-state check.
func TestRequestState(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: only(analyzer.CheckRequestState)})
	analysistest.Run(suiteT{t}, testdata(t), a, "stategosdk", "statemcpgo", "statelib", "stateuse")
}

// Pinned servers and requests made only on older protocols: the
// round-trip check alone.
func TestPinned(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: only(analyzer.CheckRoundTrip)})
	analysistest.Run(suiteT{t}, testdata(t), a, "pinnedgosdk", "pinnedfields", "pinpartial", "pinnedmcpgo", "pinnedhttp", "pinlegacyhttp", "olderpath")
}

// Answers that go missing: the round-trip check alone.
func TestMissingAnswers(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: only(analyzer.CheckRoundTrip)})
	analysistest.Run(suiteT{t}, testdata(t), a, "missinggosdk", "missingmcpgo")
}
