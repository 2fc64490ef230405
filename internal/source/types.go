package source

import (
	"go/ast"
	"go/types"
)

// This file holds the readings of types and assertions the model and
// the checks share: the comma-ok form, Content's map type, and a name for
// a type that is the same in every package.

// IsCommaOK reports whether the last node of path (a type assertion) is
// the right-hand side of a v, ok := x.(T) form.
func IsCommaOK(path []ast.Node) bool {
	switch p := ParentOf(path).(type) {
	case *ast.AssignStmt:
		return len(p.Lhs) == 2 && len(p.Rhs) == 1
	case *ast.ValueSpec:
		return len(p.Names) == 2 && len(p.Values) == 1
	}
	return false
}

// IsStringAnyMap reports a map from strings to the empty interface (an
// answer's Content, map[string]any, or a named type of it).
func IsStringAnyMap(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	return ok && k.Kind() == types.String && types.IsInterface(m.Elem()) && m.Elem().Underlying().(*types.Interface).Empty()
}

// CanonType names a type the same way in every package.
func CanonType(t types.Type) string {
	if types.IsInterface(t) {
		return "interface"
	}
	if s, ok := t.Underlying().(*types.Slice); ok && types.IsInterface(s.Elem()) {
		if _, named := types.Unalias(t).(*types.Named); !named {
			return "[]any"
		}
	}
	return types.TypeString(t, nil)
}
