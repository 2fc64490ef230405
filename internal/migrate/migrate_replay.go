package migrate

import (
	"go/ast"
	"slices"

	"github.com/elicitlint/elicitlint/internal/replay"
)

// replay is the judge of what the migration of m may run twice (see
// internal/replay): the handler's parameters are the call's.
func (m *migration) replay() replay.Path { return replay.Path{Mod: m.mod, Fn: m.fn, Safe: m.safe} }

// replayReads is replay, keeping the reads it lets run twice for the
// fix's message (readNote).
func (m *migration) replayReads() replay.Path {
	p := m.replay()
	p.Read = func(call *ast.CallExpr) {
		if !slices.Contains(m.reads, call) {
			m.reads = append(m.reads, call)
		}
	}
	return p
}

// impure returns the first node of n whose evaluation has an effect other
// than on the values of the call in progress, or nil.
func (m *migration) impure(n ast.Node) ast.Node { return m.replay().Impure(n) }

// readNote names, for the fix's message, the reads that run again on the
// call that brings the answer, so that a reviewer sees them.
func (m *migration) readNote() string { return replay.ReadNote(m.readTexts()) }

// readTexts are the reads, as the fix's message quotes them.
func (m *migration) readTexts() []string { return replay.Quote(m.mod, m.reads, nil) }

// writeNote says, for a reason that refuses the fix, what bad writes.
func (m *migration) writeNote(bad ast.Node) string { return replay.WriteNote(m.mod, bad) }
