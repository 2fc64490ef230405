package analyzer_test

import (
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Issue 30 §1: the caller's side of confirmation gates, in both SDKs and
// across packages; decisions written as values; conditions on client
// input; actions a client can forge.
func TestFailOpenBeyondTheGate(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: only(analyzer.CheckFailOpen)})
	analysistest.RunWithSuggestedFixes(suiteT{t}, testdata(t), a, "f30gategosdk", "f30gatemcpgo", "f30gatelib", "f30gateuse",
		"f30valuesgosdk", "f30valuesmcpgo", "f30inputgosdk", "f30inputmcpgo",
		"f30forgedgosdk", "f30forgedmcpgo", "f30stopsgosdk", "f30stopsmcpgo")
}

// Issue 30 §2: values that travel: answers copied into project types
// through conversions, schemas in package-level variables, direct
// requests through an interface the package declares.
func TestValuesThatTravel(t *testing.T) {
	t.Parallel()
	requests := newAnalyzer(t, analyzer.Config{Disable: direct(analyzer.CheckActions, analyzer.CheckContent)})
	analysistest.Run(suiteT{t}, testdata(t), requests, "f30schemavar")
}
