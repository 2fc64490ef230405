package main

import (
	"encoding/json"
	"go/token"
	"os/exec"
	"strings"
	"testing"
)

// The standalone driver runs go vet under the hood; with
// ELICITLINT_DRIVER=inprocess (and with -test=false) it loads and analyses
// the packages in its own process. The two give the same output, byte for
// byte, in every format, on a module with in-package and external tests,
// a fix and related positions: go vet vets a package with in-package tests
// only as its test variant, and the driver files the findings outside the
// test files under the package, as the in-process driver does.
func TestDriversAgree(t *testing.T) {
	parallel(t)
	gate := strings.Replace(fixable, "package sample", "package p", 1) + `
func confirm(ctx context.Context, ss *mcp.ServerSession) bool {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?"})
	return res.Action == "accept"
}

func Delete(ctx context.Context, ss *mcp.ServerSession) error {
	if !confirm(ctx, ss) {
		return nil
	}
	return nil
}
`
	testFile := func(pkg string) string {
		return "package " + pkg + "\n\n" + testImports + unfixable
	}
	dir := stubModule(t, map[string]string{
		"p/p.go":      gate,
		"p/p_test.go": testFile("p"),
		"p/x_test.go": testFile("p_test"),
		"q/q.go":      strings.Replace(fixable, "package sample", "package q", 1),
	})
	if out, err := exec.Command("go", "-C", dir, "vet", "./...").CombinedOutput(); err != nil {
		t.Fatalf("the sample module does not build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-sarif", "./..."}, {"-fix", "-diff", "./..."}, {"p/p.go", "p/x_test.go"}} {
		viaVet, vetErr, vetCode := run(t, dir, append([]string{direct}, args...)...)
		inOut, inErr, code := runCmdEnv(t, []string{driverEnv + "=" + driverInProcess}, dir, binary, append([]string{direct}, args...)...)
		if viaVet != inOut || vetErr != inErr || vetCode != code {
			t.Errorf("%v: go vet and in-process output differ (exit %d and %d):\n%s%s", args, vetCode, code,
				unifiedDiff("in-process", "go vet", inOut, viaVet), unifiedDiff("in-process", "go vet", inErr, vetErr))
		}
		if len(args) == 2 && args[0] == "-json" {
			var tree map[string]any
			if err := json.Unmarshal([]byte(viaVet), &tree); err != nil {
				t.Fatal(err)
			}
			for _, id := range []string{"sample/p", "sample/p [sample/p.test]", "sample/p_test [sample/p.test]", "sample/q"} {
				if tree[id] == nil {
					t.Errorf("-json has no package %q:\n%s", id, viaVet)
				}
			}
		}
	}
}

const testImports = `import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)
`

func TestParsePosn(t *testing.T) {
	for _, p := range []token.Position{
		{Filename: "/a/b.go", Line: 3, Column: 7},
		{Filename: "/a:b/c.go", Line: 10, Column: 1},
		{Filename: "/a/b.go", Line: 3},
		{Line: 2, Column: 5},
		{Filename: "/a/b.go"},
		{},
	} {
		got, err := parsePosn(p.String())
		if err != nil || got != p {
			t.Errorf("parsePosn(%q) = %+v, %v; want %+v", p.String(), got, err, p)
		}
	}
	if _, err := parsePosn(":7"); err == nil {
		t.Errorf("parsePosn(\":7\") gave no error")
	}
}

func TestRootID(t *testing.T) {
	for _, tc := range []struct{ id, file, want string }{
		{"m/p", "/m/p/p.go", "m/p"},
		{"m/p", "/m/p/p_test.go", "m/p [m/p.test]"},
		{"m/p_test", "/m/p/x_test.go", "m/p_test [m/p.test]"},
		{"m/p_test", "/m/p_test/p_test.go", "m/p_test [m/p_test.test]"},
		{"m", "/src/m/m_test.go", "m [m.test]"},
		{"m_test", "/src/m/x_test.go", "m_test [m.test]"},
	} {
		if got := rootID(tc.id, tc.file); got != tc.want {
			t.Errorf("rootID(%q, %q) = %q, want %q", tc.id, tc.file, got, tc.want)
		}
	}
}
