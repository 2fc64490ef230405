package main

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Unit tests of the driver's parts: diffs, edits, file arguments, the
// terminal rendering of docs pages.

func TestUnifiedDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn"
	got := unifiedDiff("a/x.go", "b/x.go", old, new)
	want := `--- a/x.go
+++ b/x.go
@@ -1,5 +1,5 @@
 a
-b
+B
 c
 d
 e
@@ -11,3 +11,4 @@
 k
 l
 m
+n
\ No newline at end of file
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if d := unifiedDiff("a", "b", old, old); d != "" {
		t.Errorf("equal texts give a diff:\n%s", d)
	}
	// An insertion into an empty file, a deletion of everything.
	if d := unifiedDiff("a/x", "b/x", "", "x\n"); d != "--- a/x\n+++ b/x\n@@ -0,0 +1,1 @@\n+x\n" {
		t.Errorf("insertion into an empty file:\n%s", d)
	}
	if d := unifiedDiff("a/x", "b/x", "x\ny\n", ""); d != "--- a/x\n+++ b/x\n@@ -1,2 +0,0 @@\n-x\n-y\n" {
		t.Errorf("deletion of everything:\n%s", d)
	}
}

// diffLines gives a script that turns a into b, and a shortest one: its
// length matches a dynamic-programming LCS on random texts.
func TestDiffLinesRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	text := func() []string {
		var l []string
		for range r.IntN(30) {
			l = append(l, string(rune('a'+r.IntN(4)))+"\n")
		}
		return l
	}
	for range 500 {
		a, b := text(), text()
		ops := diffLines(a, b)
		var ga, gb []string
		kept := 0
		for _, op := range ops {
			if op.kind != '+' {
				ga = append(ga, op.line)
			}
			if op.kind != '-' {
				gb = append(gb, op.line)
			}
			if op.kind == ' ' {
				kept++
			}
		}
		if strings.Join(ga, "") != strings.Join(a, "") || strings.Join(gb, "") != strings.Join(b, "") {
			t.Fatalf("script does not rebuild the texts:\na=%q\nb=%q\nops=%q", a, b, ops)
		}
		if want := lcs(a, b); kept != want {
			t.Fatalf("script keeps %d lines, the longest common subsequence has %d:\na=%q\nb=%q", kept, want, a, b)
		}
	}
}

func lcs(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

// The patch is one that patch -p1 and git apply accept.
func TestUnifiedDiffApplies(t *testing.T) {
	dir := t.TempDir()
	old := "package p\n\nfunc f() {\n\tswitch x {\n\tcase 1:\n\t}\n}\n"
	new := "package p\n\nimport \"errors\"\n\nfunc f() {\n\tswitch x {\n\tcase 1:\n\tcase 2:\n\t\treturn errors.New(\"two\")\n\t}\n}\n"
	writeFiles(t, dir, map[string]string{"sub/p.go": old})
	patch := unifiedDiff("a/sub/p.go", "b/sub/p.go", old, new)
	for _, tool := range [][]string{{"git", "apply", "-"}, {"patch", "-p1", "-s"}} {
		if _, err := exec.LookPath(tool[0]); err != nil {
			t.Logf("%s not installed", tool[0])
			continue
		}
		writeFiles(t, dir, map[string]string{"sub/p.go": old})
		cmd := exec.Command(tool[0], tool[1:]...)
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(patch)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%v: %v\n%s\n%s", tool, err, out, patch)
			continue
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "sub", "p.go")); string(got) != new {
			t.Errorf("%v gave\n%s", tool, got)
		}
	}
}

// .go arguments map to their packages, grouped by module; files ./...
// would not match are skipped.
func TestResolveTargets(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":               "module m\n",
		"root.go":              "package m\n",
		"a/a.go":               "package a\n",
		"a/b.go":               "package a\n",
		"a/testdata/t.go":      "package t\n",
		"_skip/s.go":           "package s\n",
		"vendor/v/v.go":        "package v\n",
		"nested/go.mod":        "module n\n",
		"nested/x/x.go":        "package x\n",
		"outside/no/module.go": "package no\n",
	})
	os.Remove(filepath.Join(dir, "outside", "go.mod"))
	ts, err := resolveTargets(dir, []string{"a/a.go", "a/b.go", "root.go", "a/testdata/t.go", "_skip/s.go", "vendor/v/v.go", filepath.Join(dir, "nested/x/x.go")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tg := range ts.list {
		got = append(got, filepath.Base(tg.dir)+":"+strings.Join(tg.patterns, ","))
	}
	if want := filepath.Base(dir) + ":.,./a nested:./x"; strings.Join(got, " ") != want {
		t.Errorf("targets %q, want %q", got, want)
	}
	keep := ts.list[0].keep
	if !keep(filepath.Join(dir, "a", "a.go")) || keep(filepath.Join(dir, "a", "c.go")) {
		t.Errorf("keep does not select the named files")
	}
	if ts, err := resolveTargets(dir, []string{"./...", "x"}); err != nil || ts.files || len(ts.list) != 1 || ts.list[0].keep != nil {
		t.Errorf("patterns: %+v, %v", ts, err)
	}
}

func TestRenderMarkdown(t *testing.T) {
	page := "# title\n\nSee [mode](mode.md) and [the spec](https://example.com/spec), `code` and **bold**.\n\n" +
		"## Section\n\n```go\nfunc f() {\n\treturn\n}\n```\n\n" +
		"| Flag | Meaning |\n| --- | --- |\n| `-a` | the a \\| b flag |\n| `-bb` | bb |\n"
	want := "title\n=====\n\nSee mode and the spec (https://example.com/spec), code and bold.\n\n" +
		"Section\n-------\n\n    func f() {\n        return\n    }\n\n" +
		"Flag  Meaning\n--------------------\n-a    the a | b flag\n-bb   bb\n"
	if got := renderMarkdown(page); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	wide := "| A | B |\n|---|---|\n| x | " + strings.Repeat("long ", 30) + "|\n"
	if got := renderTable(strings.Split(strings.TrimSpace(wide), "\n")); !strings.HasPrefix(got, "x\n    B: long long") {
		t.Errorf("wide table:\n%s", got)
	}
}
