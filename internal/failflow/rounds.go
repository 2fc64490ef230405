package failflow

import (
	"go/token"
	"slices"

	"github.com/elicitlint/elicitlint/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// This file reads the flow of a round-trip answer for what a handler
// does when the answer is missing: it should ask again, and a failure is
// the missing answer's only on paths that passed no condition but those
// that tell a first round from a retry.

// Rounds names the fields of a request's params that tell a first round
// from a retry: the answers and the state the client echoes.
type Rounds struct{ Responses, State string }

// FailsMissing returns the returns that fail the call on a path where the
// round-trip answer is missing: the last result is an error not nil
// there, or nil as written and fails reports the return as a failure all
// the same. With Site.Rounds set, a path without the answer that passes a
// condition on anything else (a setting, a limit of the server's own, the
// client's capabilities, another call's error) has ended: the failure
// beyond is somebody's choice.
func (f *Flow) FailsMissing(fails func(*ssa.Return) bool) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range f.Fn.Blocks {
		in, reached := f.In[b]
		if !reached || len(b.Instrs) == 0 {
			continue
		}
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(r.Results) == 0 {
			continue
		}
		s := f.Walk(b, in, nil)
		if s&None == 0 {
			continue
		}
		vals := flow.ReturnValues(r)
		last := vals[len(vals)-1]
		if !IsErrorType(last.Type()) {
			continue
		}
		switch f.Eval(last, Missing, s, 6) {
		case ValNonNil:
			out = append(out, r)
		case ValNil:
			if fails(r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// askAgainSplit splits, in the flow's second pass, the paths without the
// answer at a condition, for asking again (Site.Rounds): nowhere, past a
// condition that reads a variable of the answer given another value on
// them (replaced); the one way a condition known on them takes (Eval,
// which reads the edges of the first pass, which let every path
// through); both ways of a condition that tells a first round from a
// retry; nowhere past any other, which is somebody's choice. ok is false
// for a condition of the second kind: the other splits of the flow
// decide it.
func (f *Flow) askAgainSplit(cond ssa.Value, s Set) (yes, no Set, ok bool) {
	f.reading = true
	defer func() { f.reading = false }()
	gone := s &^ NoneAny
	if f.replaced(cond, 4) {
		return gone, gone, true // the answer is no longer what was read
	}
	switch f.Eval(cond, Missing, s&NoneAny, 6) {
	case ValTrue:
		return s, gone, true
	case ValFalse:
		return gone, s, true
	}
	if f.roundOnly(cond, 8, map[ssa.Value]bool{}) {
		return 0, 0, false
	}
	return gone, gone, true
}

// roundOnly reports a condition that tells the first round from a retry:
// it reads nothing but the state the request echoes, whether it carries
// answers at all (len of them, or nil), the answer's values, constants
// and builtins. Another answer, read by its key, is not: what it holds is
// the user's choice.
func (f *Flow) roundOnly(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || seen[v] || f.answerValue(v) {
		return true
	}
	if depth == 0 {
		return false
	}
	seen[v] = true
	r := f.Site.Rounds
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.FieldAddr:
		if r.State != "" && flow.FieldName(x.X.Type(), x.Field) == r.State {
			return true
		}
	case *ssa.Field:
		if r.State != "" && flow.FieldName(x.X.Type(), x.Field) == r.State {
			return true
		}
	case *ssa.Call:
		b, builtin := x.Call.Value.(*ssa.Builtin)
		if !builtin {
			return false
		}
		if b.Name() == "len" && len(x.Call.Args) == 1 && f.isResponses(x.Call.Args[0]) {
			return true
		}
	case *ssa.BinOp:
		if (x.Op == token.EQL || x.Op == token.NEQ) && (f.isResponses(x.X) && flow.IsNilConst(x.Y) || f.isResponses(x.Y) && flow.IsNilConst(x.X)) {
			return true
		}
	case *ssa.Parameter, *ssa.Global, *ssa.FreeVar, *ssa.Function, *ssa.Alloc:
		return false
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && !f.roundOnly(*op, depth-1, seen) {
			return false
		}
	}
	return true
}

// isResponses reports the request's answers, the field itself.
func (f *Flow) isResponses(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return flow.FieldName(fa.X.Type(), fa.Field) == f.Site.Rounds.Responses
		}
	case *ssa.Field:
		return flow.FieldName(x.X.Type(), x.Field) == f.Site.Rounds.Responses
	}
	return false
}

// answerValue reports a value of the read: the answer, its comma-ok, its
// error, the read itself or a result of it.
func (f *Flow) answerValue(v ssa.Value) bool {
	if v == nil {
		return false
	}
	if v == f.root || v == f.okV || v == f.errV {
		return true
	}
	def, isVal := f.def.(ssa.Value)
	if !isVal {
		return false
	}
	x, ok := v.(*ssa.Extract)
	return v == def || ok && x.Tuple == def
}

// replaced reports a condition that reads a variable of the answer given
// another value on a path without it (if !ok { res, ok = dflt, true }):
// past that, the path is not the missing answer's.
func (f *Flow) replaced(v ssa.Value, depth int) bool {
	if depth == 0 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Phi:
		if !slices.ContainsFunc(x.Edges, f.answerValue) {
			return false
		}
		for i, e := range x.Edges {
			if !f.answerValue(e) && f.EdgeSet(x.Block().Preds[i], x.Block()).Any(None) {
				return true
			}
		}
	case *ssa.UnOp:
		return f.replaced(x.X, depth-1)
	case *ssa.BinOp:
		return f.replaced(x.X, depth-1) || f.replaced(x.Y, depth-1)
	case *ssa.ChangeType:
		return f.replaced(x.X, depth-1)
	}
	return false
}
