package analyzer_test

import (
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Issue 30 §1: the caller's side of confirmation gates, in both SDKs and
// across packages; decisions written as values; conditions on client
// input; actions a client can forge.
func TestFailOpenBeyondTheGate(t *testing.T) {
	t.Parallel()
	runFixes(t, "f30").check(t)
}

// Issue 30 §2: values that travel: answers copied into project types
// through conversions, schemas in package-level variables, direct
// requests through an interface the package declares.
func TestValuesThatTravel(t *testing.T) {
	t.Parallel()
	requests := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct(analyzer.CheckActions, analyzer.CheckContent)})
	analysistest.Run(prooftest.Suite(t), testdata(t), requests, "f30schemavar")
	answers := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct()})
	analysistest.Run(prooftest.Suite(t), testdata(t), answers, "f30convgosdk", "f30convmcpgo")
	// Direct requests through an interface: every check but the duties',
	// with their fixes.
	runFixes(t, "iface").check(t)
}
