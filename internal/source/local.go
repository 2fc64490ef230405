package source

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/effect"
	"golang.org/x/tools/go/types/typeutil"
)

// This file tells the values of the call in progress from those that
// outlive it: what a call may change without an effect beyond the call
// (pure.go).

// callLocal reports whether e is a value of the call in progress in fn:
// made in it (a literal, a value a replay-safe call returns), or held by a
// variable declared in fn that is only ever given such values, or (when
// paramsLocal) a parameter of fn, or a field or element of one of them.
// Variables of enclosing functions (a closure's captures), the method's
// receiver and package-level variables are not: they outlive the call.
func (pc *Package) callLocal(e ast.Expr, fn ast.Node, paramsLocal bool) bool {
	return pc.callLocalIn(e, fn, paramsLocal, map[*types.Var]bool{})
}

func (pc *Package) callLocalIn(e ast.Expr, fn ast.Node, paramsLocal bool, seen map[*types.Var]bool) bool {
	if fn == nil {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit, *ast.BasicLit, *ast.FuncLit:
		return true
	case *ast.UnaryExpr, *ast.StarExpr, *ast.IndexExpr, *ast.SliceExpr:
		return pc.callLocalIn(operand(x), fn, paramsLocal, seen)
	case *ast.SelectorExpr:
		if _, ok := pc.Info.Uses[x.Sel].(*types.Var); ok && pc.Info.Selections[x] != nil {
			return pc.callLocalIn(x.X, fn, paramsLocal, seen)
		}
		return false
	case *ast.CallExpr:
		// A value a replay-safe call makes is new (the callee acts on
		// its arguments only), or one of its arguments'; so is what a
		// read of the standard library returns (the rows of a query, a
		// file opened), and a hash or MAC made (effect.Maker).
		if callee, ok := typeutil.Callee(pc.Info, x).(*types.Func); ok && effect.Maker(callee) {
			return true
		}
		switch pc.callEffectIn(x, fn, paramsLocal, seen) {
		case effect.Write:
			return false
		case effect.Read:
			callee, _ := typeutil.Callee(pc.Info, x).(*types.Func)
			if callee == nil {
				return false
			}
			e, _, std := effect.Std(callee)
			return std && e == effect.Read
		}
		for _, a := range x.Args {
			if tv, ok := pc.Info.Types[a]; ok && tv.IsType() {
				continue // make([]byte, n), new(T)
			}
			if t := pc.Info.TypeOf(a); t != nil && !immutable(t) && !pc.callLocalIn(a, fn, paramsLocal, seen) {
				return false
			}
		}
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && pc.Info.Selections[sel] != nil {
			return pc.callLocalIn(sel.X, fn, paramsLocal, seen)
		}
		return true
	case *ast.Ident:
		v, ok := pc.Info.Uses[x].(*types.Var)
		if !ok || !IsLocal(v) || v.Pos() < fn.Pos() || v.Pos() >= fn.End() {
			return false
		}
		if pc.isParam(v, fn) {
			return paramsLocal
		}
		if pc.isRecv(v, fn) {
			return false
		}
		return pc.defsAll(v, seen, func(d ast.Expr) bool { return pc.callLocalIn(d, fn, paramsLocal, seen) })
	}
	return false
}

// defsAll reports whether every value given to the local variable v
// holds for pred (true while v is being decided: a cycle).
func (pc *Package) defsAll(v *types.Var, seen map[*types.Var]bool, pred func(ast.Expr) bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	for _, d := range pc.purityCache().defs[v] {
		if d != nil && !pred(d) {
			return false
		}
	}
	return true
}

// ownsElems reports whether the slice or map e is the call's own: nil, or
// made in fn (make, a literal, a clone, an append to one of those) and
// held by variables of fn given only such values; what its elements point
// to may be shared. Otherwise it must be a value of the call (callLocalIn).
func (pc *Package) ownsElems(e ast.Expr, fn ast.Node, paramsLocal bool, seen map[*types.Var]bool) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.SliceExpr:
		return pc.ownsElems(x.X, fn, paramsLocal, seen)
	case *ast.CallExpr:
		switch callee := typeutil.Callee(pc.Info, x).(type) {
		case *types.Builtin:
			switch callee.Name() {
			case "make":
				return true
			case "append":
				return len(x.Args) > 0 && pc.ownsElems(x.Args[0], fn, paramsLocal, seen)
			}
		case *types.Func:
			if p := callee.Pkg(); p != nil && (p.Path() == "slices" || p.Path() == "maps") && callee.Name() == "Clone" {
				return true
			}
		}
		return false // the caller judges other calls with callLocalIn
	case *ast.Ident:
		if _, isNil := pc.Info.Uses[x].(*types.Nil); isNil {
			return true
		}
		v, ok := pc.Info.Uses[x].(*types.Var)
		if !ok || !IsLocal(v) || v.Pos() < fn.Pos() || v.Pos() >= fn.End() || pc.isParam(v, fn) || pc.isRecv(v, fn) {
			break
		}
		return pc.defsAll(v, seen, func(d ast.Expr) bool { return pc.ownsElems(d, fn, paramsLocal, seen) })
	}
	if hasCall(e) {
		// callLocalIn would judge the call's effect, which asks ownsElems
		// again: the caller does that once, with callLocalIn.
		return false
	}
	return pc.callLocalIn(e, fn, paramsLocal, seen)
}

// hasCall reports an expression that makes a call (a conversion too).
func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		_, call := n.(*ast.CallExpr)
		found = found || call
		return !found
	})
	return found
}

// isRecv reports whether v is the receiver of fn.
func (pc *Package) isRecv(v *types.Var, fn ast.Node) bool {
	fd, ok := fn.(*ast.FuncDecl)
	return ok && fd.Recv != nil && v.Pos() >= fd.Recv.Pos() && v.Pos() < fd.Recv.End()
}

// operand returns the value a unary, index or slice expression reads.
func operand(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.UnaryExpr:
		return x.X
	case *ast.StarExpr:
		return x.X
	case *ast.IndexExpr:
		return x.X
	case *ast.SliceExpr:
		return x.X
	}
	return nil
}

// isParam reports whether v is a parameter of fn (not its receiver,
// which is a package's long-lived value, never the call's).
func (pc *Package) isParam(v *types.Var, fn ast.Node) bool {
	var ft *ast.FuncType
	var recv *ast.FieldList
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft, recv = f.Type, f.Recv
	case *ast.FuncLit:
		ft = f.Type
	default:
		return false
	}
	if recv != nil {
		for _, fld := range recv.List {
			for _, n := range fld.Names {
				if pc.Info.Defs[n] == v {
					return false
				}
			}
		}
	}
	return v.Pos() >= ft.Pos() && v.Pos() < ft.End()
}

// localTargetIn reports an assignment target that is a variable declared
// in fn (or _), or a field or element of a value of the call (see
// callLocal).
func (pc *Package) localTargetIn(e ast.Expr, fn ast.Node, paramsLocal bool) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		root := lhsRoot(e)
		return root != nil && fn != nil && pc.callLocal(root, fn, paramsLocal)
	}
	if id.Name == "_" {
		return true
	}
	v, _ := pc.Info.ObjectOf(id).(*types.Var)
	return IsLocal(v) && (fn == nil || v.Pos() >= fn.Pos() && v.Pos() < fn.End())
}
