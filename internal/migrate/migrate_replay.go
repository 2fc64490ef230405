package migrate

import (
	"go/ast"
	"go/token"
)

// This file decides what the migration may run twice. After the fix, a
// handler runs once to ask and once more with the answer, so what runs
// before the request runs twice. That is fine for code whose only effect
// is on the handler's own variables (reading the call's arguments,
// building a message), and for logging, which then logs twice; not for
// anything else (a counter, a random ID, a write, a message to the
// client). What a call may do is internal/source's PureCall.

// impure returns the first node of n whose evaluation has an effect other
// than on the handler's local variables, or nil: calls only of pure or
// logging functions, the SDK's readers, conversions and non-mutating
// builtins; assignments only to local variables; no channel operations,
// go or defer statements. Function literals are not called where they are
// written.
func (m *migration) impure(n ast.Node) ast.Node {
	pc := m.mod
	var bad ast.Node
	ast.Inspect(n, func(n ast.Node) bool {
		if bad != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			// defer cancel() of a context made here: cancelling it on
			// either call has no other effect.
			if !pc.Cancels(n.Call) {
				bad = n
			}
			return false
		case *ast.GoStmt, *ast.SendStmt:
			bad = n
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				bad = n
			}
		case *ast.IncDecStmt:
			if !pc.LocalTarget(n.X) {
				bad = n
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if !pc.LocalTarget(l) {
					bad = n
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil && !pc.LocalTarget(n.Key) || n.Value != nil && !pc.LocalTarget(n.Value) {
				bad = n
			}
		case *ast.CallExpr:
			if !pc.PureCall(n) {
				bad = n
			}
		}
		return bad == nil
	})
	return bad
}

// impureAny returns the first node of the non-nil ns that impure finds.
func (m *migration) impureAny(ns ...ast.Node) ast.Node {
	for _, n := range ns {
		if n == nil {
			continue
		}
		if bad := m.impure(n); bad != nil {
			return bad
		}
	}
	return nil
}
