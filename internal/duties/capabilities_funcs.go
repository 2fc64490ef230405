package duties

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file summarises the functions that test capabilities or the
// protocol version (capability helpers), and those that return a
// client's capabilities, for this package and, through CapabilityFact,
// for others.

// CapabilityFact describes a function of another package: what holds
// when it returns true (a bool function), and where the capabilities it
// returns come from (a function returning a capabilities value).
type CapabilityFact struct {
	WhenTrue Held
	CapsSrc  uint8
	// Kept names the store the returned capabilities come from, when
	// the server kept them (capabilities_kept.go).
	Kept string
}

func (*CapabilityFact) AFact() {}

func (f *CapabilityFact) String() string {
	return "capabilities(" + f.WhenTrue.Tested().String() + ")"
}

// dutyFuncOf returns the summary of fn: this package's, or another
// package's fact; nil when it tests and returns nothing of interest.
func (pc *Pkg) dutyFuncOf(fn *types.Func) *CapabilityFact {
	fn = fn.Origin()
	if fn.Pkg() == pc.Pass.Pkg {
		if f, ok := pc.funcs[fn]; ok || pc.built {
			return f
		}
		return pc.summariseDutyFunc(fn)
	}
	f := new(CapabilityFact)
	if pc.Pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}

// summariseFuncs summarises the package's functions that return a bool
// or a capabilities value, and exports the facts of the exported ones.
// It runs during the model's build; afterwards the summaries are only
// read.
func summariseFuncs(pc *Pkg) {
	pc.funcs = map[*types.Func]*CapabilityFact{}
	pc.inProgress = map[*types.Func]bool{}
	for _, fn := range pc.dutyCandidates() {
		if f := pc.summariseDutyFunc(fn); f != nil && fn.Exported() {
			pc.Pass.ExportObjectFact(fn, f)
		}
	}
	pc.built = true
	pc.inProgress = nil
}

// capsResults reports results that are a capabilities value, alone or
// with a bool or an error beside it (caps, ok := keptCaps(ctx)).
func (pc *Pkg) capsResults(res *types.Tuple) bool {
	switch res.Len() {
	case 1:
		return pc.isCapsType(res.At(0).Type())
	case 2:
		return pc.isCapsType(res.At(0).Type()) && (source.IsBool(res.At(1).Type()) || source.IsError(res.At(1).Type()))
	}
	return false
}

// dutyCandidates are the package's declared functions with one result
// that is a bool or a capabilities value, or a capabilities value with a
// bool or an error.
func (pc *Pkg) dutyCandidates() []*types.Func {
	var out []*types.Func
	for _, fn := range pc.FuncDecls() {
		if res := fn.Type().(*types.Signature).Results(); res.Len() == 1 && source.IsBool(res.At(0).Type()) || pc.capsResults(res) {
			out = append(out, fn)
		}
	}
	return out
}

// isCapsType reports a client capabilities type of an SDK, or a part of
// one (the elicitation or sampling capability).
func (pc *Pkg) isCapsType(t types.Type) bool {
	for _, sdk := range pc.SDKs.All {
		if d := sdk.Duties(); d != nil && (sdk.IsType(t, d.CapsType) || sdk.IsType(t, d.ElicitCapsType) || sdk.IsType(t, d.SamplingCapsType)) {
			return true
		}
	}
	return false
}

// summariseDutyFunc reads what holds when fn returns true (over every
// return that may give true), or where the capabilities it returns come
// from.
func (pc *Pkg) summariseDutyFunc(fn *types.Func) *CapabilityFact {
	if f, ok := pc.funcs[fn]; ok {
		return f
	}
	if pc.inProgress == nil || pc.inProgress[fn] {
		return nil
	}
	pc.inProgress[fn] = true
	defer delete(pc.inProgress, fn)
	decl := pc.FuncDecl(fn)
	if decl == nil {
		return nil
	}
	f := pc.summariseBody(decl, fn.Type().(*types.Signature).Results())
	pc.funcs[fn] = f
	return f
}

// litDutyFunc returns the summary of a function literal a local variable
// is given once, and never again (canAsk := func(ctx context.Context) bool
// { ... }), as summariseDutyFunc makes for a declared function.
func (pc *Pkg) litDutyFunc(call *ast.CallExpr) *CapabilityFact {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	def, _ := pc.SingleAssignment(id)
	lit, ok := def.(*ast.FuncLit)
	if !ok {
		return nil
	}
	sig, _ := pc.Info.TypeOf(lit).(*types.Signature)
	if sig == nil {
		return nil
	}
	// A literal that calls a function value (itself, another literal)
	// is not read: that keeps the reading from going round in circles.
	calls := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && typeutil.Callee(pc.Info, c) == nil {
			if tv, ok := pc.Info.Types[c.Fun]; !ok || !tv.IsType() {
				calls = true
			}
		}
		return !calls
	})
	if calls {
		return nil
	}
	return pc.summariseBody(lit.Body, sig.Results())
}

// summariseBody summarises the returns of a function's body (a FuncDecl,
// or a literal's body) with results res.
func (pc *Pkg) summariseBody(body ast.Node, res *types.Tuple) *CapabilityFact {
	boolFunc := res.Len() == 1 && source.IsBool(res.At(0).Type())
	if !boolFunc && !pc.capsResults(res) {
		return nil
	}
	var out CapabilityFact
	var whenTrue heldAtAll
	var onRequest Caps // tested on the request's capabilities by some return
	source.WalkWithPath(body, func(n ast.Node, path []ast.Node) {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) != res.Len() || source.InFuncLit(path) {
			return
		}
		r := ret.Results[0]
		if !boolFunc {
			if !source.IsNil(pc.Info, r) && !emptyLit(r) {
				o := pc.capsSource(r, 0)
				out.CapsSrc |= uint8(o.src)
				if o.src == srcKept && out.Kept == "" {
					out.Kept = o.kept
				}
			}
			return
		}
		if v, ok := pc.ConstBool(r); ok && !v {
			return // returns false: says nothing about when it is true
		}
		t, _ := pc.condHeld(r, 0)
		h := pc.HeldAt(path).union(t)
		onRequest |= h.Req
		whenTrue.add(h)
	})
	// A return that tests the session's capabilities beside one that
	// tests the request's is the fallback for older clients, as a
	// variable assigned both is (if info != nil && info.ClientCapabilities
	// != nil { return info.ClientCapabilities.Elicitation != nil }; return
	// session caps.Elicitation != nil).
	whenTrue.Req |= whenTrue.Sess & onRequest
	whenTrue.Sess &^= onRequest
	out.WhenTrue = whenTrue.Held
	if out.WhenTrue != (Held{}) || out.CapsSrc != 0 && out.CapsSrc&uint8(srcUnknown) == 0 {
		return &out
	}
	return nil
}

// ClientDeclared reports a function whose result is what the client of
// the call declared it can do: an SDK's reader of the request's
// capabilities (go-sdk's ClientCapabilities, mcp-go's
// RequestProtocolInfoFromContext), or a capability helper (this
// package's, or another's by its fact) that returns them or is true when
// they hold a capability. The fail-open check takes a condition on it for
// the client's choice, not an operator's.
func (pc *Pkg) ClientDeclared(fn *types.Func) bool {
	for _, sdk := range pc.SDKs.All {
		if d := sdk.Duties(); d != nil && d.RequestCaps.Matches(sdk, fn.Origin(), nil) {
			return true
		}
	}
	df := pc.dutyFuncOf(fn)
	return df != nil && (df.WhenTrue.Tested() != 0 || df.CapsSrc != 0)
}

// emptyLit reports an empty composite literal (mcp.ClientCapabilities{}):
// a capabilities value that declares nothing.
func emptyLit(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	return ok && len(lit.Elts) == 0
}
