package migrate

import (
	"go/ast"
)

// This file decides what the migration may run twice. After the fix, a
// handler runs once to ask and once more with the answer, so what runs
// before the request runs twice. That is fine for code whose only effect
// is on the values of the call (reading the call's arguments, building a
// message), and for logging, which then logs twice; not for anything else
// (a counter, a random ID, a write, a message to the client). What a call
// may do is internal/source's PureCall (pure.go). Where elicitlint cannot
// tell (a method of an interface, a store's Get), the author may say so
// with //elicitlint:replay-safe (report.Directives.ReplaySafe).

// impure returns the first node of n whose evaluation has an effect other
// than on the values of the call in progress, or nil (see
// source.ImpureIn): the handler's parameters are the call's.
func (m *migration) impure(n ast.Node) ast.Node {
	return m.mod.ImpureInExcept(n, m.fn, true, func(n ast.Node) bool {
		return m.safe != nil && m.safe(n) || m.mod.Dirs.ReplaySafe(n)
	})
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
