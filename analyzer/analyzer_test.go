package analyzer_test

import (
	"path/filepath"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis/analysistest"
)

// testdata is the repository's testdata directory (GOPATH layout under src/).
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestChecks(t *testing.T) {
	for _, pkg := range []string{"message", "modegosdk", "modemcpgo", "elicitid", "wrapperlib", "wrapperuse", "lookalike"} {
		t.Run(pkg, func(t *testing.T) {
			analysistest.Run(t, testdata(t), analyzer.Analyzer, pkg)
		})
	}
}
