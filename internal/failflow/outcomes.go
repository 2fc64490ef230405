package failflow

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// This file tells what the paths reach: the decisions a function returns
// on each kind of path, and the work only accept should reach.

// Return is one return of the function, with the set that holds at it.
type Return struct {
	Ret *ssa.Return
	Set Set
}

// Results are the values the return returns (flow.ReturnValues).
func (r Return) Results() []ssa.Value { return flow.ReturnValues(r.Ret) }

// Decisions are the results of a function that decide for its caller:
// those whose values are all known, where accept gets something no
// refusal gets.
type Decisions struct {
	// Rets are the function's returns reached.
	Rets []Return
	// Idx are the results that are decisions.
	Idx []int
	// Accept and Refusal are, per result, the values accept and the
	// refusals get.
	Accept, Refusal []map[Val]bool
}

// Decisions reads the returns of a function that returns a decision, or
// returns nil: a handler (its result is what it did), a function whose
// results decide nothing, or one whose decision is only its error and
// that does the work itself on accept (its nil error on the missing path
// means it did nothing). A function that returns a handler's result
// beside a decision, nil on accept, is a gate: the result is the question
// to return when it asks (ok bool, ask *mcp.CallToolResult), or what to
// reply on a refusal.
func (f *Flow) Decisions() *Decisions {
	sig := f.Fn.Signature
	n := sig.Results().Len()
	if n == 0 {
		return nil
	}
	replies, ok := MayDecide(f.env.Package, sig)
	if !ok {
		return nil
	}
	d := &Decisions{Accept: make([]map[Val]bool, n), Refusal: make([]map[Val]bool, n)}
	for _, b := range f.Fn.Blocks {
		in, reached := f.In[b]
		if !reached || len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == n {
			d.Rets = append(d.Rets, Return{r, f.Walk(b, in, nil)})
		}
	}
	for i := range n {
		d.Accept[i], d.Refusal[i] = map[Val]bool{}, map[Val]bool{}
	}
	for _, r := range d.Rets {
		for _, a := range flow.AllActions {
			if !r.Set.Any(bit(a) | Unknown) {
				continue
			}
			for i, v := range r.Results() {
				val := f.Eval(v, a, r.Set, 6)
				if a == flow.ActAccept {
					d.Accept[i][val] = true
				} else {
					d.Refusal[i][val] = true
				}
			}
		}
	}
	// A boolean that accept computes from what it cannot follow (the
	// box the user ticked: res.Action == "accept" && ok) may be true or
	// false there; where every refusal gets false, true is what only
	// accept may get.
	for i := range n {
		if source.IsBool(sig.Results().At(i).Type()) && d.Accept[i][ValUnknown] && len(d.Refusal[i]) == 1 && d.Refusal[i][ValFalse] {
			delete(d.Accept[i], ValUnknown)
			d.Accept[i][ValTrue], d.Accept[i][ValFalse] = true, true
		}
	}
	for _, i := range replies {
		if len(d.Accept[i]) != 1 || !d.Accept[i][ValNil] {
			return nil // accept gets a reply: it is what the function did
		}
	}
	// For an error, going ahead is nil (accept may fail too, on content
	// it cannot use).
	errorsOnly := true
	for i := range n {
		if len(d.Accept[i]) == 0 || len(d.Refusal[i]) == 0 || d.Accept[i][ValUnknown] || d.Refusal[i][ValUnknown] {
			continue
		}
		if IsErrorType(sig.Results().At(i).Type()) || slices.Contains(replies, i) {
			if d.Accept[i][ValNil] && !d.Refusal[i][ValNil] {
				d.Idx = append(d.Idx, i)
			}
			continue
		}
		for v := range d.Accept[i] {
			if !d.Refusal[i][v] {
				d.Idx = append(d.Idx, i)
				errorsOnly = false
				break
			}
		}
	}
	if len(d.Idx) == 0 || errorsOnly && f.acceptDoesWork() {
		return nil
	}
	return d
}

// MayDecide reports whether a function of signature sig may return a
// decision to its caller, with the indexes of the results that are a
// handler's (a tool, prompt or resource result). A function that returns
// only such results, or has a handler's signature (a context and the
// request; go-sdk's typed handlers also take the input and return an
// output), is a handler: its results are what it did.
func MayDecide(pc *source.Package, sig *types.Signature) (replies []int, ok bool) {
	n := sig.Results().Len()
	for i := range n {
		if HandlerResult(pc, sig.Results().At(i).Type()) {
			replies = append(replies, i)
		}
	}
	if n == 0 || len(replies) == n {
		return nil, false
	}
	if len(replies) == 0 {
		return nil, true
	}
	params := sig.Params()
	typed := params.Len() == 3 && n == 3 // go-sdk's (ctx, req, in) (res, out, err)
	if params.Len() != 2 && !typed || params.At(0).Type().String() != "context.Context" {
		return replies, true
	}
	obj := mcpsdk.NamedObj(params.At(1).Type())
	return replies, obj == nil || pc.SDKs.OfPkg(obj) == nil || !strings.HasSuffix(obj.Name(), "Request")
}

// GoesAhead reports whether the values of a return are, on every
// decision, what accept gets and no refusal gets (for an error, nil), and
// on no other result nil where accept's is not (or the reverse), or a
// boolean accept never gets: a flag such as "answered" that is false only
// when there is no answer tells that path apart, and a caller that tests
// it asks instead of going ahead.
func (d *Decisions) GoesAhead(vals []Val) bool {
	for _, i := range d.Idx {
		if vals[i] == ValUnknown || !d.Accept[i][vals[i]] || d.Refusal[i][vals[i]] {
			return false
		}
	}
	for i, v := range vals {
		if slices.Contains(d.Idx, i) {
			continue
		}
		switch {
		case v == ValNil && len(d.Accept[i]) == 1 && d.Accept[i][ValNonNil]:
			return false
		case v == ValNonNil && len(d.Accept[i]) == 1 && d.Accept[i][ValNil]:
			return false
		case (v == ValTrue || v == ValFalse) && len(d.Accept[i]) > 0 && !d.Accept[i][ValUnknown] && !d.Accept[i][v]:
			return false
		}
	}
	return true
}

// Values reads the values of a return on the paths of a (see Eval).
func (f *Flow) Values(r Return, a string) []Val {
	vals := make([]Val, len(r.Ret.Results))
	for i, v := range r.Results() {
		vals[i] = f.Eval(v, a, r.Set, 6)
	}
	return vals
}

// HandlerResult reports a result type of a handler (a tool, prompt or
// resource result): what such a function returns is its reply, not a
// decision for its caller.
func HandlerResult(pc *source.Package, t types.Type) bool {
	return pc.SDKs.NamedIn(t, func(sdk *mcpsdk.SDK) []string {
		if sdk.RoundTrip == nil {
			return nil
		}
		return slices.Collect(maps.Keys(sdk.RoundTrip.Results))
	}) != nil
}

// acceptDoesWork reports whether code only accept reaches calls work.
func (f *Flow) acceptDoesWork() bool {
	found := false
	f.EachInstr(func(instr ssa.Instruction, s Set) {
		if !found && acceptOnly(s) && f.Work(instr) != nil {
			found = true
		}
	})
	return found
}

// acceptOnly reports a set that accept reaches and no refusal does, and
// that is past the request. Another action is not counted either way.
func acceptOnly(s Set) bool {
	return s.Any(Accept) && !s.Any(Decline|Cancel|Unknown) && s&Pre == 0
}

// EachInstr calls fn with every instruction of the blocks reached and the
// set at it.
func (f *Flow) EachInstr(fn func(ssa.Instruction, Set)) {
	for _, b := range f.Fn.Blocks {
		if in, ok := f.In[b]; ok {
			f.Walk(b, in, fn)
		}
	}
}

// Reached is a work call on a path without an answer (or with an action
// that is none of the three).
type Reached struct {
	At ssa.Instruction
	// Into is set when the path falls into code only accept reaches (the
	// refusals have left before it); else the call is one the accept
	// branch makes and no refusal does.
	Into bool
}

// WorkReached returns the first call, on the paths of the bits want (None
// or Other), of work that only accept reaches: in code the refusals have
// left before, or a call the accept branch makes and no refusal does.
func (f *Flow) WorkReached(want Set) *Reached {
	acceptCalls, otherCalls := map[any]bool{}, map[any]bool{}
	var into, same ssa.Instruction // the first of each kind, by position
	earlier := func(a, b ssa.Instruction) bool { return b == nil || a.Pos() < b.Pos() }
	rest := ^(NoneAny | OtherAny)
	f.EachInstr(func(instr ssa.Instruction, s Set) {
		key := f.Work(instr)
		if key == nil {
			return
		}
		s = asked(s)
		switch {
		case s&want != 0 && acceptOnly(s&rest):
			if earlier(instr, into) {
				into = instr
			}
		case acceptOnly(s):
			acceptCalls[key] = true
		case s == Pre && f.Elsewhere[instr]:
			// Never asked here, but past another answer's accept.
		case s&rest != 0:
			otherCalls[key] = true
		}
	})
	if into != nil {
		return &Reached{At: into, Into: true}
	}
	if want != None {
		return nil
	}
	f.EachInstr(func(instr ssa.Instruction, s Set) {
		if s = asked(s); s&None == 0 || s&rest != 0 {
			return
		}
		if key := f.Work(instr); key != nil && acceptCalls[key] && !otherCalls[key] && earlier(instr, same) {
			same = instr
		}
	})
	if same != nil {
		return &Reached{At: same}
	}
	return nil
}

// Accepted returns the instructions that only accept reaches, past the
// request: for the flows of other answers read in the same function
// (Elsewhere).
func (f *Flow) Accepted() map[ssa.Instruction]bool {
	out := map[ssa.Instruction]bool{}
	f.EachInstr(func(instr ssa.Instruction, s Set) {
		if acceptOnly(s) {
			out[instr] = true
		}
	})
	return out
}

// asked drops, from the paths at a point that paths which asked also
// reach, those that never asked (a condition before the request chose not
// to): they share the work with the paths that asked, which still decide
// whether it is guarded. Code only they reach keeps them.
func asked(s Set) Set {
	if s&^Pre != 0 {
		return s &^ Pre
	}
	return s
}

// Work returns what a call calls when it is work a confirmation guards (a
// function or method of the project or a library, a closure), or nil for
// what any path may do: logging, formatting, building a reply, the SDK,
// the standard library but for the calls that change things.
// A call of an error gate on the answer is a test, not work.
func (f *Flow) Work(instr ssa.Instruction) any {
	if instr == f.def {
		return nil
	}
	w := WorkOf(f.env, instr)
	if _, fn := w.(*types.Func); fn && f.GateCall(instr.(*ssa.Call)) != nil {
		return nil
	}
	if w != nil && f.asksWith(instr.(*ssa.Call)) {
		return nil
	}
	return w
}

// asksWith reports a call whose results only go into the params of a
// question (id := ids.NewID(); ... &mcp.ElicitParams{URL: base + id,
// ElicitationID: id}): it prepares the question, whichever path asks it.
func (f *Flow) asksWith(call *ssa.Call) bool {
	into := false
	var only func(v ssa.Value, depth int) bool
	only = func(v ssa.Value, depth int) bool {
		if depth > 6 {
			return false
		}
		if source.IsError(v.Type()) {
			return true // tested or returned: not what the question holds
		}
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.DebugRef:
			case *ssa.Extract, *ssa.BinOp, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Phi:
				if !only(r.(ssa.Value), depth+1) {
					return false
				}
			case *ssa.Store:
				if r.Val != v {
					return false
				}
				switch a := r.Addr.(type) {
				case *ssa.FieldAddr:
					if f.env.SDKs.Params(a.X.Type()) == nil {
						return false
					}
					into = true
				case *ssa.IndexAddr:
					// An argument of a variadic call (fmt.Sprintf): the
					// array's slice goes to that call alone.
					arr, ok := a.X.(*ssa.Alloc)
					if !ok {
						return false
					}
					for _, ar := range *arr.Referrers() {
						if sl, ok := ar.(*ssa.Slice); ok && !only(sl, depth+1) {
							return false
						}
					}
				default:
					return false
				}
			case *ssa.Call:
				// Formatting the value on the way: a call that is not work
				// (fmt.Sprintf, the package's own connectURL(id)).
				var obj *types.Func
				if fn := r.Common().StaticCallee(); fn != nil {
					obj, _ = fn.Object().(*types.Func)
				}
				if obj == nil || obj.Pkg() == nil || WorkFunc(f.env, obj) || !only(r, depth+1) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	return only(call, 0) && into
}

// WorkOf returns what a call calls when it is work (see Work), or nil.
func WorkOf(env *Env, instr ssa.Instruction) any {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return nil
	}
	com := call.Common()
	if com.IsInvoke() {
		if WorkFunc(env, com.Method) {
			return com.Method
		}
		return nil
	}
	switch callee := com.Value.(type) {
	case *ssa.Function:
		obj, ok := callee.Object().(*types.Func)
		if !ok {
			return callee // a function literal called in place
		}
		obj = obj.Origin()
		if WorkFunc(env, obj) {
			return obj
		}
	case *ssa.MakeClosure:
		return callee.Fn
	case *ssa.Parameter, *ssa.UnOp:
		// A decorator's or middleware's next (a parameter, a closure's
		// variable read through its address, a field: m.next(ctx, req)):
		// a function value of the very signature of the function that
		// calls it is the handler it wraps, the work.
		var key any = callee
		if u, ok := callee.(*ssa.UnOp); ok {
			switch x := u.X.(type) {
			case *ssa.FreeVar:
				key = x
			case *ssa.FieldAddr:
				key = flow.FieldOf(x)
			default:
				return nil
			}
			if u.Op != token.MUL {
				return nil
			}
		}
		if types.Identical(com.Value.Type().Underlying(), call.Parent().Signature) {
			return key
		}
	case *ssa.Builtin:
		// delete(cache, id), clear(sessions): a map that outlives the
		// call (a package's, a closure's, the receiver's) changes.
		if (callee.Name() == "delete" || callee.Name() == "clear") && len(com.Args) > 0 {
			if _, ok := com.Args[0].Type().Underlying().(*types.Map); ok {
				return lasting(com.Args[0], 0)
			}
		}
	}
	return nil
}

// StoreWork returns where instr writes, when it stores into memory that
// outlives the call (ledger = append(ledger, e), s.approved[id] = true),
// or nil.
func StoreWork(instr ssa.Instruction) any {
	switch x := instr.(type) {
	case *ssa.Store:
		return lasting(x.Addr, 0)
	case *ssa.MapUpdate:
		return lasting(x.Map, 0)
	}
	return nil
}

// lasting returns what a value read from memory that outlives the call
// is read from (a package-level variable, a closure's variable, a field
// of the method's receiver), as the key that names that work; nil for a
// value of the call.
func lasting(v ssa.Value, depth int) any {
	if depth > 8 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return lasting(x.X, depth+1)
		}
	case *ssa.Global:
		return x
	case *ssa.FreeVar:
		return x
	case *ssa.FieldAddr:
		if lasting(x.X, depth+1) != nil {
			return flow.FieldOf(x)
		}
	case *ssa.Field:
		if lasting(x.X, depth+1) != nil {
			return x.X.Type().Underlying().(*types.Struct).Field(x.Field)
		}
	case *ssa.Parameter:
		if fn := x.Parent(); fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == x {
			return x
		}
	}
	return nil
}

// effectfulStd lists the functions of the standard library that change
// something outside the program ("*": every function and method).
var effectfulStd = map[string][]string{
	"os":           {"Remove", "RemoveAll", "Rename", "WriteFile", "Create", "Mkdir", "MkdirAll", "Chmod", "Chown", "Truncate", "Symlink", "Link"},
	"os/exec":      {"*"},
	"database/sql": {"Exec", "ExecContext"},
	"net/http":     {"Post", "PostForm", "Do"},
	"syscall":      {"Kill", "Unlink", "Rmdir"},
}

// logPrefixes start the names loggers give their methods and functions.
var logPrefixes = []string{"print", "log", "debug", "info", "warn", "error", "trace", "fatal", "panic", "with", "sugar"}

// WorkFunc reports whether a call of fn is work (see Work).
func WorkFunc(env *Env, fn *types.Func) bool {
	if fn.Pkg() == nil || env.SDKs.OfPkg(fn) != nil {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	// The standard library by its paths (no dot in the first element);
	// the package analysed is never part of it.
	if fn.Pkg() != env.Pass.Pkg && source.IsStd(path) {
		names := effectfulStd[path]
		return slices.Contains(names, "*") || slices.Contains(names, name)
	}
	if source.PureFunc(path, name) {
		return false
	}
	// A test of what the client declared it can do reads the request.
	if env.ClientDeclared != nil && env.ClientDeclared(fn) {
		return false
	}
	// What only computes or reads is not the work a confirmation guards:
	// the package's own functions by their bodies (but stubs, which stand
	// in for work), the module's other packages' by their facts.
	if fn.Pkg() == env.Pass.Pkg {
		if decl := env.FuncDecl(fn); decl != nil && !env.StubWork(decl) && env.FuncEffect(fn) != effect.Write {
			return false
		}
	}
	if f := env.EffectFact(fn); f != nil && f.Effect != effect.Write {
		return false
	}
	lower := strings.ToLower(name)
	for _, p := range logPrefixes {
		if strings.HasPrefix(lower, p) {
			return false
		}
	}
	sig := fn.Type().(*types.Signature)
	// Another question, or a reply built from text.
	for i := 0; i < sig.Results().Len(); i++ {
		if env.ResultSDK(sig.Results().At(i).Type()) != nil {
			return false
		}
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if HandlerResult(env.Package, sig.Results().At(i).Type()) && textParams(env, sig) {
			return false
		}
	}
	return true
}

// textParams reports a signature whose parameters are all text, numbers,
// errors, values to format or questions: the signature of a builder of
// a reply, or of the result that asks.
func textParams(env *Env, sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if s, ok := t.(*types.Slice); ok && sig.Variadic() && i == sig.Params().Len()-1 {
			t = s.Elem()
		}
		if _, basic := t.Underlying().(*types.Basic); !basic && !types.IsInterface(t) && !questionType(env, t) {
			return false
		}
	}
	return true
}

// questionType reports an SDK's type of the questions a result carries:
// the params of a request, or the map of a result's requests
// (kit.AskTool(reqs mcp.InputRequestMap, state string) builds the result
// that asks).
func questionType(env *Env, t types.Type) bool {
	return env.SDKs.Params(t) != nil || env.SDKs.NamedIn(t, func(sdk *mcpsdk.SDK) []string {
		if sdk.RoundTrip == nil {
			return nil
		}
		return []string{sdk.RoundTrip.RequestMap}
	}) != nil
}
