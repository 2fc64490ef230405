package answers

import (
	"go/ast"
	"go/token"
	"slices"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// This file follows, on the SSA form of the function that reads an
// answer, the paths on which the answer is missing, wherever they go: a
// flag or an error set on the missing branch and tested statements
// later, a jump to a label, a value left empty and tested after an
// if-else. FailsWhenMissing reads the shapes the syntax shows; this reads
// the same question on the paths themselves, with the flow fail-open
// reads (internal/failflow).

// ShapedRead is a read of an answer with the shape of its assignment.
type ShapedRead struct {
	Read
	Shape
}

// FailsOnPath returns the return of fn that fails the call on a path
// where the answer to one key is missing, or nil; reads are that key's
// reads in fn. The paths are failflow's, read for asking again
// (failflow.Rounds): they start after a read that no other read of them
// comes before; a value the paths set is known, and a test decided by
// it takes its one way; a test that reads nothing but the request's
// answers and the state it echoes goes both ways. A test of anything
// else (a setting, a limit of the server's own, the client's
// capabilities, another call's error) ends them, and so do a test of the
// answer's variables given another value and a read of the missing
// answer's fields (it panics): the failure beyond is not the missing
// answer's.
func FailsOnPath(env *failflow.Env, fn *ssa.Function, reads []ShapedRead, fails func(*ast.ReturnStmt) bool) *ast.ReturnStmt {
	if fn == nil {
		return nil
	}
	pc := env.Package
	type start struct {
		def  ssa.Instruction
		site failflow.Site
	}
	var starts []start
	var body *ast.BlockStmt
	for _, r := range reads {
		if r.Sentinel != "" {
			return nil
		}
		m, as, path := readOf(pc, r.Read, r.Shape, fails)
		if m == nil {
			continue
		}
		at, shape := ast.Expr(m.okCall), Bool
		if as != nil {
			at, shape = ast.Unparen(as.Rhs[0]), r.Shape
		}
		def := flow.InstrAt(fn, at)
		if def == nil {
			continue
		}
		starts = append(starts, start{def, failflow.Site{Expr: at, Idx: shape.Res, OK: shape.OK, RoundTrip: true, Rounds: &failflow.Rounds{Responses: r.Responses, State: r.State}}})
		if body == nil {
			body = funcBody(path)
		}
	}
	if len(starts) == 0 || body == nil {
		return nil
	}
	rets := map[token.Pos]*ast.ReturnStmt{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			rets[n.Return] = n
		}
		return true
	})
	failing := func(ret *ssa.Return) bool {
		st := rets[ret.Pos()]
		return st != nil && len(st.Results) == len(ret.Results) && source.IsNil(pc.Info, st.Results[len(st.Results)-1]) && fails(st)
	}
	for _, s := range starts {
		if slices.ContainsFunc(starts, func(o start) bool { return o.def != s.def && before(o.def, s.def) }) {
			continue
		}
		f := failflow.New(env, fn, s.site)
		if f == nil {
			continue
		}
		for _, ret := range f.FailsMissing(failing) {
			if st := rets[ret.Pos()]; st != nil && len(st.Results) == len(ret.Results) {
				return st
			}
		}
	}
	return nil
}

// funcBody is the body of the innermost function on path.
func funcBody(path []ast.Node) *ast.BlockStmt {
	for _, n := range path {
		if b := source.FuncBody(n); b != nil {
			return b
		}
	}
	return nil
}

// before reports whether a comes before b on every path to b.
func before(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return slices.Index(a.Block().Instrs, a) < slices.Index(b.Block().Instrs, b)
	}
	return a.Block().Dominates(b.Block())
}
