package source

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"golang.org/x/tools/go/types/typeutil"
)

// This file holds small readings of syntax and types that several
// packages share: the cases of a tagless switch, the branches of an
// if-else chain, where an expression stands, basic types.

// EarlierCases returns the case expressions of a tagless switch that are
// false in clause cc: those of the clauses before it (of every clause, for
// default, wherever it is written); none when a clause falls through
// into another.
func EarlierCases(sw *ast.SwitchStmt, cc *ast.CaseClause) []ast.Expr {
	var out []ast.Expr
	for _, s := range sw.Body.List {
		c := s.(*ast.CaseClause)
		if n := len(c.Body); n > 0 {
			if br, ok := c.Body[n-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
				return nil
			}
		}
		if c != cc && (len(cc.List) == 0 || c.Pos() < cc.Pos()) {
			out = append(out, c.List...)
		}
	}
	return out
}

// CaseOf returns the switch, and its case clause path[i-1], when that
// clause holds path[i] among its statements; nils otherwise.
func CaseOf(path []ast.Node, i int) (*ast.SwitchStmt, *ast.CaseClause) {
	if i < 3 {
		return nil, nil
	}
	cc, ok := path[i-1].(*ast.CaseClause)
	if !ok || !IsStmtOf(cc.Body, path[i]) {
		return nil, nil
	}
	if sw, ok := path[i-3].(*ast.SwitchStmt); ok {
		return sw, cc
	}
	return nil, nil
}

// TaglessCase returns the tagless switch whose case clause, path[i-1],
// holds path[i] among its statements; nil otherwise.
func TaglessCase(path []ast.Node, i int) *ast.SwitchStmt {
	if sw, _ := CaseOf(path, i); sw != nil && sw.Tag == nil {
		return sw
	}
	return nil
}

// IsStmtOf reports whether n is one of the statements of list.
func IsStmtOf(list []ast.Stmt, n ast.Node) bool {
	for _, s := range list {
		if ast.Node(s) == n {
			return true
		}
	}
	return false
}

// IfBlocks returns the statements of every branch of an if-else chain.
func IfBlocks(x *ast.IfStmt) [][]ast.Stmt {
	blocks := [][]ast.Stmt{x.Body.List}
	switch e := x.Else.(type) {
	case *ast.BlockStmt:
		blocks = append(blocks, e.List)
	case *ast.IfStmt:
		blocks = append(blocks, IfBlocks(e)...)
	}
	return blocks
}

// InFuncLit reports whether path goes through a function literal below
// its root.
func InFuncLit(path []ast.Node) bool {
	for _, n := range path[1:] {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}

// IsBool reports a boolean type.
func IsBool(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// ConstBool returns the value of a constant boolean expression.
func (pc *Package) ConstBool(e ast.Expr) (bool, bool) {
	tv, ok := pc.Info.Types[e]
	if !ok || tv.Value == nil || !IsBool(tv.Type) {
		return false, false
	}
	return tv.Value.ExactString() == "true", true
}

// IsFuncMap reports a map whose values are functions.
func IsFuncMap(t types.Type) bool {
	if t == nil {
		return false
	}
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	_, fn := m.Elem().Underlying().(*types.Signature)
	return fn
}

// IsString reports a string type.
func IsString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// IsStringish reports a string or a byte slice type.
func IsStringish(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// IsCallee reports whether id, the last node of path, names the function
// its parent call calls (f() or x.f()).
func IsCallee(id *ast.Ident, path []ast.Node) bool {
	if len(path) < 2 {
		return false
	}
	p := path[len(path)-2]
	if sel, ok := p.(*ast.SelectorExpr); ok && sel.Sel == id && len(path) >= 3 {
		p = path[len(path)-3]
		id2 := ast.Expr(sel)
		c, ok := p.(*ast.CallExpr)
		return ok && c.Fun == id2
	}
	c, ok := p.(*ast.CallExpr)
	return ok && ast.Unparen(c.Fun) == ast.Expr(id)
}

// IsAssignTarget reports whether e is on the left of the assignment that
// is its parent.
func IsAssignTarget(e ast.Expr, path []ast.Node) bool {
	as, ok := ParentOf(path).(*ast.AssignStmt)
	return ok && slices.Contains(as.Lhs, e)
}

// IdentOf returns the identifier an expression names: x itself, or the
// selected name of x.sel.
func IdentOf(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// Takes reports a signature with a parameter of type typ, or, for an
// interface, of a type that implements it.
func Takes(sig *types.Signature, typ types.Type) bool {
	iface, _ := typ.Underlying().(*types.Interface)
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if types.Identical(t, typ) || iface != nil && !types.IsInterface(t) && types.Implements(t, iface) {
			return true
		}
	}
	return false
}

// IsContext reports context.Context.
func IsContext(t types.Type) bool { return mcpsdk.IsNamed(t, "context", "Context") }

// PkgPath is the path of o's package, "" for a universe object.
func PkgPath(o types.Object) string {
	if o.Pkg() == nil {
		return ""
	}
	return o.Pkg().Path()
}

// AppendPath returns a copy of path with n appended.
func AppendPath(path []ast.Node, n ast.Node) []ast.Node {
	return append(slices.Clone(path), n)
}

// SameCall reports two calls of the same function with the same
// arguments, each a constant or a variable, or a field or index of one
// (answered(req, "k") and answered(req, "k") again): calls whose result
// depends on nothing else.
func SameCall(info *types.Info, a, b *ast.CallExpr) bool {
	fa, fb := typeutil.StaticCallee(info, a), typeutil.StaticCallee(info, b)
	if fa == nil || fa != fb || len(a.Args) != len(b.Args) {
		return false
	}
	for i := range a.Args {
		if !plainArg(a.Args[i]) || types.ExprString(a.Args[i]) != types.ExprString(b.Args[i]) {
			return false
		}
	}
	return true
}

// plainArg reports an argument that computes nothing: a literal, a name,
// or a field or constant index of one.
func plainArg(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit, *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return plainArg(e.X)
	case *ast.IndexExpr:
		_, lit := ast.Unparen(e.Index).(*ast.BasicLit)
		return lit && plainArg(e.X)
	}
	return false
}

// CondFirst returns the if whose condition tests the call at the end of
// stack (the path down to it) before anything else is evaluated (if
// !confirm(...), if confirm(...) == nil, if confirm(...) && x), or nil.
func CondFirst(stack []ast.Node) *ast.IfStmt {
	for k := len(stack) - 2; k > 0; k-- {
		switch p := stack[k].(type) {
		case *ast.ParenExpr:
		case *ast.UnaryExpr:
			if p.Op != token.NOT {
				return nil
			}
		case *ast.BinaryExpr:
			if p.X != stack[k+1] {
				return nil // evaluated after the other operand, or not at all
			}
		case *ast.IfStmt:
			if p.Init != nil || p.Cond != stack[k+1] {
				return nil
			}
			return p
		default:
			return nil
		}
	}
	return nil
}

// ErrorsIsSentinel returns X of the condition errors.Is(err, X), for the
// error variable err and a package-level variable X; nil otherwise.
func ErrorsIsSentinel(info *types.Info, cond ast.Expr, err *types.Var) *types.Var {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "Is" {
		return nil
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok || info.Uses[id] != err {
		return nil
	}
	var x types.Object
	switch e := ast.Unparen(call.Args[1]).(type) {
	case *ast.Ident:
		x = info.Uses[e]
	case *ast.SelectorExpr:
		x = info.Uses[e.Sel]
	}
	if v, ok := x.(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		return v
	}
	return nil
}
