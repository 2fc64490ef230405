package analyzer_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

// forkTestdata returns a new GOPATH-style testdata directory holding the
// packages pkgs of testdata/src and a fork of mcp-go for -forks:
// github.com/acme/mcp-go, written from the mcp-go stubs with their imports of
// each other moved to the fork's module path.
func forkTestdata(t testing.TB, pkgs ...string) string {
	t.Helper()
	const stub, fork = "github.com/mark3labs/mcp-go", "github.com/acme/mcp-go"
	src := filepath.Join(testdata(t), "src")
	dst := filepath.Join(t.TempDir(), "src")
	rename := func(data []byte) []byte {
		return bytes.ReplaceAll(data, []byte(`"`+stub+`/`), []byte(`"`+fork+`/`))
	}
	if err := prooftest.CopyTree(filepath.Join(dst, fork), filepath.Join(src, stub), rename); err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if err := prooftest.CopyTree(filepath.Join(dst, p), filepath.Join(src, p), nil); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Dir(dst)
}
