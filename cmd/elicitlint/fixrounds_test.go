package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A gate in one package, its callers in another, against the real go-sdk.
// Its fix adds the gate's round-trip version beside it; the callers' fix
// switches to it once it is there. Applying only the gate's package's
// edits leaves a module that builds, tests included; one -fix over the
// module applies both, in two rounds, and leaves one too.
var gateModule = map[string]string{
	"confirm/confirm.go": `package confirm

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"sure": map[string]any{"type": "boolean"}}}

// Destructive asks before a destructive action.
func Destructive(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Really " + what + "?", RequestedSchema: schema})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		sure, _ := res.Content["sure"].(bool)
		return sure, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, nil
}
`,
	"confirm/confirm_test.go": `package confirm

import "testing"

func TestDestructiveSignature(t *testing.T) {
	var _ = Destructive
}
`,
	"tools/tools.go": `package tools

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"sample/confirm"
)

type In struct{ Name string }

func drop(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	ok, err := confirm.Destructive(ctx, req.Session, "drop "+in.Name)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "dropped"}}}, nil, nil
}

// guard asks from a receiving middleware, which cannot return a request:
// it keeps the old gate.
func guard(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		ss, _ := req.GetSession().(*mcp.ServerSession)
		if ok, err := confirm.Destructive(ctx, ss, method); err != nil || !ok {
			return nil, errors.New("not confirmed")
		}
		return next(ctx, method, req)
	}
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "drop"}, drop)
	s.AddReceivingMiddleware(guard)
}
`,
}

func TestFixAcrossPackages(t *testing.T) {
	parallel(t)
	builds := func(dir, when string) {
		t.Helper()
		if stdout, stderr, code := runCmd(t, dir, "go", "vet", "./..."); code != 0 {
			t.Errorf("%s: the module does not build, tests included:\n%s%s", when, stdout, stderr)
		}
	}

	// Only the gate's package: its round-trip version is added, the old
	// gate stays for the callers in tools, which are left alone.
	dir := sampleModule(t, gateModule)
	if _, errOut, _ := run(t, dir, "-fix", "./confirm"); !strings.Contains(errOut, "applied 1 fix in 1 file") {
		t.Fatalf("-fix ./confirm:\n%s", errOut)
	}
	lib := read(t, dir, "confirm/confirm.go")
	for _, want := range []string{"func Destructive(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {", "func DestructiveRoundTrip(ctx context.Context, req *mcp.CallToolRequest, key string, what string) (bool, *mcp.CallToolResult, error) {"} {
		if !strings.Contains(lib, want) {
			t.Errorf("confirm.go after -fix ./confirm lacks %q:\n%s", want, lib)
		}
	}
	if read(t, dir, "tools/tools.go") != gateModule["tools/tools.go"] {
		t.Errorf("-fix ./confirm changed tools.go")
	}
	builds(dir, "with only the gate's package fixed")

	// Then the callers' package: the handler switches, the middleware
	// keeps the old gate, and its finding says why.
	_, errOut, _ := run(t, dir, "-fix", "./tools")
	if !strings.Contains(errOut, "applied 1 fix in 1 file") || !strings.Contains(errOut, "called from a receiving middleware") {
		t.Errorf("-fix ./tools:\n%s", errOut)
	}
	tools := read(t, dir, "tools/tools.go")
	for _, want := range []string{`ok, ask, err := confirm.DestructiveRoundTrip(ctx, req, "drop_Destructive", "drop "+in.Name)`, "if ok, err := confirm.Destructive(ctx, ss, method); err != nil || !ok {"} {
		if !strings.Contains(tools, want) {
			t.Errorf("tools.go after -fix ./tools lacks %q:\n%s", want, tools)
		}
	}
	builds(dir, "with both packages fixed one after the other")

	// One -fix over the module does both, in two rounds.
	all := sampleModule(t, gateModule)
	_, errOut, _ = run(t, all, "-fix", "./...")
	if !strings.Contains(errOut, "applied 1 more fix in 1 file that the first fixes made possible") {
		t.Errorf("-fix ./... did not run a second round:\n%s", errOut)
	}
	if read(t, all, "tools/tools.go") != tools || read(t, all, "confirm/confirm.go") != lib {
		t.Errorf("-fix ./... and -fix package by package differ")
	}
	builds(all, "after one -fix over the module")
}

// The migration's answer check reads the answer's content, never its
// action: a handler that tells accept from the rest without naming the
// refusals is still reported after -fix (a check that read the action
// would count as handling it, and hide the bug).
func TestFixKeepsAcceptOnly(t *testing.T) {
	parallel(t)
	dir := sampleModule(t, map[string]string{"h/h.go": `package h

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"sure": map[string]any{"type": "boolean"}}}

func del(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Delete?", RequestedSchema: schema})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func Register(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "del"}, del) }
`})
	if _, errOut, _ := run(t, dir, "-fix", "-disable=actions", "./..."); !strings.Contains(errOut, "applied 1 fix") {
		t.Fatalf("-fix:\n%s", errOut)
	}
	fixed := read(t, dir, "h/h.go")
	if !strings.Contains(fixed, "validateElicitResult(schema, res)") {
		t.Fatalf("the migrated handler does not check its answer:\n%s", fixed)
	}
	_, errOut, code := run(t, dir, "./...")
	if code != 3 || !strings.Contains(errOut, `elicitation result is only checked for "accept"`) {
		t.Errorf("the accept-only finding is gone after -fix: exit %d\n%s\n%s", code, errOut, fixed)
	}
	if stdout, stderr, code := runCmd(t, dir, "go", "vet", "./..."); code != 0 {
		t.Errorf("the fixed module does not build:\n%s%s", stdout, stderr)
	}
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
