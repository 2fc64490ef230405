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

// blocked says what refuses the fix when bad is not replay-safe on the
// way through list to target: bad, or a write further on when bad is a
// call elicitlint cannot see into (replay.Path.Unvouched), and the note
// that says what it writes or names the -replay-safe pattern for every
// such call on the way.
func (m *migration) blocked(list []ast.Stmt, target ast.Stmt, bad ast.Node) (ast.Node, string) {
	bad, more := m.replay().Unvouched(list, target, bad)
	return bad, replay.WriteNote(m.mod, bad, more)
}
