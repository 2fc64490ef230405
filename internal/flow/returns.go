package flow

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// ReturnValues is what a return returns. In a function that defers a
// call, go/ssa keeps the results in memory, since a deferred recover may
// set them: each return statement stores its results, runs the defers and
// returns what it loads back. A result no closure captures is the value
// the return's block stored (Loaded); one a closure captures stays the
// load.
func ReturnValues(r *ssa.Return) []ssa.Value {
	fn := r.Parent()
	if fn == nil || fn.Recover == nil {
		return r.Results
	}
	out := make([]ssa.Value, len(r.Results))
	for i, v := range r.Results {
		out[i] = Loaded(v)
	}
	return out
}

// Loaded is what v reads when it loads a local that go/ssa kept in
// memory (the results of a function that defers a call) and no closure
// captures: the value its block stored last before the load. Any other v
// is itself.
func Loaded(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || load.Block() == nil {
		return v
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok || alloc.Heap || !onlyLoadedAndStored(alloc) {
		return v
	}
	instrs := load.Block().Instrs
	at := slices.Index(instrs, ssa.Instruction(load))
	for i := at - 1; i >= 0; i-- {
		if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == ssa.Value(alloc) {
			return st.Val
		}
	}
	return v
}

// onlyLoadedAndStored reports an alloc whose address goes nowhere: every
// use loads from it or stores to it.
func onlyLoadedAndStored(alloc *ssa.Alloc) bool {
	for _, ref := range *alloc.Referrers() {
		switch x := ref.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if x.Addr != alloc || x.Val == ssa.Value(alloc) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}
