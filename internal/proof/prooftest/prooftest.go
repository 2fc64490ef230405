// Package prooftest holds what the proof packages under internal/proof
// share: the elicitlint binary, built once per test binary, commands run
// offline, copies of testdata modules and diffs for failure messages. Only
// their tests import it.
package prooftest

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/analysis/analysistest"
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

// Command runs name with args in dir, offline, and returns its stdout,
// stderr and exit code; err is set only when it cannot be run. It is safe
// to call from any goroutine.
func Command(dir, name string, args ...string) (stdout, stderr string, code int, err error) {
	return CommandEnv(nil, dir, name, args...)
}

// CommandEnv is Command with env added to the offline environment.
func CommandEnv(env []string, dir, name string, args ...string) (stdout, stderr string, code int, err error) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, append(OfflineEnv(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code, err = ee.ExitCode(), nil
	}
	return out.String(), errb.String(), code, err
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

// CopyTree copies the files under src to the same relative paths under
// dst, passed through edit if it is not nil. It never overwrites a file:
// copying onto an existing one fails with an error that wraps fs.ErrExist.
func CopyTree(dst, src string, edit func(data []byte) []byte) error {
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

// RealSDKWrite writes the fixture module name (SDK-VERSION, e.g.
// "gosdk-v1.8.0") of testdata/realsdk, rooted at root, into dst: the files
// of root/SDK, which every version shares, and of root/SDK-VERSION, which
// pin the version (go.mod, go.sum) and hold what only that version has. No
// file may be in both.
func RealSDKWrite(dst, root, name string) error {
	sdk, _, ok := strings.Cut(name, "-")
	if !ok {
		return fmt.Errorf("realsdk module %q is not named SDK-VERSION", name)
	}
	if _, err := os.Stat(filepath.Join(root, name, "go.mod")); err != nil {
		return fmt.Errorf("realsdk module %s: %v", name, err)
	}
	if err := CopyTree(dst, filepath.Join(root, sdk), nil); err != nil {
		return err
	}
	err := CopyTree(dst, filepath.Join(root, name), nil)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("realsdk module %s: a file is both in %s and in %s: %v", name, sdk, name, err)
	}
	return err
}

// RealSDKModule writes the fixture module name of testdata/realsdk into a
// new temporary directory, fills the module cache for it (the runs on it
// are offline) and returns the directory.
func RealSDKModule(t testing.TB, name string) string {
	t.Helper()
	dir := t.TempDir()
	if err := RealSDKWrite(dir, Testdata(t, "realsdk"), name); err != nil {
		t.Fatal(err)
	}
	ModDownload(t, dir)
	return dir
}

var (
	exampleOnce sync.Once
	exampleErr  error
)

// SampleModule writes a module named sample that requires what the
// example requires (both SDKs, at the same versions, with the example's
// go.sum), so that it builds offline without go mod tidy, plus files. The
// example's modules are downloaded once per process.
func SampleModule(t testing.TB, files map[string]string) string {
	t.Helper()
	example := filepath.Join(Root(t), "example")
	exampleOnce.Do(func() {
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = example
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			exampleErr = fmt.Errorf("go mod download in example: %v\n%s", err, out)
		}
	})
	if exampleErr != nil {
		t.Fatal(exampleErr)
	}
	mod, err := os.ReadFile(filepath.Join(example, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(example, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	var gomod strings.Builder
	gomod.WriteString("module sample\n\n")
	for _, l := range strings.Split(string(mod), "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "go ") || strings.HasPrefix(t, "require") || t == ")" ||
			strings.HasPrefix(t, "github.com/") && !strings.Contains(t, "elicitlint") || strings.HasPrefix(t, "golang.org/") {
			gomod.WriteString(l + "\n")
		}
	}
	dir := t.TempDir()
	WriteFiles(t, dir, map[string]string{"go.mod": gomod.String(), "go.sum": string(sum)})
	WriteFiles(t, dir, files)
	return dir
}

// Suite wraps t for runs of the suite analyzer: the facts in the
// fixtures' expectations are the model analyzer's (internal/model's
// TestFacts checks every one), not the suite's to report, so an
// expectation of a fact is not the suite's to meet.
func Suite(t analysistest.Testing) analysistest.Testing { return suiteT{t} }

type suiteT struct{ analysistest.Testing }

// Errorf reports every complaint but a missing fact.
func (s suiteT) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "no fact was reported matching") {
		return
	}
	s.Testing.Errorf("%s", msg)
}

// Stubs are the stub SDK modules of testdata/src, with a short name for
// each.
var Stubs = []struct{ Module, Dir string }{
	{"github.com/modelcontextprotocol/go-sdk", "gosdk"},
	{"github.com/mark3labs/mcp-go", "mcpgo"},
	{"github.com/google/jsonschema-go", "jsonschema"},
}

// CopyStub copies the stub of module (testdata/src/<module>) to dst.
func CopyStub(t testing.TB, module, dst string) {
	t.Helper()
	if err := CopyTree(dst, Testdata(t, "src", filepath.FromSlash(module)), nil); err != nil {
		t.Fatal(err)
	}
}

// ValidateSARIF checks log against the SARIF 2.1.0 schema in
// testdata/sarif with jsonschema v6 (the test oracle) and returns why it
// does not validate; a schema that cannot be read or compiled is fatal.
func ValidateSARIF(t testing.TB, log []byte) error {
	t.Helper()
	f, err := os.Open(Testdata(t, "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(inst)
}

// Only returns the -disable list that turns every check off but those
// named.
func Only(checks ...string) []string {
	var off []string
	for _, c := range append(slices.Clone(config.Checks), config.CheckDirective) {
		if !slices.Contains(checks, c) {
			off = append(off, c)
		}
	}
	return off
}

// Direct returns the -disable list of checks plus those of the round trip
// (round-trip and its duties): for fixtures written in the direct style.
func Direct(checks ...string) []string {
	return append(checks, config.CheckRoundTrip, config.CheckCapabilities, config.CheckRequestState)
}
