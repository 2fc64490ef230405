package migrate

import (
	"go/ast"

	"github.com/elicitlint/elicitlint/internal/replay"
)

// replay is the judge of what the migration of m may run twice (see
// internal/replay): the handler's parameters are the call's.
func (m *migration) replay() replay.Path { return replay.Path{Mod: m.mod, Fn: m.fn, Safe: m.safe} }

// impure returns the first node of n whose evaluation has an effect other
// than on the values of the call in progress, or nil.
func (m *migration) impure(n ast.Node) ast.Node { return m.replay().Impure(n) }
