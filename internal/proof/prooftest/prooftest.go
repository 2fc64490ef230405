// Package prooftest holds what the proof packages under internal/proof
// share: the elicitlint binary, built once per test binary, commands run
// offline, copies of testdata modules and diffs for failure messages. Only
// their tests import it.
package prooftest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	binDir    string
	binPath   string
	buildErr  error
)

// Main runs the tests of a proof package and removes the elicitlint binary
// that Elicitlint built, if it did. Call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// Elicitlint builds the elicitlint command on first use (so that a package
// whose tests all skip with -short builds nothing) and returns its path.
// The build cache makes this a link when another package built it already.
func Elicitlint(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "elicitlint-proof")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "elicitlint")
		cmd := exec.Command("go", "build", "-o", binPath, "github.com/elicitlint/elicitlint/cmd/elicitlint")
		cmd.Dir = Root(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build ./cmd/elicitlint: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

var (
	rootOnce sync.Once
	root     string
)

// Root is the repository's root directory: the closest directory above
// the test's working directory that holds elicitlint's go.mod.
func Root(t testing.TB) string {
	t.Helper()
	rootOnce.Do(func() {
		dir, err := os.Getwd()
		for err == nil {
			data, rerr := os.ReadFile(filepath.Join(dir, "go.mod"))
			if rerr == nil && bytes.HasPrefix(data, []byte("module github.com/elicitlint/elicitlint\n")) {
				root = dir
				return
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				return
			}
			dir = parent
		}
	})
	if root == "" {
		t.Fatal("the repository root (elicitlint's go.mod) is not above the working directory")
	}
	return root
}

// Testdata is the repository's testdata directory joined with elem.
func Testdata(t testing.TB, elem ...string) string {
	t.Helper()
	return filepath.Join(append([]string{Root(t), "testdata"}, elem...)...)
}

// OfflineEnv is the environment for commands that must not use the
// network: modules come from the module cache only.
func OfflineEnv() []string {
	return append(os.Environ(), "GOPROXY=off", "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local")
}

// Run runs name with args in dir, offline, and returns its stdout, stderr
// and exit code. A command that cannot be started is fatal.
func Run(t testing.TB, dir, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = OfflineEnv()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// ModDownload runs go mod download in dir, with the module proxy: the
// full tests may fill the module cache.
func ModDownload(t testing.TB, dir string) {
	t.Helper()
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", dir, err, out)
	}
}

// Build builds the main package in dir, offline, into a new temporary
// directory and returns the binary.
func Build(t testing.TB, dir, name string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	stdout, stderr, code := Run(t, dir, "go", "build", "-o", bin, ".")
	if code != 0 {
		t.Fatalf("go build in %s:\n%s%s", dir, stdout, stderr)
	}
	return bin
}

// CopyTopFiles copies the regular files directly in src to dst.
func CopyTopFiles(t testing.TB, src, dst string) {
	t.Helper()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// WriteFiles writes files (slash-separated names relative to dir, and
// their contents), making directories as needed.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Diff is a unified diff from old to new (named a/name and b/name), for
// failure messages and logs: "" when they are equal. It uses diff(1) and,
// where that is missing, shows both texts whole.
func Diff(name, old, new string) string {
	if old == new {
		return ""
	}
	dir, err := os.MkdirTemp("", "proofdiff")
	if err == nil {
		defer os.RemoveAll(dir)
		a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		if os.WriteFile(a, []byte(old), 0o644) == nil && os.WriteFile(b, []byte(new), 0o644) == nil {
			out, _ := exec.Command("diff", "-u", "--label", "a/"+name, "--label", "b/"+name, a, b).Output()
			if len(out) > 0 {
				return string(out)
			}
		}
	}
	return fmt.Sprintf("--- a/%s\n%s\n+++ b/%s\n%s", name, indent(old), name, indent(new))
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n\t")
}
