package reqstate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
)

// This file tells a test of the state that only chooses the wording of a
// question from one that decides what the tool does. A handler that
// records "asked" in its state to say "Please answer: ..." the second time
// decides nothing with it: a client that forges the state changes only the
// text it is shown.

// wordingOnly reports whether the test of the state at the top of path is
// the condition of an if (or the tag of a switch) whose branches only set
// string variables that are used nowhere but in the Message of an
// elicitation's params.
func (sf *stateFlow) wordingOnly(at ast.Node, path []ast.Node) bool {
	var blocks [][]ast.Stmt
	for i := len(path) - 1; i >= 0 && blocks == nil; i-- {
		switch x := path[i].(type) {
		case *ast.IfStmt:
			if !source.Within(at, x.Cond) {
				return false // a test inside a branch decides that branch's code
			}
			blocks = source.IfBlocks(x)
		case *ast.SwitchStmt:
			if x.Tag == nil || !source.Within(at, x.Tag) {
				return false
			}
			for _, c := range x.Body.List {
				blocks = append(blocks, c.(*ast.CaseClause).Body)
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	if blocks == nil {
		return false
	}
	set := map[*types.Var]bool{}
	for _, b := range blocks {
		for _, st := range b {
			if !sf.wordingAssign(st, set) {
				return false
			}
		}
	}
	return len(set) > 0 && sf.usedOnlyAsMessage(set)
}

// wordingAssign reports whether st only sets local string variables to
// text: constants, variables, fields and their concatenation or
// fmt.Sprintf. It adds the variables to set.
func (sf *stateFlow) wordingAssign(st ast.Stmt, set map[*types.Var]bool) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok || (as.Tok != token.ASSIGN && as.Tok != token.DEFINE) || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for i, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := sf.pc.Info.ObjectOf(id).(*types.Var)
		if v == nil || !source.IsLocal(v) || !source.IsString(v.Type()) || !sf.text(as.Rhs[i]) {
			return false
		}
		set[v] = true
	}
	return true
}

// text reports an expression that only makes text: no call but
// fmt.Sprintf, whose arguments are text too.
func (sf *stateFlow) text(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit, *ast.Ident:
		return true
	case *ast.SelectorExpr:
		_, isVar := sf.pc.Info.ObjectOf(x.Sel).(*types.Var)
		return isVar || sf.pc.Info.Types[x].Value != nil
	case *ast.BinaryExpr:
		return x.Op == token.ADD && sf.text(x.X) && sf.text(x.Y)
	case *ast.CallExpr:
		if !source.IsSprintf(sf.pc.Info, x) {
			return false
		}
		for _, a := range x.Args {
			if !sf.text(a) {
				return false
			}
		}
		return true
	}
	return false
}

// usedOnlyAsMessage reports whether every read of the variables is part
// of the Message of an SDK's elicitation params literal (through
// concatenation or fmt.Sprintf), and they are read at least once.
func (sf *stateFlow) usedOnlyAsMessage(set map[*types.Var]bool) bool {
	ok, read := true, false
	source.WalkWithPath(sf.body, func(n ast.Node, path []ast.Node) {
		id, isID := n.(*ast.Ident)
		if !ok || !isID {
			return
		}
		v, _ := sf.pc.Info.Uses[id].(*types.Var)
		if v == nil || !set[v] {
			return
		}
		// An assignment to the variable is no read.
		if len(path) >= 2 {
			if as, isAs := path[len(path)-2].(*ast.AssignStmt); isAs && slices.Contains(as.Lhs, ast.Expr(id)) {
				return
			}
		}
		read = true
		if !sf.inMessage(path, set) {
			ok = false
		}
	})
	return ok && read
}

// inMessage reports whether the node on top of path is (part of) the
// value of the Message field of an SDK's params literal, or of the text
// assigned to one of the variables of set (msg = "Please answer: " + msg).
func (sf *stateFlow) inMessage(path []ast.Node, set map[*types.Var]bool) bool {
	for i := len(path) - 2; i >= 0; i-- {
		switch x := path[i].(type) {
		case *ast.ParenExpr, *ast.BinaryExpr:
			continue
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				id, isID := l.(*ast.Ident)
				if !isID {
					return false
				}
				if v, _ := sf.pc.Info.ObjectOf(id).(*types.Var); v == nil || !set[v] {
					return false
				}
			}
			return true
		case *ast.CallExpr:
			if source.IsSprintf(sf.pc.Info, x) {
				continue
			}
			return false
		case *ast.KeyValueExpr:
			key, ok := x.Key.(*ast.Ident)
			if !ok || key.Name != mcpsdk.FieldMessage || i == 0 {
				return false
			}
			lit, ok := path[i-1].(*ast.CompositeLit)
			return ok && sf.pc.SDKs.Params(sf.pc.Info.TypeOf(lit)) != nil
		default:
			return false
		}
	}
	return false
}
