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
		"pinnedconfig", "pinconfigmodern", "pinconfigset", "pinnedconfigmcp", "pinconfigmcpnear", "pinhttpopts", "pinhttpoptsnear")
}

// Answers that go missing: the round-trip check alone.
func TestMissingAnswers(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "missinggosdk", "missingmcpgo", "answerlib", "answeruse", "keyedlib", "keyeduse", "keyedopaque")
}

// Rounds that ask under the state they were given: the round-trip check
// alone.
func TestUnchangedState(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "stateechogosdk", "stateechomcpgo")
}

// Direct requests made by a function on the SDK value its caller passes:
// the round-trip check alone.
func TestParamCalls(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "paramcalllib", "paramcalluse")
}

// A url-mode accept taken for the end of the out-of-band step: the mode
// check alone.
func TestURLAccept(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckMode)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "urlacceptgosdk", "urlacceptmcpgo")
}

// What a direct request does where the package serves its server: refused
// over stdio, never answered over stateless HTTP, working for now over
// go-sdk's stateful and SSE handlers. The era proofs in
// internal/proof/rtproof run the same shapes; go-sdk's HTTP shapes, whose
// API the stub leaves out (it would load net/http from source in every
// fixture run), are checked against the real SDK (TestRealSDKEras in
// internal/proof/realsdk, testdata/erasreal).
func TestEras(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Only(analyzer.CheckRoundTrip)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "erasgosdk/...", "erasmcpgo/...")
}
