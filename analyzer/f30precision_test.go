package analyzer_test

import (
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Issue 30 §3: precision by meaning. A field whose name describes a secret
// (its label, name, ID, count, length, expiry or a hint) is not a secret.
func TestSensitiveDescribing(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct(analyzer.CheckActions, analyzer.CheckContent)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "sensdescgosdk", "sensdescmcpgo")
}

// Issue 30 §3: precision by flow. The mode check decides per path: fields
// set on exclusive branches are not a mixed request.
func TestModePerPath(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct(analyzer.CheckActions, analyzer.CheckContent)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "modepathgosdk", "modepathmcpgo")
}
