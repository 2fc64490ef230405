package duties

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/source"
)

// This file reads pinning options kept in a struct: a field of a
// package-level configuration (cfg.Versions), of a local one, of one
// nested in another, or of what a function of the package returns.

// fieldOf reads the field sel selects from a struct value the package
// writes once: read gets the field's value in the literal, or nil when the
// literal leaves it out (its zero value). An assignment to the field of
// the variable (cfg.Versions = x) is a value it may take too.
func (pc *Pkg) fieldOf(sel *ast.SelectorExpr, depth int, read func(ast.Expr) tri) tri {
	if depth > source.FollowDepth {
		return unknownTri
	}
	s, ok := pc.Info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return unknownTri // a method, or a field promoted from an embedded struct
	}
	name := sel.Sel.Name
	verdict := pc.structOf(sel.X, depth+1, func(lit *ast.CompositeLit) tri {
		if kv := source.LitField(lit, name); kv != nil {
			return read(kv.Value)
		}
		return read(nil)
	})
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
		if v, ok := pc.Info.Uses[id].(*types.Var); ok {
			for _, set := range pc.pinIx.fieldSet[v] {
				if kv := set.(*ast.KeyValueExpr); kv.Key.(*ast.Ident).Name == name {
					verdict = verdict.and(read(kv.Value))
				}
			}
		}
	}
	return verdict
}

// structOf reads a struct value with f, which gets its literal: in place
// (or its address), through a variable written once, a field of another
// struct, or every return of a function of the package.
func (pc *Pkg) structOf(e ast.Expr, depth int, f func(*ast.CompositeLit) tri) tri {
	if depth > source.FollowDepth {
		return unknownTri
	}
	switch x := source.UnAddr(e).(type) {
	case *ast.CompositeLit:
		if _, ok := pc.Info.TypeOf(x).Underlying().(*types.Struct); !ok {
			return unknownTri
		}
		return f(x)
	case *ast.Ident:
		if _, def := pc.identDef(x); def != nil {
			return pc.structOf(def, depth+1, f)
		}
	case *ast.SelectorExpr:
		return pc.fieldOf(x, depth+1, func(v ast.Expr) tri {
			if v == nil {
				return unknownTri // a zero struct: nothing pinned, but say nothing
			}
			return pc.structOf(v, depth+1, f)
		})
	case *ast.CallExpr:
		return pc.returnsAll(x, depth, func(r ast.Expr) tri { return pc.structOf(r, depth+1, f) })
	}
	return unknownTri
}

// identDef is the variable id uses and the one value it is given (see
// onlyDef), or a nil value.
func (pc *Pkg) identDef(id *ast.Ident) (*types.Var, ast.Expr) {
	v, ok := pc.Info.Uses[id].(*types.Var)
	if !ok {
		return nil, nil
	}
	return v, pc.onlyDef(v)
}

// onlyDef is the one value a variable is given, or nil: a local assigned
// once where the assignment can be read, or a package-level variable
// written once.
func (pc *Pkg) onlyDef(v *types.Var) ast.Expr {
	if source.IsLocal(v) {
		defs := pc.Defs(v)
		if len(defs) != 1 || defs[0].Unknown || defs[0].Tuple {
			return nil
		}
		return defs[0].Rhs
	}
	if a := pc.Assignments()[v]; a != nil && a.Writes == 1 && !a.Tuple {
		return a.Def
	}
	return nil
}
