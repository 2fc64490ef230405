package source

import (
	"go/ast"
	"go/types"
)

// GoroutineOf returns the go statement whose function literal holds the
// node at the top of stack (go func() { ... }()), or nil.
func GoroutineOf(stack []ast.Node) *ast.GoStmt {
	for i := len(stack) - 1; i > 0; i-- {
		if lit, ok := stack[i].(*ast.FuncLit); ok {
			if g, ok := stack[i-1].(*ast.CallExpr); ok && g.Fun == ast.Expr(lit) && i >= 2 {
				if gs, ok := stack[i-2].(*ast.GoStmt); ok {
					return gs
				}
			}
			return nil
		}
	}
	return nil
}

// IsError reports whether t is the error type.
func IsError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// ContextIndex is the index of the first context.Context parameter, or -1.
func ContextIndex(params *types.Tuple) int {
	for i := 0; i < params.Len(); i++ {
		if n, ok := types.Unalias(params.At(i).Type()).(*types.Named); ok && n.Obj().Name() == "Context" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" {
			return i
		}
	}
	return -1
}

// ParamIndex is the index of obj among params, or -1.
func ParamIndex(params *types.Tuple, obj types.Object) int {
	for i := 0; i < params.Len(); i++ {
		if params.At(i) == obj {
			return i
		}
	}
	return -1
}

// CalledAt reports whether the identifier at the top of stack is the
// function of a call (f(...), x.f(...), pkg.f(...)).
func CalledAt(id *ast.Ident, stack []ast.Node) bool {
	var fun ast.Node = id
	i := len(stack) - 2
	if i >= 0 {
		if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == id {
			fun = sel
			i--
		}
	}
	for i >= 0 {
		if p, ok := stack[i].(*ast.ParenExpr); ok {
			fun = p
			i--
			continue
		}
		break
	}
	if i < 0 {
		return false
	}
	if ix, ok := stack[i].(*ast.IndexExpr); ok && ix.X == fun { // f[T](...)
		fun = ix
		i--
	}
	call, ok := stack[i].(*ast.CallExpr)
	return ok && call.Fun == fun
}
