package reliability

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

// TestReliabilityBinary runs the elicitlint binary on temporary modules
// whose SDK dependencies are the stub packages of testdata/src, put in
// place with replace directives (no network, no module cache).
func TestReliabilityBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary; skipped in -short mode")
	}
	t.Parallel()
	bin := prooftest.Elicitlint(t)

	// (a) A package that does not type-check is reported with the
	// compiler's error; the other packages are still analysed.
	t.Run("type errors", func(t *testing.T) {
		t.Parallel()
		dir := relModule(t, map[string]string{
			"good/good.go": `package good

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) error {
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Proceed?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}})
	return err
}
`,
			"broken/broken.go": `package broken

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) error {
	var n int = "not a number"
	_, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: ""})
	return err
}
`,
			// go rejects "-" in a build tag: the whole package is an error.
			"badtag/badtag.go": "//go:build ignore-me\n\npackage badtag\n",
			"badtag/ok.go":     "package badtag\n",
		})
		const good = `good.go:10:12: elicitation result is discarded`
		stdout, stderr, code := relRun(t, dir, nil, bin, "./...")
		if code != 1 {
			t.Errorf("exit %d, want 1 (errors)", code)
		}
		for _, want := range []string{
			`broken/broken.go:10:14: cannot use "not a number" (untyped string constant) as int value`,
			`badtag.go: parsing //go:build line: invalid syntax`,
			good,
		} {
			if !strings.Contains(stderr, want) {
				t.Errorf("stderr lacks %q", want)
			}
		}
		if strings.Contains(stderr, "elicitation message is empty") {
			t.Errorf("the package that does not type-check was analysed")
		}
		relNoPanic(t, stdout+stderr)
		if t.Failed() {
			t.Logf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
		}

		// go vet itself refuses to start when a matched package cannot be
		// loaded (the bad build constraint), so it is given the other two.
		out, code := relGoVet(t, dir, bin, "./good", "./broken")
		if code != 1 || !strings.Contains(out, "cannot use \"not a number\"") || !strings.Contains(out, good) {
			t.Errorf("go vet: exit %d, want 1 with the type error and the good package's finding:\n%s", code, out)
		}
		relNoPanic(t, out)
	})

	// A module with a vendor directory: ./... does not match vendored
	// packages, so their bugs are not reported, but their facts (a wrapper)
	// are used.
	t.Run("vendor", func(t *testing.T) {
		t.Parallel()
		dir := relModule(t, map[string]string{
			"app/app.go": `package app

import (
	"context"

	"github.com/acme/helpers"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Run(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := helpers.Ask(ctx, ss, "")
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
	case "decline":
	case "cancel":
	}
	return nil
}
`,
			"thirdparty/go.mod": "module github.com/acme/helpers\n\ngo 1.23\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0\n",
			"thirdparty/helpers.go": `package helpers

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Ask is a wrapper: msg feeds Message.
func Ask(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) {
	return ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}})
}

// Fire has bugs of its own, which must not be reported from vendor/.
func Fire(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "", Mode: "URL"})
}
`,
		})
		relAddRequire(t, dir, "github.com/acme/helpers", "./thirdparty")
		for _, args := range [][]string{{"mod", "tidy"}, {"mod", "vendor"}} {
			if out, err := relCmd(dir, nil, "go", args...).CombinedOutput(); err != nil {
				t.Fatalf("go %v: %v\n%s", args, err, out)
			}
		}
		// From here on only vendor/ holds the dependencies.
		for _, d := range []string{"thirdparty", "sdk"} {
			if err := os.RemoveAll(filepath.Join(dir, d)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "vendor", "github.com", "acme", "helpers", "helpers.go")); err != nil {
			t.Fatalf("go mod vendor did not vendor the helper: %v", err)
		}
		const viaWrapper = `app/app.go:11:35: elicitation message is empty`
		stdout, stderr, code := relRun(t, dir, nil, bin, "./...")
		if code != 3 || !strings.Contains(stderr, viaWrapper) {
			t.Errorf("exit %d, want 3 with the finding made through the vendored wrapper\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		if strings.Contains(stdout+stderr, "vendor/") {
			t.Errorf("findings or errors inside vendor/:\n%s%s", stdout, stderr)
		}
		out, code := relGoVet(t, dir, bin, "./...")
		if code != 1 || !strings.Contains(out, viaWrapper) || strings.Contains(out, "vendor/") {
			t.Errorf("go vet: exit %d; want 1, the wrapper finding and nothing in vendor/:\n%s", code, out)
		}
	})

	// Build tags: a file excluded by its build constraint is analysed only
	// when the tag is set, through GOFLAGS, the standalone -tags or go vet
	// -tags.
	t.Run("build tags", func(t *testing.T) {
		t.Parallel()
		read := func(name string) string {
			data, err := os.ReadFile(prooftest.Testdata(t, "src", "reliabbuildtags", name))
			if err != nil {
				t.Fatal(err)
			}
			return string(data)
		}
		dir := relModule(t, map[string]string{
			"tags/tags.go":    read("tags.go"),
			"tags/ignored.go": read("ignored.go"),
		})
		const hidden = `ignored.go:14:54: elicitation mode "URL" is not valid`
		_, stderr, code := relRun(t, dir, nil, bin, "./...")
		if code != 3 || strings.Contains(stderr, "ignored.go") || !strings.Contains(stderr, "tags.go:12:") {
			t.Errorf("default build: exit %d, want 3 with findings in tags.go only:\n%s", code, stderr)
		}
		_, stderr, code = relRun(t, dir, []string{"GOFLAGS=-tags=ignore_me"}, bin, "./...")
		if code != 3 || !strings.Contains(stderr, hidden) {
			t.Errorf("GOFLAGS=-tags=ignore_me: exit %d, want 3 with %q:\n%s", code, hidden, stderr)
		}
		_, stderr, code = relRun(t, dir, nil, bin, "-tags=ignore_me", "./...")
		if code != 3 || !strings.Contains(stderr, hidden) {
			t.Errorf("-tags=ignore_me: exit %d, want 3 with %q:\n%s", code, hidden, stderr)
		}
		if out, code := relGoVet(t, dir, bin, "-tags=ignore_me", "./..."); code != 1 || !strings.Contains(out, hidden) {
			t.Errorf("go vet -tags=ignore_me: exit %d, want 1 with %q:\n%s", code, hidden, out)
		}
	})

	// (c) and (g): without -fix nothing under the module changes (contents,
	// modes, modification times), whatever the output format and driver.
	// With -fix, the fix is applied to the hand-written file and not to
	// the generated one.
	t.Run("writes", func(t *testing.T) {
		t.Parallel()
		body := `
import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func %s(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Book it?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	}
	return errors.New("not booked")
}
`
		dir := relModule(t, map[string]string{
			"book/hand.go":      "package book\n" + fmt.Sprintf(body, "Hand"),
			"book/generated.go": "// Code generated by elicitgen. DO NOT EDIT.\n\npackage book\n" + fmt.Sprintf(body, "Generated"),
		})
		before := relSnapshot(t, dir)
		for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-sarif", "./..."}, {"-fix", "-diff", "./..."}} {
			stdout, stderr, code := relRun(t, dir, nil, bin, args...)
			if code != 0 && code != 3 {
				t.Errorf("%v: exit %d\n%s%s", args, code, stdout, stderr)
			}
			if args[0] == "./..." && strings.Count(stderr, "elicitation result is only checked for \"accept\"") != 2 {
				t.Errorf("want the finding in both files, generated included:\n%s", stderr)
			}
		}
		if out, code := relGoVet(t, dir, bin, "./..."); code != 1 {
			t.Errorf("go vet: exit %d, want 1\n%s", code, out)
		}
		if after := relSnapshot(t, dir); !relSameSnapshot(t, before, after) {
			t.Errorf("elicitlint changed files without -fix")
		}

		stdout, stderr, code := relRun(t, dir, nil, bin, "-fix", "./...")
		if code != 0 && code != 3 {
			t.Fatalf("-fix: exit %d\n%s%s", code, stdout, stderr)
		}
		after := relSnapshot(t, dir)
		hand, gen := filepath.Join("book", "hand.go"), filepath.Join("book", "generated.go")
		if after[hand].content == before[hand].content {
			t.Errorf("-fix did not fix %s", hand)
		}
		// The gate moves to the round trip; its missing cases wait for a
		// second -fix, written for its new results.
		if !strings.Contains(after[hand].content, `req.Params.InputResponses[key]`) {
			t.Errorf("-fix did not migrate %s:\n%s", hand, after[hand].content)
		}
		if after[gen] != before[gen] {
			t.Errorf("-fix edited the generated file:\n%s", after[gen].content)
		}
	})

	// (f) Schemas whose $ref, $schema or $id point at a file or a URL make
	// elicitlint open no file and no connection.
	t.Run("no file or network access", func(t *testing.T) {
		t.Parallel()
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		addr := ln.Addr().String()

		secretDir := t.TempDir()
		secret := filepath.Join(secretDir, "secret.json")
		relWrite(t, secret, `{"type": "string"}`)

		refs := []string{
			"file:///etc/passwd",
			"file://" + secret,
			secret,
			"../../" + filepath.Base(secretDir) + "/secret.json",
			"http://" + addr + "/x",
			"http://" + addr + "/schema.json#/defs/name",
		}
		var src strings.Builder
		src.WriteString(`package refs

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) {
`)
		for i, ref := range refs {
			fmt.Fprintf(&src, `	if r, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Q%d", RequestedSchema: map[string]any{
		"$schema": %q,
		"$id": %q,
		"type": "object",
		"properties": map[string]any{"a": map[string]any{"$ref": %q}},
	}}); err == nil && r.Action == "accept" {
	}
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "R%d", RequestedSchema: &jsonschema.Schema{Type: "object", Ref: %q, Properties: map[string]*jsonschema.Schema{"b": {Ref: %q}}}})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "S%d", RequestedSchema: json.RawMessage(%q)})
`, i, ref, ref, ref, i, ref, ref, i, fmt.Sprintf(`{"$schema": %q, "type": "object", "properties": {"c": {"$ref": %q}}}`, ref, ref))
		}
		src.WriteString("}\n")
		dir := relModule(t, map[string]string{"refs/refs.go": src.String()})

		var mu sync.Mutex
		var conns []string
		accepted := make(chan struct{})
		go func() {
			defer close(accepted)
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				line, _ := bufio.NewReader(c).ReadString('\n')
				c.Close()
				if line == "sentinel\n" {
					return
				}
				mu.Lock()
				conns = append(conns, c.RemoteAddr().String()+" sent "+fmt.Sprintf("%q", line))
				mu.Unlock()
			}
		}()

		stdout, stderr, code := relRun(t, dir, nil, bin, "./...")
		if code != 3 || !strings.Contains(stderr, "clients do not resolve references") {
			t.Errorf("exit %d: want the $ref findings (the schemas must have been read)\n%s%s", code, stdout, stderr)
		}
		relNoPanic(t, stdout+stderr)
		// The listener accepts in order: once our own connection comes
		// through, any connection elicitlint made has been seen.
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(c, "sentinel\n")
		<-accepted
		c.Close()
		mu.Lock()
		if len(conns) > 0 {
			t.Errorf("elicitlint connected to %s: %v", addr, conns)
		}
		mu.Unlock()

		strace, err := exec.LookPath("strace")
		if err != nil {
			t.Log("strace not installed: file access not traced (the network check above still ran)")
			return
		}
		if out, err := exec.Command(strace, "-f", "-o", os.DevNull, "true").CombinedOutput(); err != nil {
			t.Logf("strace cannot trace here (%v: %s): file access not traced", err, out)
			return
		}
		trace := filepath.Join(t.TempDir(), "trace")
		relRun(t, dir, nil, strace, "-f", "-qq", "-e", "trace=%file,connect", "-o", trace, bin, "./...")
		data, err := os.ReadFile(trace)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte("refs.go")) {
			t.Fatalf("the trace does not show the package's file being read; is strace working?\n%.2000s", data)
		}
		port := fmt.Sprintf("htons(%d)", ln.Addr().(*net.TCPAddr).Port)
		for _, bad := range []string{"/etc/passwd", secret, "secret.json", port} {
			for _, line := range strings.Split(string(data), "\n") {
				if strings.Contains(line, bad) {
					t.Errorf("elicitlint (or a process it started) touched %s: %s", bad, line)
				}
			}
		}
	})
}

// --- helpers ----------------------------------------------------------------

// relEnv is the environment of commands run on temporary modules: no
// proxy, no workspace, no toolchain switch, no inherited -mod flag.
func relEnv(extra []string) []string {
	env := append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=")
	return append(env, extra...)
}

func relCmd(dir string, env []string, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = relEnv(env)
	return cmd
}

// relRun runs a command in dir and returns its stdout, stderr and exit code.
func relRun(t *testing.T, dir string, env []string, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := relCmd(dir, env, name, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return out.String(), errb.String(), code
}

// relGoVet runs go vet with elicitlint as the vet tool.
func relGoVet(t *testing.T, dir, bin string, args ...string) (string, int) {
	t.Helper()
	stdout, stderr, code := relRun(t, dir, nil, "go", append([]string{"vet", "-vettool=" + bin}, args...)...)
	return stdout + stderr, code
}

func relNoPanic(t *testing.T, out string) {
	t.Helper()
	for _, bad := range []string{"panic:", "internal error", "goroutine "} {
		if strings.Contains(out, bad) {
			t.Errorf("output contains %q:\n%s", bad, out)
		}
	}
}

func relWrite(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// relModule writes a module example.com/app with files, whose SDK
// requirements are replaced by copies of the stubs under sdk/.
func relModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	var gomod strings.Builder
	gomod.WriteString("module example.com/app\n\ngo 1.26.0\n\nrequire (\n")
	for _, s := range prooftest.Stubs {
		fmt.Fprintf(&gomod, "\t%s v1.0.0\n", s.Module)
	}
	gomod.WriteString(")\n\nreplace (\n")
	for _, s := range prooftest.Stubs {
		fmt.Fprintf(&gomod, "\t%s => ./sdk/%s\n", s.Module, s.Dir)
		prooftest.CopyStub(t, s.Module, filepath.Join(dir, "sdk", s.Dir))
		relWrite(t, filepath.Join(dir, "sdk", s.Dir, "go.mod"), "module "+s.Module+"\n\ngo 1.23\n")
	}
	gomod.WriteString(")\n")
	relWrite(t, filepath.Join(dir, "go.mod"), gomod.String())
	for name, content := range files {
		relWrite(t, filepath.Join(dir, filepath.FromSlash(name)), content)
	}
	return dir
}

// relAddRequire adds a requirement replaced by a local directory.
func relAddRequire(t *testing.T, dir, module, path string) {
	t.Helper()
	for _, args := range [][]string{
		{"mod", "edit", "-require=" + module + "@v0.1.0"},
		{"mod", "edit", "-replace=" + module + "=" + path},
	} {
		if out, err := relCmd(dir, nil, "go", args...).CombinedOutput(); err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, out)
		}
	}
}

type relFile struct {
	content string
	mode    fs.FileMode
	modTime int64
}

// relSnapshot records every file and directory under dir.
func relSnapshot(t *testing.T, dir string) map[string]relFile {
	t.Helper()
	snap := map[string]relFile{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		f := relFile{mode: info.Mode(), modTime: info.ModTime().UnixNano()}
		if !d.IsDir() {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f.content = string(data)
		}
		snap[rel] = f
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

func relSameSnapshot(t *testing.T, before, after map[string]relFile) bool {
	t.Helper()
	same := true
	for name, b := range before {
		a, ok := after[name]
		switch {
		case !ok:
			t.Errorf("%s was removed", name)
			same = false
		case a != b:
			t.Errorf("%s changed (mode %v→%v, mtime %d→%d, content equal: %v)", name, b.mode, a.mode, b.modTime, a.modTime, a.content == b.content)
			same = false
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			t.Errorf("%s was created", name)
			same = false
		}
	}
	return same
}
