package analyzer_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis/analysistest"
)

// realsdkModules are the fixture modules compiled against the real SDKs,
// each pinned to one SDK version. A module SDK-VERSION is put together from
// two directories under testdata/realsdk:
//   - SDK holds the fixture files every version shares;
//   - SDK-VERSION holds go.mod and go.sum, which pin the version, and the
//     files only that version has (an API added in that version, or the
//     version's side of a small difference).
//
// No file may be in both, so every fixture file exists once.
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
	// The shared fixtures are written in the direct style, which the
	// round-trip check reports on the versions that have the round trip:
	// they run with it off, and TestRealSDKRoundTrip covers it.
	a := newAnalyzer(t, analyzer.Config{Disable: direct()})
	for _, name := range realsdkModules {
		t.Run(name, func(t *testing.T) {
			analysistest.Run(suiteT{t}, realsdkModule(t, name), a, "./...")
		})
	}
}

// TestRealSDKRoundTrip runs the round-trip fixtures of testdata/src, with
// their fixes, against the real SDK versions that have the round trip, and
// checks that the versions without it get no round-trip finding although
// their fixtures make direct requests throughout.
func TestRealSDKRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs from source; skipped in -short mode")
	}
	all := newAnalyzer(t, analyzer.Config{})
	var others []string
	for _, c := range append(slices.Clone(analyzer.Checks), analyzer.CheckDirective) {
		if c != analyzer.CheckRoundTrip {
			others = append(others, c)
		}
	}
	only := newAnalyzer(t, analyzer.Config{Disable: others})
	for _, tc := range []struct {
		module   string
		fixtures []string
		// migrate are the migration's fixtures, run with round-trip only;
		// broken are those among them that must no longer build once the
		// others are fixed (a call of another package's gate that the fix
		// cannot change).
		migrate, broken []string
		// want are texts the round-trip findings on the shared fixtures
		// must hold, one for each kind of direct request.
		want []string
	}{
		{"gosdk-v1.2.0", nil, nil, nil, nil},
		{"gosdk-v1.8.0", []string{"roundtripgosdk", "kindsgosdk"}, []string{"migrategosdk", "migrategates", "migrategatelib", "migrategateuse", "migrategatemw"}, []string{"migrategatemw"}, []string{"ServerSession.Elicit fails", "ServerSession.CreateMessage fails", "ServerSession.ListRoots fails"}},
		{"mcpgo-v0.44.0", nil, nil, nil, nil},
		{"mcpgo-v1.2.1", []string{"roundtripmcpgo", "kindsmcpgo"}, []string{"migratemcpgo", "migrategatesmcp", "migrategatelibmcp", "migrategateusemcp"}, nil, []string{"MCPServer.RequestElicitation returns", "MCPServer.RequestSampling returns", "MCPServer.RequestRoots returns"}},
	} {
		t.Run(tc.module, func(t *testing.T) {
			dir := realsdkModule(t, tc.module)
			var msgs []string
			for _, r := range analysistest.Run(suiteT{&recordingT{T: t}}, dir, only, "./...") {
				for _, d := range r.Diagnostics {
					msgs = append(msgs, d.Message)
				}
			}
			if tc.want == nil && len(msgs) != 0 {
				t.Errorf("%d round-trip findings on the shared fixtures, want none (this version has no round trip): %q", len(msgs), msgs)
			}
			for _, w := range tc.want {
				if !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, w) }) {
					t.Errorf("no round-trip finding on the shared fixtures says %q (they make direct requests of every kind)", w)
				}
			}
			for _, f := range tc.fixtures {
				if err := copyTree(filepath.Join(dir, f), filepath.Join(testdata(t), "src", f), nil); err != nil {
					t.Fatal(err)
				}
				analysistest.RunWithSuggestedFixes(suiteT{t}, dir, all, "./"+f)
			}
			// The migration's fixtures import each other by their
			// testdata/src paths: make those the module's.
			mod := realsdkModulePath(t, dir)
			localImports := func(data []byte) []byte {
				for _, f := range tc.migrate {
					data = bytes.ReplaceAll(data, []byte(strconv.Quote(f)), []byte(strconv.Quote(mod+"/"+f)))
				}
				return data
			}
			for _, f := range tc.migrate {
				if err := copyTree(filepath.Join(dir, f), filepath.Join(testdata(t), "src", f), localImports); err != nil {
					t.Fatal(err)
				}
			}
			if len(tc.migrate) > 0 {
				var pkgs []string
				for _, f := range tc.migrate {
					pkgs = append(pkgs, "./"+f)
				}
				analysistest.RunWithSuggestedFixes(suiteT{t}, dir, only, pkgs...)
			}
			// The fixed code compiles against the real SDK: put each
			// golden in place of its file and build.
			fixed := append(slices.Clone(tc.fixtures), tc.migrate...)
			for _, f := range fixed {
				goldens, _ := filepath.Glob(filepath.Join(dir, f, "*.go.golden"))
				for _, g := range goldens {
					data, err := os.ReadFile(g)
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(strings.TrimSuffix(g, ".golden"), data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				cmd := exec.Command("go", "vet", "./"+f)
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				switch {
				case slices.Contains(tc.broken, f) && err == nil:
					t.Errorf("%s builds against %s with its gate's package fixed; it must fail to compile until its call is migrated", f, tc.module)
				case !slices.Contains(tc.broken, f) && err != nil:
					t.Errorf("the fixed %s does not build against %s: %v\n%s", f, tc.module, err, out)
				}
			}
		})
	}
}

// realsdkModulePath reads the module path of the module in dir.
func realsdkModulePath(t testing.TB, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimSpace(strings.TrimPrefix(line, "module"))
}

// TestRealSDKLayout checks, without the network, that every version
// directory under testdata/realsdk is listed (none is silently left
// untested) and that no file is both in the shared and the version directory.
func TestRealSDKLayout(t *testing.T) {
	mods, err := filepath.Glob(filepath.Join(realsdkDir(t), "*", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, m := range mods {
		found = append(found, filepath.Base(filepath.Dir(m)))
	}
	slices.Sort(found)
	if !slices.Equal(found, realsdkModules) {
		t.Errorf("testdata/realsdk has modules %q, realsdkModules lists %q", found, realsdkModules)
	}
	for _, name := range realsdkModules {
		if err := realsdkWrite(t.TempDir(), realsdkDir(t), name); err != nil {
			t.Error(err)
		}
	}
}

// realsdkModule writes the fixture module name (e.g. "gosdk-v1.8.0") into a
// temporary directory, fills the module cache for it (analysistest loads
// with GOPROXY=off), and returns the directory.
func realsdkModule(t testing.TB, name string) string {
	t.Helper()
	dir := t.TempDir()
	if err := realsdkWrite(dir, realsdkDir(t), name); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download for %s: %v\n%s", name, err, out)
	}
	return dir
}

func realsdkDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "realsdk"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// realsdkWrite copies root/SDK and root/SDK-VERSION, for name SDK-VERSION,
// into dst.
func realsdkWrite(dst, root, name string) error {
	sdk, _, ok := strings.Cut(name, "-")
	if !ok {
		return fmt.Errorf("realsdk module %q is not named SDK-VERSION", name)
	}
	if _, err := os.Stat(filepath.Join(root, name, "go.mod")); err != nil {
		return fmt.Errorf("realsdk module %s: %v", name, err)
	}
	if err := copyTree(dst, filepath.Join(root, sdk), nil); err != nil {
		return err
	}
	err := copyTree(dst, filepath.Join(root, name), nil)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("realsdk module %s: a file is both in %s and in %s: %v", name, sdk, name, err)
	}
	return err
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
