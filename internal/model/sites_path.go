package model

import (
	"go/ast"

	"github.com/elicitlint/elicitlint/internal/source"
)

// OnOnePath reports whether some path through the function surely sets both
// fields of a request, so that what they mean together (url mode and a
// schema, form mode and a URL) is what one request carries. A field set on
// every path (in the literal, or by a statement of the block that declares
// the request) is on the path of any other. Two fields set on some paths
// only are on one path when the block or case clause holding one
// assignment also holds the other, however deep: "p.Mode = url; p.URL = u"
// in one branch. Fields on exclusive branches (if and else, two cases) or
// under separate conditions, whose relation is unknown, are not.
func (pc *Model) OnOnePath(a, b *FieldVal) bool {
	if a == nil || b == nil || !a.maybe || !b.maybe {
		return true
	}
	return encloses(a.scope, b.At()) || encloses(b.scope, a.At())
}

func encloses(scope, n ast.Node) bool {
	return scope != nil && n != nil && scope.Pos() <= n.Pos() && n.End() <= scope.End()
}

// assignScope returns the block or case clause that holds the assignment
// at the end of path directly, or nil when it is elsewhere (the init of an
// if, a function literal).
func assignScope(path []ast.Node) ast.Node {
	for _, n := range path {
		if _, ok := n.(*ast.FuncLit); ok {
			return nil
		}
	}
	switch p := source.ParentOf(path).(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return p
	}
	return nil
}
