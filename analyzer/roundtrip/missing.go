package roundtrip

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ast/astutil"
)

// This file reports handlers that fail the call when an answer they ask
// for is missing, where they could ask again.

// missingAnswers reports, in a function that requests key K, a read of
// the answer to K whose missing branch fails the call (an error, or a
// result that reports one): a client may retry without an answer, and
// protocol 2026-07-28 says to ask again with a new input-required result
// rather than fail. The read is the answer's comma-ok lookup or
// assertion, or the SDK's response function tested against nil.
func (rt *roundTripCheck) missingAnswers() {
	asked := map[ast.Node]map[string]bool{}
	for _, r := range rt.D.RT.Requests {
		if r.Key == "" || r.Fn == nil {
			continue
		}
		if asked[r.Fn] == nil {
			asked[r.Fn] = map[string]bool{}
		}
		asked[r.Fn][r.Key] = true
	}
	reported := map[*ast.ReturnStmt]bool{}
	for _, r := range rt.D.RT.Reads {
		if r.Key == "" || !asked[r.Fn][r.Key] {
			continue
		}
		ret := rt.failsWhenMissing(r)
		if ret == nil || reported[ret] {
			continue
		}
		reported[ret] = true
		rt.Report(ret, "the call fails here when the answer to %q is missing, though the handler asks for it: a client may call again without an answer, and protocol 2026-07-28 says to ask again with a new input-required result rather than fail; return the request for %q again", r.Key, r.Key)
	}
}

// failsWhenMissing returns the return that fails the call in the branch
// where the answer read at r is missing, or nil.
func (rt *roundTripCheck) failsWhenMissing(r *model.KeyUse) *ast.ReturnStmt {
	file := rt.FileOf(r.At.Pos())
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, r.At.Pos(), r.At.End())
	// path runs from the key up: find the assignment that takes the
	// answer, and the statement list that holds it.
	var as *ast.AssignStmt
	for _, n := range path {
		if a, ok := n.(*ast.AssignStmt); ok {
			as = a
			break
		}
		switch n.(type) {
		case ast.Stmt, *ast.FuncLit:
			return nil
		}
	}
	if as == nil || len(as.Rhs) != 1 {
		return nil
	}
	var okVar, resVar *types.Var
	ident := func(e ast.Expr) *types.Var {
		id, _ := e.(*ast.Ident)
		if id == nil {
			return nil
		}
		v, _ := rt.Info.ObjectOf(id).(*types.Var)
		return v
	}
	switch len(as.Lhs) {
	case 2:
		okVar = ident(as.Lhs[1])
		resVar = ident(as.Lhs[0])
	case 1:
		resVar = ident(as.Lhs[0])
	default:
		return nil
	}
	if okVar == nil && resVar == nil {
		return nil
	}
	absent := func(cond ast.Expr) bool {
		return rt.absentTest(cond, okVar, resVar) || rt.absentAmong(cond, okVar, resVar, r.SDK.RoundTrip.ResponsesField)
	}
	var ifs *ast.IfStmt
	for i, n := range path {
		if n != ast.Node(as) || i+1 >= len(path) {
			continue
		}
		switch p := path[i+1].(type) {
		case *ast.IfStmt:
			if p.Init == ast.Stmt(as) && absent(p.Cond) {
				ifs = p
			}
		case *ast.BlockStmt:
			ifs = rt.nextIf(p.List, as, absent)
		case *ast.CaseClause:
			ifs = rt.nextIf(p.Body, as, absent)
		}
	}
	if ifs == nil || !rt.Terminates(ifs.Body) {
		return nil
	}
	var first *ast.ReturnStmt
	allFail := true
	ast.Inspect(ifs.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if rt.KindOfReturn(n) != model.ReturnFailure {
				allFail = false
			} else if first == nil {
				first = n
			}
		}
		return true
	})
	if !allFail {
		return nil
	}
	return first
}

// nextIf returns the if statement right after s in list when its
// condition passes test.
func (rt *roundTripCheck) nextIf(list []ast.Stmt, s ast.Stmt, test func(ast.Expr) bool) *ast.IfStmt {
	for i, st := range list {
		if st == s && i+1 < len(list) {
			if is, ok := list[i+1].(*ast.IfStmt); ok && is.Init == nil && test(is.Cond) {
				return is
			}
		}
	}
	return nil
}

// absentAmong reports a condition true only when the answer is missing,
// whose other terms read nothing but the request's answers:
// `!ok && len(req.Params.InputResponses) > 0` (the client answered
// something, but not this). A term on anything else (a count of rounds
// in the state, a setting) may be a deliberate limit, and is not taken.
func (rt *roundTripCheck) absentAmong(cond ast.Expr, okVar, resVar *types.Var, responses string) bool {
	c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || c.Op != token.LAND {
		return false
	}
	term := func(e ast.Expr) bool {
		return rt.absentTest(e, okVar, resVar) || rt.absentAmong(e, okVar, resVar, responses)
	}
	answersOnly := func(e ast.Expr) bool {
		only := true
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if v, ok := rt.Info.Uses[n.Sel].(*types.Var); ok && v.IsField() && v.Name() == responses {
					return false // the request's answers
				}
			case *ast.Ident:
				switch obj := rt.Info.Uses[n].(type) {
				case *types.Builtin, *types.Const, *types.Nil:
				case *types.Var:
					if obj != okVar && obj != resVar {
						only = false
					}
				default:
					only = false
				}
			case *ast.FuncLit:
				only = false
			}
			return only
		})
		return only
	}
	return term(c.X) && (term(c.Y) || answersOnly(c.Y)) || term(c.Y) && answersOnly(c.X)
}

// absentTest reports a condition true exactly when the answer is
// missing: !ok, ok == false, res == nil, or an || of those.
func (rt *roundTripCheck) absentTest(cond ast.Expr, okVar, resVar *types.Var) bool {
	uses := func(e ast.Expr, v *types.Var) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && v != nil && rt.Info.Uses[id] == v
	}
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return c.Op == token.NOT && uses(c.X, okVar)
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LOR:
			return rt.absentTest(c.X, okVar, resVar) && rt.absentTest(c.Y, okVar, resVar)
		case token.EQL:
			if v, ok := source.ConstString(rt.Info, c.Y); ok && v == "false" {
				return uses(c.X, okVar)
			}
			if b, ok := rt.Info.Types[c.Y]; ok && b.Value != nil && b.Value.ExactString() == "false" {
				return uses(c.X, okVar)
			}
			return uses(c.X, resVar) && source.IsNil(rt.Info, c.Y) || uses(c.Y, resVar) && source.IsNil(rt.Info, c.X)
		}
	}
	return false
}
