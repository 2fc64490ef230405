package source

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// Leaves knows the Go spec's terminating switch, select and for: every
// clause leaves, a switch has a default, and no break refers to them.
func TestLeavesTerminating(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{`switch x { case 1: return; default: return }`, true},
		{`switch x { case 1: return }`, false},
		{`switch x { case 1: if y { break }; return; default: return }`, false},
		{`switch x { case 1: for { break }; return; default: return }`, true},
		{`switch x { case 1: fallthrough; default: return }`, true},
		{`switch x { case 1: if y { break }; fallthrough; default: return }`, false},
		{`switch v := x.(type) { case int: _ = v; return; default: return }`, true},
		{`select { case <-c: return; default: return }`, true},
		{`select { case <-c: }`, false},
		{`for { if y { return } }`, true},
		{`for { if y { break } }`, false},
		{`for x { return }`, false},
		{`L: for { for { break L } }`, false},
		{`L: for { for { break } }`, true},
	} {
		src := "package p\nfunc f(x int, y bool, c chan int) {\n" + c.body + "\n}"
		file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		list := file.Decls[0].(*ast.FuncDecl).Body.List
		if got := (&Package{}).Leaves(list, true); got != c.want {
			t.Errorf("Leaves(%s) = %v, want %v", c.body, got, c.want)
		}
	}
}
