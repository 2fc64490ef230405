package source

import (
	"go/ast"
	"go/token"
	"go/types"
)

// VarDef is one value given to a local variable: the right side of an
// assignment or declaration (tuple: the idx'th result of a call), the zero
// value of a declaration without one (rhs nil), or a write that cannot be
// followed (unknown: a range, op-assignment, &v).
type VarDef struct {
	Rhs     ast.Expr
	Idx     int
	Tuple   bool
	Unknown bool
}

// Defs returns every value the package gives local variable v.
func (pc *Package) Defs(v *types.Var) []VarDef {
	pc.defsOnce.Do(func() { pc.defs = pc.indexDefs() })
	return pc.defs[v]
}

func (pc *Package) indexDefs() map[*types.Var][]VarDef {
	m := map[*types.Var][]VarDef{}
	returned := map[*ast.UnaryExpr]bool{}
	local := func(id *ast.Ident) *types.Var {
		v, _ := pc.Info.ObjectOf(id).(*types.Var)
		if v == nil || !IsLocal(v) || v.IsField() {
			return nil
		}
		return v
	}
	for _, f := range pc.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					id, ok := ast.Unparen(l).(*ast.Ident)
					if !ok {
						continue
					}
					v := local(id)
					if v == nil {
						continue
					}
					switch {
					case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
						m[v] = append(m[v], VarDef{Unknown: true})
					case len(n.Lhs) == len(n.Rhs):
						m[v] = append(m[v], VarDef{Rhs: n.Rhs[i]})
						if u, ok := ast.Unparen(n.Rhs[i]).(*ast.UnaryExpr); ok && u.Op == token.AND {
							returned[u] = true // caps = &c: read through caps as c itself
						}
					case len(n.Rhs) == 1:
						m[v] = append(m[v], VarDef{Rhs: n.Rhs[0], Idx: i, Tuple: true})
					}
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					v := local(id)
					if v == nil {
						continue
					}
					switch {
					case len(n.Values) == 0:
						m[v] = append(m[v], VarDef{})
					case len(n.Values) == len(n.Names):
						m[v] = append(m[v], VarDef{Rhs: n.Values[i]})
					case len(n.Values) == 1:
						m[v] = append(m[v], VarDef{Rhs: n.Values[0], Idx: i, Tuple: true})
					}
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						if v := local(id); v != nil {
							m[v] = append(m[v], VarDef{Unknown: true})
						}
					}
				}
			case *ast.ReturnStmt:
				for _, r := range n.Results {
					if u, ok := ast.Unparen(r).(*ast.UnaryExpr); ok && u.Op == token.AND {
						returned[u] = true // return &c: the value is not written after
					}
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && !returned[n] {
					if v := local(id); v != nil {
						m[v] = append(m[v], VarDef{Unknown: true})
					}
				}
			case *ast.IncDecStmt:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if v := local(id); v != nil {
						m[v] = append(m[v], VarDef{Unknown: true})
					}
				}
			}
			return true
		})
	}
	return m
}
