package failflow

import (
	"go/ast"

	"github.com/elicitlint/elicitlint/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// This file reads the branch of a capability test where the client did not
// declare elicitation (if !canAsk(session) { return true, nil }): the
// question cannot be asked there, so a path that takes it and never reaches
// the request is a path without an answer, as one where the request failed
// is. The client chooses what it declares; a client that cannot be asked
// must not be able to go ahead unasked.

// undeclaredEdge returns the index of the successor of b, which ends in a
// test of the client's capabilities, that is taken where the client did not
// declare elicitation, or -1. The test is read on the syntax of the
// comparison or call b branches on, by the Env's Undeclared; a successor
// from which the request can still be reached is not such a path.
func (f *Flow) undeclaredEdge(b *ssa.BasicBlock) int {
	if f.env.Undeclared == nil || f.def == nil || f.keepPre || len(b.Succs) != 2 {
		return -1
	}
	if i, ok := f.undeclared[b]; ok {
		return i
	}
	if f.undeclared == nil {
		f.undeclared = map[*ssa.BasicBlock]int{}
	}
	i := f.findUndeclared(b)
	f.undeclared[b] = i
	f.anyUndeclared = f.anyUndeclared || i >= 0
	return i
}

// Undeclared reports whether the paths without an answer that reach instr
// are all ones where the client did not declare elicitation: without
// those, none would reach it. For messages.
func (f *Flow) Undeclared(instr ssa.Instruction) bool {
	if !f.anyUndeclared {
		return false
	}
	g := *f
	g.keepPre = true
	in := flow.ForwardFlow(f.Fn, Pre, g.transfer)
	b := instr.Block()
	s, ok := in[b]
	if !ok {
		return true
	}
	at := Set(0)
	g.In = in
	g.Walk(b, s, func(i ssa.Instruction, s Set) {
		if i == instr {
			at = s
		}
	})
	return at&NoneAny == 0
}

func (f *Flow) findUndeclared(b *ssa.BasicBlock) int {
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return -1
	}
	e := f.SyntaxOf(iff.Cond)
	if e == nil {
		return -1
	}
	onTrue, onFalse := f.env.Undeclared(e)
	for i, on := range []bool{onTrue, onFalse} {
		if on && !reaches(b.Succs[i], f.def.Block()) {
			return i
		}
	}
	return -1
}

// SyntaxOf returns the expression of the function's syntax that computes
// v, a comparison or a call, or nil. An if's condition is tested by parts
// (a && b is two tests), and a test kept in a variable (ok :=
// canAsk(session); if !ok) is its call.
func (f *Flow) SyntaxOf(v ssa.Value) ast.Expr {
	pos := v.Pos()
	if x, ok := v.(*ssa.Extract); ok && x.Index == 1 {
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && ta.CommaOk {
			v, pos = ta, ta.Pos() // the ok of `s, ok := x.(T)`: the assertion stands for it
		}
	}
	syn := f.Fn.Syntax()
	if syn == nil || !pos.IsValid() {
		return nil
	}
	var found ast.Expr
	ast.Inspect(syn, func(n ast.Node) bool {
		if found != nil || n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if _, ok := v.(*ssa.BinOp); ok && x.OpPos == pos {
				found = x
			}
		case *ast.CallExpr:
			if _, ok := v.(*ssa.Call); ok && x.Lparen == pos {
				found = x
			}
		case *ast.TypeAssertExpr:
			if _, ok := v.(*ssa.TypeAssert); ok && x.Lparen == pos {
				found = x
			}
		}
		return found == nil
	})
	return found
}
