package analyzer_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
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
	if err := copyTree(filepath.Join(dst, fork), filepath.Join(src, stub), rename); err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if err := copyTree(filepath.Join(dst, p), filepath.Join(src, p), nil); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Dir(dst)
}

// copyTree copies the files under src to the same relative paths under dst,
// passed through edit if it is not nil. It never overwrites a file: copying
// onto an existing one fails with an error that wraps fs.ErrExist.
func copyTree(dst, src string, edit func(data []byte) []byte) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if edit != nil {
			data = edit(data)
		}
		out := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		return errors.Join(err, f.Close())
	})
}
