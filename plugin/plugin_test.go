package plugin_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/plugin"
)

func TestSettingsMirrorFlags(t *testing.T) {
	// Every flag is a setting of the same name; unknown names are errors.
	var saved = map[string]string{}
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) { saved[f.Name] = f.Value.String() })
	defer func() {
		for k, v := range saved {
			analyzer.Analyzer.Flags.Set(k, v)
		}
	}()
	good := map[string]any{
		"max-message-length":           float64(150),
		"spec":                         "2026-07-28",
		"forks":                        []any{"github.com/acme/mcp-go=mcp-go"},
		"actions-default-handles-rest": true,
		"sensitive-patterns":           []any{"license key"},
		"sensitive-allow":              []any{"pin_hint"},
		"disable":                      []any{"elicitation-id", "schema"},
	}
	if len(good) != len(saved) {
		t.Fatalf("test covers %d settings, analyzer has %d flags: keep them in step", len(good), len(saved))
	}
	if err := plugin.Apply(good); err != nil {
		t.Fatal(err)
	}
	if got := analyzer.Analyzer.Flags.Lookup("max-message-length").Value.String(); got != "150" {
		t.Errorf("max-message-length = %s", got)
	}
	if got := analyzer.Analyzer.Flags.Lookup("disable").Value.String(); got != "elicitation-id,schema" {
		t.Errorf("disable = %s", got)
	}
	for _, bad := range []map[string]any{
		{"max-message-lenght": float64(10)},
		{"spec": "2024"},
		{"max-message-length": "many"},
		{"disable": []any{"nope"}},
		{"spec": map[string]any{"a": 1}},
	} {
		if err := plugin.Apply(bad); err == nil {
			t.Errorf("Apply(%v) succeeded, want an error", bad)
		}
	}
	if _, err := plugin.New(map[string]any{"bogus": 1}); err == nil || !strings.Contains(err.Error(), `unknown setting "bogus"`) {
		t.Errorf("New with an unknown setting: %v", err)
	}
}

// TestGolangciLint builds golangci-lint v2.15.0 with the plugin from the
// module proxy (plugin/gcl), runs it on the example server and checks the
// findings and //nolint:elicitlint. It takes a minute or two on a cold
// build cache.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "custom-gcl")
	build := exec.Command("go", "build", "-buildvcs=false", "-o", bin, ".")
	build.Dir = "gcl"
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building custom golangci-lint: %v\n%s", err, out)
	}
	example, _ := filepath.Abs(filepath.Join("..", "example"))
	if out, err := exec.Command("go", "-C", example, "mod", "download").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, code := runGCL(t, bin, example)
	if code != 1 {
		t.Fatalf("custom-gcl on the example: exit %d, want 1\n%s", code, out)
	}
	for _, want := range []string{
		"elicitation message is 230 characters",
		"url-mode elicitation has no URL",
		"elicitation result is discarded",
		`form field "password" asks for a secret`,
		"(elicitlint)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "(elicitlint)"); n != 28 {
		t.Errorf("got %d findings, want 28:\n%s", n, out)
	}

	// //nolint:elicitlint suppresses the finding on its line only.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module nolintdemo\n\ngo 1.26.0\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0\n")
	copyFile(t, filepath.Join(example, "go.sum"), filepath.Join(dir, "go.sum"))
	copyFile(t, filepath.Join(example, ".golangci.yml"), filepath.Join(dir, ".golangci.yml"))
	writeFile(t, filepath.Join(dir, "demo.go"), `package demo

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) //nolint:elicitlint // kept for the demo
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) //elicitlint:ignore message,actions kept for the demo too
}
`)
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	if out, err := tidy.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	out, code = runGCL(t, bin, dir)
	if code != 1 || strings.Contains(out, "demo.go:10") || !strings.Contains(out, "demo.go:11") {
		t.Errorf("//nolint:elicitlint: exit %d, want one finding on line 11 only:\n%s", code, out)
	}
	// elicitlint's own directive works under golangci-lint too.
	if strings.Contains(out, "demo.go:12") {
		t.Errorf("//elicitlint:ignore did not suppress line 12 under golangci-lint:\n%s", out)
	}
}

func runGCL(t *testing.T, bin, dir string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, "run", "--output.text.path=stdout", "--show-stats=false", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return string(out), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
}
