// Package failflow reads, on the SSA form of a function that holds a
// request, what may hold on each path as seen from its answer: before the
// request, each action, an action that is none of the three (a round-trip
// answer is client input), or no answer at all (the request failed, the
// round-trip answer is missing). From that it tells what the paths without
// an answer return and which work they reach.
//
//   - paths.go is the dataflow: the sets of paths per block, and the tests
//     that split them (the action, the error, the comma-ok, a decision).
//   - values.go reads what a returned value is on a kind of path.
//   - outcomes.go tells the decisions a function returns and the work a
//     path reaches.
//   - decision.go is the DecisionFact: a function that returns a decision
//     made from a request, whose error means the question was not asked.
//   - rounds.go reads the flow for asking again: the returns that fail the
//     call where a round-trip answer is missing (Site.Rounds).
//
// The fail-open check reports from it; the round-trip check's missing
// answers (internal/answers) read it for asking again; the model's
// decision summary makes the facts with it. It uses internal/flow,
// internal/source and internal/mcpsdk; what it needs of the model
// (result-like types, other functions' facts) is handed to it in an Env.
package failflow

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// Env is what the flow needs of the package analysed.
type Env struct {
	*source.Package
	// ResultSDK returns the SDK of a result type, or the description of a
	// result-like project type, or nil.
	ResultSDK func(types.Type) *mcpsdk.SDK
	// SF reads actions and error gates on SSA.
	SF *flow.SSAFlow
	// ClientDeclared reports a function whose result is what the client
	// declared it can do (internal/duties): the SDK's reader of the
	// request's capabilities, or a capability helper. Nil: none.
	ClientDeclared func(*types.Func) bool
	// Undeclared reads an if's condition as a test of the client's
	// capabilities: whether its true, or its false, branch is where the
	// client did not declare elicitation (undeclared.go). Nil: none.
	Undeclared func(cond ast.Expr) (onTrue, onFalse bool)
}

// Site is the answer a flow follows: a request's answer, an action
// returned by a function, or the decision of a decision function.
type Site struct {
	// Expr is the call or type assertion that gives the answer.
	Expr ast.Expr
	// Idx is the position of the answer in the call's results; for a
	// decision that is only an error, -1.
	Idx int
	// RoundTrip is set on round-trip answers: client input.
	RoundTrip bool
	// ActionOnly is set when the value is an answer's action.
	ActionOnly bool
	// Decision is set on calls of a function that returns a decision.
	Decision *DecisionFact
	// OK is the position, in the call's results, of the bool that is
	// false when a round-trip answer is missing (an answer helper's
	// comma-ok), or -1.
	OK int
	// Rounds, when set, reads the flow for asking again (rounds.go):
	// the paths without the answer pass only conditions that tell a
	// first round from a retry.
	Rounds *Rounds
}

// Flow is the flow of one answer in one function.
type Flow struct {
	env  *Env
	Fn   *ssa.Function
	Site Site
	// def makes the answer; root is the answer (or the action, or the
	// decision); errV is the call's error and okV the comma-ok of a
	// round-trip assertion, when there are.
	def       ssa.Instruction
	root      ssa.Value
	errV, okV ssa.Value
	// In is the set of paths on entry to each block reached.
	In map[*ssa.BasicBlock]Set
	// outcomes caches, per block, the returns and work calls reachable
	// from it (see decides).
	outcomes map[*ssa.BasicBlock]map[ssa.Instruction]bool
	// flags is set for the second pass of the flow, which splits the
	// paths at a condition on a flag the answer set (approved := true;
	// if res != nil { approved = res.Action == "accept" }; if !approved
	// {...}) by the flag's value on each (flagSplit); reading is set
	// while a split reads the flag, which then reads the edges of the
	// pass before.
	flags, reading bool
	// undeclared caches undeclaredEdge per block; keepPre turns it off
	// (Undeclared's second flow).
	undeclared    map[*ssa.BasicBlock]int
	anyUndeclared bool
	keepPre       bool
	// Elsewhere are the instructions only another answer's accept
	// reaches (another request of the function: a round trip beside a
	// direct request kept for older protocols). A path that never asked
	// this question and calls the work there called it on that accept,
	// not unasked: WorkReached does not count it as a refusal's call.
	Elsewhere map[ssa.Instruction]bool
	// consts are the integer constants Eval has read, by their Val
	// (ValConst on).
	consts []constant.Value
}

// New finds the answer's values in fn's SSA form and runs the flow, or
// returns nil.
func New(env *Env, fn *ssa.Function, site Site) *Flow {
	f := &Flow{env: env, Fn: fn, Site: site, outcomes: map[*ssa.BasicBlock]map[ssa.Instruction]bool{}}
	// Asking again is read on the paths of clients that were asked: one
	// that cannot be asked is not missing an answer.
	f.keepPre = site.Rounds != nil
	switch site.Expr.(type) {
	case *ast.CallExpr, *ast.TypeAssertExpr:
		f.def = flow.InstrAt(fn, site.Expr)
	case *ast.IndexExpr:
		if site.RoundTrip {
			f.def = flow.InstrAt(fn, site.Expr) // responses[key]
		}
	}
	v, ok := f.def.(ssa.Value)
	if !ok || v.Referrers() == nil {
		return nil
	}
	tup, isTuple := v.Type().(*types.Tuple)
	switch {
	case !isTuple && f.errorDecision():
		f.errV = v // the decision is the call's only result, its error
	case !isTuple && site.RoundTrip && site.Idx < 0 && site.OK == 0:
		f.okV = v // an answer helper's bool
	case !isTuple:
		f.root = v
	default:
		for _, r := range *v.Referrers() {
			x, ok := r.(*ssa.Extract)
			if !ok {
				continue
			}
			switch {
			case x.Index == site.Idx:
				f.root = x
			case x.Index == tup.Len()-1 && IsErrorType(x.Type()):
				f.errV = x
			case x.Index == site.OK:
				f.okV = x
			case x.Index == 1 && !f.valueOnly():
				if _, assert := f.def.(*ssa.TypeAssert); assert {
					f.okV = x
				}
			}
		}
	}
	if f.root != nil && !f.valueOnly() {
		f.root = storedIn(f.lift(f.root))
	}
	switch {
	case f.root == nil && !f.errorDecision() && f.okV == nil,
		f.errV == nil && f.okV == nil && !site.RoundTrip:
		return nil
	}
	f.In = flow.ForwardFlow(fn, Pre, f.transfer)
	if f.hasFlags() || site.Rounds != nil {
		f.flags = true
		f.In = flow.ForwardFlow(fn, Pre, f.transfer)
	}
	return f
}

// valueOnly reports a site whose value is not an answer whose fields are
// read: an action, or a decision.
func (f *Flow) valueOnly() bool { return f.Site.ActionOnly || f.Site.Decision != nil }

// errorDecision reports a decision that is its error alone.
func (f *Flow) errorDecision() bool { return f.Site.Decision != nil && f.Site.Decision.Result < 0 }

// Def is the instruction that makes the answer.
func (f *Flow) Def() ssa.Instruction { return f.def }

// IsErrorType reports the type error.
func IsErrorType(t types.Type) bool { return source.IsError(t) }

// storedIn returns the local variable a struct answer is kept in, when
// storing it there is all that is done with it (a value whose fields are
// read as a.Action lives in memory, not in registers), or v.
func storedIn(v ssa.Value) ssa.Value {
	refs := v.Referrers()
	if refs == nil || len(*refs) != 1 {
		return v
	}
	if st, ok := (*refs)[0].(*ssa.Store); ok && st.Val == v {
		if a, ok := st.Addr.(*ssa.Alloc); ok && !a.Heap {
			return a
		}
	}
	return v
}
