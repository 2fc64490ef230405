package golangci

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

// TestGolangciLint builds golangci-lint v2.15.0 with the plugin from the
// module proxy (plugin/gcl) and checks, with the configuration that
// docs/golangci-lint.md documents (plugin/testdata/golangci.yml), that it reports
// exactly the findings of the standalone elicitlint: on the example, and
// (with the configuration's standard linters off) on
// plugin/testdata/repeats with more than 50 findings, which golangci-lint's
// default issue filters would cut down. It also checks //nolint:elicitlint
// and custom-gcl version. It takes a few minutes on a cold build cache.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint; skipped with -short")
	}
	t.Parallel()
	root := prooftest.Root(t)
	plugin := filepath.Join(root, "plugin")
	gcl := filepath.Join(t.TempDir(), "custom-gcl")
	build := exec.Command("go", "build", "-o", gcl, ".")
	build.Dir = filepath.Join(plugin, "gcl")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building custom golangci-lint: %v\n%s", err, out)
	}
	standalone := prooftest.Elicitlint(t)
	if out, err := exec.Command(gcl, "version").CombinedOutput(); err != nil ||
		!regexp.MustCompile(`version 2\.15\.0-custom with elicitlint \S.* built with go1\.\d+`).Match(out) {
		t.Errorf("custom-gcl version: %v\n%s", err, out)
	}
	config := filepath.Join(plugin, "testdata", "golangci.yml")
	// The example runs with the documented configuration as it is; the
	// other subtests, which check elicitlint's issues only, without
	// golangci-lint's standard linters, whose runs over every dependency
	// (each with a cache of its own) took most of the test's time.
	lean := leanConfig(t, config)
	example := filepath.Join(root, "example")
	repeats := filepath.Join(plugin, "testdata", "repeats")
	for _, mod := range []string{example, repeats} {
		if out, err := exec.Command("go", "-C", mod, "mod", "download").CombinedOutput(); err != nil {
			t.Fatalf("go mod download in %s: %v\n%s", mod, err, out)
		}
	}

	// The example: the same findings, and one more issue per related
	// position (docs/golangci-lint.md#related-positions): 48 findings, 50
	// issues.
	t.Run("example", func(t *testing.T) {
		t.Parallel()
		issues, code := gclIssues(t, gcl, example, config)
		if code != 1 {
			t.Fatalf("custom-gcl on the example: exit %d, want 1", code)
		}
		got := asFindings(issues)
		if want := standaloneFindings(t, standalone, example); !slices.Equal(got, want) || len(want) == 0 {
			t.Errorf("golangci-lint and elicitlint differ on the example:\n%s", setDiff(want, got))
		}
		related := 0
		for _, is := range issues {
			if strings.Contains(is, ": "+relatedPrefix) {
				related++
			}
		}
		doc, err := os.ReadFile(filepath.Join(root, "docs", "golangci-lint.md"))
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`reports (\d+) issues for elicitlint's (\d+) findings`).FindSubmatch(doc)
		if m == nil {
			t.Fatal("docs/golangci-lint.md no longer says how many issues the example gives")
		}
		if findings := len(issues) - related; fmt.Sprint(len(issues)) != string(m[1]) || fmt.Sprint(findings) != string(m[2]) || related != 2 {
			t.Errorf("custom-gcl on the example: %d issues, %d of them related positions; docs/golangci-lint.md says %s issues for %s findings and 2 related positions", len(issues), related, m[1], m[2])
		}
	})

	t.Run("related", func(t *testing.T) {
		t.Parallel()
		relatedPositions(t, gcl, lean, repeats)
	})

	// Repeats, several findings on one line, and more than 50 findings.
	t.Run("repeats", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		for _, name := range []string{"go.mod", "go.sum", "repeats.go"} {
			copyFile(t, filepath.Join(repeats, name), filepath.Join(dir, name))
		}
		var many strings.Builder
		many.WriteString("package repeats\n\nimport (\n\t\"context\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n\nfunc Many(ctx context.Context, ss *mcp.ServerSession) {\n")
		for i := range 45 {
			fmt.Fprintf(&many, "\tss.Elicit(ctx, &mcp.ElicitParams{Message: \"Question %d?\"})\n", i)
		}
		many.WriteString("}\n")
		writeFile(t, filepath.Join(dir, "many.go"), many.String())
		want := standaloneFindings(t, standalone, dir)
		if len(want) <= 50 {
			t.Fatalf("standalone found only %d findings in the repeats module", len(want))
		}
		got, _ := gclFindings(t, gcl, dir, lean)
		if !slices.Equal(got, want) {
			t.Errorf("golangci-lint and elicitlint differ on the repeats module:\n%s", setDiff(want, got))
		}
		// Without the issues section, golangci-lint's defaults hide findings:
		// the reason the documented configuration has it.
		defaults := filepath.Join(t.TempDir(), "golangci.yml")
		data, err := os.ReadFile(lean)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, defaults, string(data[:strings.Index(string(data), "\nissues:")+1]))
		if got, _ := gclFindings(t, gcl, dir, defaults); len(got) >= len(want) {
			t.Errorf("with golangci-lint's default issue filters, got %d of %d findings; the documented issues settings look unnecessary", len(got), len(want))
		}
	})

	// //nolint:elicitlint suppresses the finding on its line only.
	t.Run("nolint", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		copyFile(t, filepath.Join(repeats, "go.mod"), filepath.Join(dir, "go.mod"))
		copyFile(t, filepath.Join(repeats, "go.sum"), filepath.Join(dir, "go.sum"))
		writeFile(t, filepath.Join(dir, "demo.go"), `package demo

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) //nolint:elicitlint // kept for the demo
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) //elicitlint:ignore message,actions,round-trip kept for the demo too
}
`)
		got, code := gclFindings(t, gcl, dir, lean)
		slices.Sort(got)
		want := []string{
			"demo.go:11:2: ServerSession.Elicit fails with \"cannot be sent while serving a request on protocol version 2026-07-28\" on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default: return the request from the tool, prompt or resource handler that needs the answer, in its result's InputRequests, and read the answer from InputResponses (it arrives as *mcp.ElicitResult), which works with old and new clients; no automatic fix: Ask makes 3 requests; the fix migrates a gate that makes one; until it is migrated, pinning the server to protocol 2025-11-25 (mcp.ServerOptions.SupportedProtocolVersions without 2026-07-28) keeps the request working for every client, which then forgoes 2026-07-28, for the deprecation window only (round-trip)",
			"demo.go:11:2: elicitation result is discarded: the user may have declined or cancelled; check its Action for \"accept\", \"decline\" and \"cancel\" (actions)",
		}
		if code != 1 || !slices.Equal(got, want) {
			t.Errorf("//nolint:elicitlint and //elicitlint:ignore: exit %d, want the findings of line 11 only:\n%s", code, strings.Join(got, "\n"))
		}
	})
}

// relatedPositions checks what docs/golangci-lint.md says about related
// positions: golangci-lint reports each as an issue of its own, at the
// related position when it is in the finding's file and at the finding's
// position when it is not; //nolint:elicitlint on the finding's line leaves
// a related issue on another line, //elicitlint:ignore removes both.
func relatedPositions(t *testing.T, gcl, config, repeats string) {
	const helper = `package demo

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func confirm(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: schema})SUPPRESS
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var schema = map[string]any{"type": "object", "properties": map[string]any{}}
`
	const handler = `
func Remove(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	ok, err := confirm(ctx, req.Session)
	if err != nil || !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}
`
	module := func(files map[string]string) string {
		dir := t.TempDir()
		copyFile(t, filepath.Join(repeats, "go.mod"), filepath.Join(dir, "go.mod"))
		copyFile(t, filepath.Join(repeats, "go.sum"), filepath.Join(dir, "go.sum"))
		for name, content := range files {
			writeFile(t, filepath.Join(dir, name), content)
		}
		return dir
	}
	related := relatedPrefix + "Remove reaches this request"
	oneFile := strings.ReplaceAll(helper, "SUPPRESS", "") + handler
	twoFiles := map[string]string{
		"helper.go":  strings.ReplaceAll(helper, "SUPPRESS", ""),
		"handler.go": "package demo\n\nimport (\n\t\"context\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n" + handler,
	}
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string // the issues' positions and, for related ones, texts
	}{
		{"same file", map[string]string{"demo.go": oneFile}, []string{"demo.go:11:14: round-trip", "demo.go:27:6: " + related}},
		{"other file", twoFiles, []string{"helper.go:11:14: round-trip", "helper.go:11:14: " + related}},
		{"nolint", map[string]string{"demo.go": strings.ReplaceAll(oneFile, "})\n\tif err", "}) //nolint:elicitlint // demo\n\tif err")}, []string{"demo.go:27:6: " + related}},
		{"ignore", map[string]string{"demo.go": strings.ReplaceAll(oneFile, "})\n\tif err", "}) //elicitlint:ignore round-trip demo\n\tif err")}, nil},
	} {
		issues, _ := gclIssues(t, gcl, module(tc.files), config)
		var got []string
		for _, is := range issues {
			posn, text, _ := strings.Cut(is, ": ")
			if !strings.HasPrefix(text, relatedPrefix) {
				text = text[strings.LastIndex(text, "(")+1 : len(text)-1] // the check
			}
			got = append(got, posn+": "+text)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: golangci-lint's issues\n%s\nwant\n%s", tc.name, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

// relatedPrefix starts the text of the issue golangci-lint makes of a
// finding's related position (pkg/goanalysis/runners.go, buildIssues).
const relatedPrefix = "elicitlint(related information): "

// leanConfig writes a copy of the configuration at config with
// golangci-lint's standard linters off (default: none; elicitlint stays
// enabled) and returns its path.
func leanConfig(t *testing.T, config string) string {
	t.Helper()
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	const standard, none = "\n  default: standard\n", "\n  default: none\n"
	if !strings.Contains(string(data), standard) {
		t.Fatalf("%s no longer says %q", config, strings.TrimSpace(standard))
	}
	lean := filepath.Join(t.TempDir(), "golangci.yml")
	writeFile(t, lean, strings.Replace(string(data), standard, none, 1))
	return lean
}

// gclFindings runs custom-gcl with the configuration in dir and returns
// elicitlint's findings as "file:line:col: message", sorted, with each
// related-position issue written as the standalone driver prints it: the
// position, then a tab and its message.
func gclFindings(t *testing.T, bin, dir, config string) ([]string, int) {
	t.Helper()
	issues, code := gclIssues(t, bin, dir, config)
	return asFindings(issues), code
}

// asFindings writes golangci-lint's issues as the standalone driver prints
// findings, sorted.
func asFindings(issues []string) []string {
	var out []string
	for _, is := range issues {
		posn, text, _ := strings.Cut(is, ": ")
		if rel, ok := strings.CutPrefix(text, relatedPrefix); ok {
			text = "\t" + rel
		}
		out = append(out, posn+": "+text)
	}
	slices.Sort(out)
	return out
}

// gclIssues runs custom-gcl with the configuration in dir and returns
// elicitlint's issues as golangci-lint reports them, "file:line:col: text",
// sorted.
func gclIssues(t *testing.T, bin, dir, config string) ([]string, int) {
	t.Helper()
	// --allow-parallel-runners: without it, golangci-lint refuses to start
	// while another golangci-lint runs on the machine (a lock in the temporary
	// directory), such as the other subtests here; each run has a cache of
	// its own.
	cmd := exec.Command(bin, "run", "--allow-parallel-runners", "--config="+config, "--path-mode=abs", "--output.json.path=stdout", "--show-stats=false", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir(), "GOPROXY=off", "GOFLAGS=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	var report struct {
		Issues []struct {
			FromLinter, Text string
			Pos              struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
		t.Fatalf("custom-gcl output is not JSON (exit %d): %v\n%s%s", code, err, stdout.String(), stderr.String())
	}
	var out []string
	for _, is := range report.Issues {
		if is.FromLinter != "elicitlint" {
			continue // the configuration enables golangci-lint's standard linters too
		}
		file, err := filepath.Rel(dir, is.Pos.Filename)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s:%d:%d: %s", file, is.Pos.Line, is.Pos.Column, is.Text))
	}
	slices.Sort(out)
	return out, code
}

// standaloneFindings runs elicitlint in dir and returns its findings as
// "file:line:col: message", sorted.
func standaloneFindings(t *testing.T, bin, dir string) []string {
	t.Helper()
	cmd := exec.Command(bin, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 3) {
		t.Fatalf("elicitlint: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	slices.Sort(lines)
	return lines
}

// setDiff lists what only want and only got have.
func setDiff(want, got []string) string {
	var b strings.Builder
	for _, w := range want {
		if !slices.Contains(got, w) {
			b.WriteString("- " + w + "\n")
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			b.WriteString("+ " + g + "\n")
		}
	}
	return b.String()
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
