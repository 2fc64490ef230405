package failflow

import (
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// This file tells client input from an operator's setting. A condition
// that decides, where the answer may be missing, whether to go ahead is
// somebody's choice when an operator made it (a setting, a flag, a
// field of the server); when it is computed from what the client sent,
// the client chooses, and a client that cannot be asked must not be able
// to choose to go ahead.

// clientInput reports whether v is computed from what the client sent:
// the handler's request (its arguments, answers and request state) or the
// typed input of a tool handler, read through fields, indexing,
// conversions, comparisons, len and the methods of the SDKs and the
// standard library. Another function of the project may compare it with
// a setting, so its result is not followed.
func (f *Flow) clientInput(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth == 0 || seen[v] {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Parameter:
		return f.inputParam(x)
	case *ssa.Alloc:
		// An addressed struct parameter is stored into a local first.
		if x.Referrers() == nil {
			return false
		}
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && f.clientInput(st.Val, depth-1, seen) {
				return true
			}
		}
		return false
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil && f.env.ClientDeclared != nil {
			if obj, ok := fn.Object().(*types.Func); ok && f.env.ClientDeclared(obj) {
				return true // what the client declared it can do
			}
		}
		if !f.transparentCall(x) {
			return false
		}
	case *ssa.Const, *ssa.Global, *ssa.Function, *ssa.FreeVar, *ssa.Builtin:
		return false
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && f.clientInput(*op, depth-1, seen) {
			return true
		}
	}
	return false
}

// transparentCall reports a call whose result is made from its arguments
// without a choice of the project's: a builtin (len), a function or
// method of an SDK or of the standard library.
func (f *Flow) transparentCall(call *ssa.Call) bool {
	com := call.Common()
	if com.IsInvoke() {
		return pkgTransparent(f.env, com.Method.Pkg())
	}
	switch fn := com.Value.(type) {
	case *ssa.Builtin:
		return true
	case *ssa.Function:
		if obj, ok := fn.Object().(*types.Func); ok {
			return pkgTransparent(f.env, obj.Pkg())
		}
	}
	return false
}

func pkgTransparent(env *Env, p *types.Package) bool {
	if p == nil || p == env.Pass.Pkg {
		return false
	}
	return env.SDKs.IsSDKPath(p.Path()) || source.IsStd(p.Path())
}

// inputParam reports a parameter that holds what the client sent: a
// request of an SDK that carries a call's params, or, in a handler, a
// parameter after such a request (the typed input of a go-sdk tool
// handler) other than a context.
func (f *Flow) inputParam(p *ssa.Parameter) bool {
	if f.requestType(p.Type()) {
		return true
	}
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if fn.Signature.Recv() != nil {
		idx--
	}
	if idx < 0 {
		return false
	}
	res := fn.Signature.Results()
	if res.Len() == 0 || !HandlerResult(f.env.Package, res.At(0).Type()) {
		return false // a helper's parameters are what its callers pass
	}
	params := fn.Signature.Params()
	for i := 0; i < idx; i++ {
		if f.requestType(params.At(i).Type()) {
			return !isContext(p.Type())
		}
	}
	return false
}

// requestType reports a request type of an SDK whose params carry what a
// client sends with a call: their arguments or answers.
func (f *Flow) requestType(t types.Type) bool {
	obj := mcpsdk.NamedObj(t)
	if obj == nil {
		return false
	}
	sdk := f.env.SDKs.OfPkg(obj)
	if sdk == nil {
		return false
	}
	field := "Params"
	if sdk.RoundTrip != nil {
		field = sdk.RoundTrip.ParamsField
	}
	params, _, _ := types.LookupFieldOrMethod(t, true, nil, field)
	pv, ok := params.(*types.Var)
	if !ok || !pv.IsField() {
		return false
	}
	for _, name := range []string{"Arguments", responsesField(sdk)} {
		if name == "" {
			continue
		}
		if obj, _, _ := types.LookupFieldOrMethod(pv.Type(), true, nil, name); obj != nil {
			return true
		}
	}
	return false
}

func responsesField(sdk *mcpsdk.SDK) string {
	if sdk.RoundTrip == nil {
		return ""
	}
	return sdk.RoundTrip.ResponsesField
}

func isContext(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// ownValue reports whether v is computed by the function from constants
// alone: a counter (i < 3 in a retry loop), not a setting.
func ownValue(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true // a loop: its other edges decide
	}
	if depth == 0 {
		return false
	}
	seen[v] = true
	var ops []ssa.Value
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Phi:
		ops = x.Edges
	case *ssa.BinOp:
		ops = []ssa.Value{x.X, x.Y}
	case *ssa.UnOp:
		if x.Op == token.MUL || x.Op == token.ARROW {
			return false // a load, a receive: from elsewhere
		}
		ops = []ssa.Value{x.X}
	case *ssa.Convert:
		ops = []ssa.Value{x.X}
	case *ssa.ChangeType:
		ops = []ssa.Value{x.X}
	default:
		return false
	}
	for _, op := range ops {
		if !ownValue(op, depth-1, seen) {
			return false
		}
	}
	return true
}

// waitOutcome reports a condition on which case of a select ran, when
// every channel the select waits on is a context's Done or a timer's
// (time.After, time.Tick, a Timer's or a Ticker's C): how long the wait
// took, not anybody's choice (a retry's backoff).
func waitOutcome(cond ssa.Value) bool {
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	var sel *ssa.Select
	for _, v := range []ssa.Value{bin.X, bin.Y} {
		if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
			sel, _ = x.Tuple.(*ssa.Select)
		}
	}
	if sel == nil || len(sel.States) == 0 {
		return false
	}
	for _, st := range sel.States {
		if st.Dir != types.RecvOnly || !timing(st.Chan) {
			return false
		}
	}
	return true
}

// timing reports a channel that a context or a timer closes or sends on.
func timing(ch ssa.Value) bool {
	switch x := ch.(type) {
	case *ssa.Call:
		if x.Call.IsInvoke() {
			return x.Call.Method.Name() == "Done" && isContext(x.Call.Value.Type())
		}
		if fn := x.Call.StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "time" {
			return fn.Name() == "After" || fn.Name() == "Tick"
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			n, ok := types.Unalias(fa.X.Type().(*types.Pointer).Elem()).(*types.Named)
			return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && (n.Obj().Name() == "Timer" || n.Obj().Name() == "Ticker")
		}
	}
	return false
}
