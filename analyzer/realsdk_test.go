package analyzer_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/elicitlint/elicitlint/analyzer"
)

// realsdkModules are the fixture modules under testdata/realsdk. Each is its
// own Go module pinned to one SDK version, so the analyzer is exercised
// against the real SDK packages rather than the testdata/src stubs.
var realsdkModules = []string{
	"gosdk-v1.2.0",
	"gosdk-v1.8.0",
	"mcpgo-v0.44.0",
	"mcpgo-v1.2.1",
}

func TestRealSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs from source; skipped in -short mode")
	}
	for _, name := range realsdkModules {
		t.Run(name, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("..", "testdata", "realsdk", name))
			if err != nil {
				t.Fatal(err)
			}
			// analysistest loads modules with GOPROXY=off, so fill the
			// module cache first.
			cmd := exec.Command("go", "mod", "download")
			cmd.Dir = dir
			cmd.Env = os.Environ()
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go mod download in %s: %v\n%s", dir, err, out)
			}
			analysistest.Run(t, dir, analyzer.Analyzer, "./...")
		})
	}
}
