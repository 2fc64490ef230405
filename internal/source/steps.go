package source

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
)

// This file reads a map schema built in steps, as code ported from
// JavaScript or Python writes it:
//
//	props := map[string]any{}
//	props["email"] = map[string]any{"type": "string"}
//	props["age"] = map[string]any{"type": "integer"}
//	schema := map[string]any{"type": "object", "properties": props}
//
// as the one literal it ends up being, so that its findings point at the
// values the steps give.

// MapSteps returns the map a local variable is declared with (a literal or
// a make), and the entries it ends up with once the steps have replaced or
// added theirs, when it is declared with such a map and then only given
// entries under constant keys by statements of the same block, before
// every other use, each of which only puts the map into a literal (a
// schema's "properties", the request's params) or another map's step; or
// nil. A map that is given to a function, deleted from, filled in a loop
// or a branch, or used before its last step may hold anything.
func (pc *Package) MapSteps(v *types.Var) (ast.Expr, []ast.Expr) {
	if !IsLocal(v) {
		return nil, nil
	}
	if _, ok := v.Type().Underlying().(*types.Map); !ok {
		return nil, nil
	}
	file := pc.FileOf(v.Pos())
	if file == nil {
		return nil, nil
	}
	path, _ := astutil.PathEnclosingInterval(file, v.Pos(), v.Pos())
	var block *ast.BlockStmt
	var decl ast.Stmt
	for i, n := range path {
		if b, ok := n.(*ast.BlockStmt); ok && i > 0 {
			block, decl = b, path[i-1].(ast.Stmt)
			break
		}
		if _, ok := n.(ast.Stmt); ok && i > 0 {
			if _, ok := path[i-1].(ast.Stmt); ok {
				return nil, nil // declared in an if's or a for's header
			}
		}
	}
	if block == nil {
		return nil, nil
	}
	a := pc.Assignments()[v]
	if a == nil || a.Tuple {
		return nil, nil
	}
	lit := mapMaker(pc, a.Def)
	if lit == nil {
		return nil, nil
	}
	start := slices.Index(block.List, decl)
	// The entries it ends up with: the literal's, each replaced or added
	// to by the steps in turn.
	var elts []ast.Expr
	keys := map[string]int{}
	if cl, ok := lit.(*ast.CompositeLit); ok {
		for _, e := range cl.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				return nil, nil
			}
			k, ok := ConstString(pc.Info, kv.Key)
			if !ok {
				return nil, nil
			}
			keys[k] = len(elts)
			elts = append(elts, e)
		}
	}
	steps := map[*ast.Ident]bool{}
	lastStep := decl.End()
	for _, st := range block.List[start+1:] {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		ix, ok := as.Lhs[0].(*ast.IndexExpr)
		if !ok {
			continue
		}
		id, ok := ast.Unparen(ix.X).(*ast.Ident)
		if !ok || pc.Info.Uses[id] != v {
			continue
		}
		k, ok := ConstString(pc.Info, ix.Index)
		if !ok {
			return nil, nil
		}
		steps[id] = true
		lastStep = as.End()
		kv := &ast.KeyValueExpr{Key: ix.Index, Colon: ix.Rbrack, Value: as.Rhs[0]}
		if i, seen := keys[k]; seen {
			elts[i] = kv
			continue
		}
		keys[k] = len(elts)
		elts = append(elts, kv)
	}
	if len(steps) == 0 {
		return nil, nil
	}
	// Every write is the declaration or one of the steps, and every other
	// use (all within the block, the variable's scope) comes after the
	// last step and only puts the map into a literal.
	if a.Writes != len(steps)+1 {
		return nil, nil
	}
	ok := true
	WalkWithPath(block, func(n ast.Node, path []ast.Node) {
		if id, isID := n.(*ast.Ident); isID && pc.Info.Uses[id] == v && !steps[id] {
			ok = ok && id.Pos() > lastStep && inLiteral(ParentOf(path), id)
		}
	})
	if !ok {
		return nil, nil
	}
	return lit, elts
}

// mapMaker returns e when it makes a map: a map literal, or make(...).
func mapMaker(pc *Package, e ast.Expr) ast.Expr {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return x
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "make" {
			if _, builtin := pc.Info.Uses[id].(*types.Builtin); builtin {
				return x
			}
		}
	}
	return nil
}

// inLiteral reports a use of a variable as an element or a value of a
// composite literal, or as the value a step gives another map.
func inLiteral(parent ast.Node, id *ast.Ident) bool {
	switch p := parent.(type) {
	case *ast.KeyValueExpr:
		return p.Value == id
	case *ast.CompositeLit:
		return slices.Contains(p.Elts, ast.Expr(id))
	case *ast.AssignStmt:
		if len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Rhs[0] == ast.Expr(id) {
			_, ok := p.Lhs[0].(*ast.IndexExpr)
			return ok
		}
	}
	return false
}
