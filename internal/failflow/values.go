package failflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"slices"

	"github.com/elicitlint/elicitlint/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// This file reads what a returned value is on one kind of path.

// Val is what a returned value is on one path, as far as it can be read.
type Val uint8

const (
	ValUnknown Val = iota
	ValTrue
	ValFalse
	ValNil
	ValNonNil
	ValAccept // the answer, or its action, is "accept"
	ValDecline
	ValCancel
	ValOther // an action that is none of the three
)

// ValConst and the values after it stand for integer constants (an enum
// of the project's: Allow, Deny, Ask), numbered by the flow that read
// them (constVal): they mean nothing beyond it, and no fact carries them.
const ValConst Val = 32

// constVal is the value that stands for c in this flow, or ValUnknown
// when the flow has numbered too many.
func (f *Flow) constVal(c constant.Value) Val {
	for i, k := range f.consts {
		if constant.Compare(k, token.EQL, c) {
			return ValConst + Val(i)
		}
	}
	if len(f.consts) >= 200 {
		return ValUnknown
	}
	f.consts = append(f.consts, c)
	return ValConst + Val(len(f.consts)-1)
}

// The kinds of path Eval reads a value on besides the three actions.
const (
	// Missing is the path without an answer.
	Missing = ""
	// Forged is the path of an action that is none of the three.
	Forged = "\x00forged"
)

func actionVal(a string) Val {
	switch a {
	case flow.ActAccept:
		return ValAccept
	case flow.ActDecline:
		return ValDecline
	case flow.ActCancel:
		return ValCancel
	case Forged:
		return ValOther
	}
	return ValUnknown
}

// ActionOf is the action of a value of an answer or an action.
func ActionOf(v Val) string {
	switch v {
	case ValAccept:
		return flow.ActAccept
	case ValDecline:
		return flow.ActDecline
	case ValCancel:
		return flow.ActCancel
	}
	return ""
}

// boolVal is the value of a bool.
func boolVal(b bool) Val {
	if b {
		return ValTrue
	}
	return ValFalse
}

// Eval reads what v is on the paths of action a (Missing for the paths
// without an answer, Forged for another action) that have the set s.
func (f *Flow) Eval(v ssa.Value, a string, s Set, depth int) Val {
	if depth == 0 {
		return ValUnknown
	}
	v = flow.Loaded(v)
	missing := a == Missing
	if missing && f.errV != nil {
		// A bool computed from the error alone (errors.Is(err, X), err ==
		// X, strings.Contains(err.Error(), ...)) is true on some errors:
		// as a decision it can go ahead. err != nil is true there.
		if b, ok := f.errNilTest(v); ok {
			return boolVal(b)
		}
		if t, ok := v.Type().Underlying().(*types.Basic); ok && t.Kind() == types.Bool {
			if only, uses := f.errOnly(v, 5); only && uses {
				return ValTrue
			}
		}
	}
	switch x := v.(type) {
	case *ssa.Const:
		switch {
		case x.IsNil():
			return ValNil
		case x.Value == nil:
		case x.Value.Kind() == constant.Bool:
			return boolVal(constant.BoolVal(x.Value))
		case x.Value.Kind() == constant.String:
			if a := actionVal(constant.StringVal(x.Value)); a != ValOther {
				return a
			}
		case x.Value.Kind() == constant.Int:
			return f.constVal(x.Value)
		}
		return ValUnknown
	case *ssa.Phi:
		if x == f.root {
			break // the variable that holds the answer (lift)
		}
		out := ValUnknown
		for e, es := range f.phiEdges(x, a) {
			ev := f.Eval(e, a, es, depth-1)
			if ev == ValUnknown || out != ValUnknown && ev != out {
				return ValUnknown
			}
			out = ev
		}
		return out
	case *ssa.UnOp:
		if x.Op == token.NOT {
			switch f.Eval(x.X, a, s, depth-1) {
			case ValTrue:
				return ValFalse
			case ValFalse:
				return ValTrue
			}
			return ValUnknown
		}
	case *ssa.BinOp:
		// A variable given a constant on each path (an enum of the
		// project's: next := opStop; if err != nil { next = opWipe }),
		// compared with a constant.
		if l, ok := f.constOn(x.X, a, depth-1); ok {
			if r, ok := f.constOn(x.Y, a, depth-1); ok && l.Kind() == r.Kind() && flow.IsComparison(x.Op) {
				return boolVal(constant.Compare(l, x.Op, r))
			}
		}
		// A value known to be nil or not, compared with nil.
		if x.Op == token.EQL || x.Op == token.NEQ {
			for _, pair := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
				if !flow.IsNilConst(pair[1]) {
					continue
				}
				switch f.Eval(pair[0], a, s, depth-1) {
				case ValNil:
					return boolVal(x.Op == token.EQL)
				case ValNonNil:
					return boolVal(x.Op == token.NEQ)
				}
			}
		}
		// A variable that holds an action on each path, compared with
		// one (action := "accept"; if res != nil { action = res.Action };
		// switch action { ... }).
		if x.Op == token.EQL || x.Op == token.NEQ {
			l, r := f.Eval(x.X, a, s, depth-1), f.Eval(x.Y, a, s, depth-1)
			known := func(v Val) bool { return ActionOf(v) != "" || v == ValOther }
			if known(l) && known(r) && (l != ValOther || r != ValOther) {
				return boolVal((l == r) == (x.Op == token.EQL))
			}
		}
	case *ssa.ChangeType:
		return f.Eval(x.X, a, s, depth-1)
	case *ssa.Convert:
		return f.Eval(x.X, a, s, depth-1)
	case *ssa.Alloc:
		if !missing {
			return ValNonNil
		}
		if act := f.literalAction(x); act != "" {
			return actionVal(act)
		}
		return ValNonNil
	}
	if v == f.errV && f.errorDecision() {
		// A decision that is only an error: nil on accept alone.
		if a == flow.ActAccept {
			return ValNil
		}
		return ValNonNil
	}
	if v == f.errV {
		switch {
		case missing:
			return ValNonNil
		case !s.Any(Unknown):
			return ValNil
		}
		return ValUnknown
	}
	if d := f.Site.Decision; d != nil && v == f.root {
		switch {
		case missing:
			return d.NoneVal
		case a == flow.ActAccept:
			return boolVal(d.Yes)
		case a == flow.ActDecline || a == flow.ActCancel:
			return boolVal(!d.Yes)
		}
		return ValUnknown
	}
	if !missing {
		if val, neq, ok := f.actionTest(v); ok {
			return boolVal((val == a) != neq)
		}
		if v == f.root || !f.valueOnly() && flow.IsActionOf(v, f.root) {
			return actionVal(a)
		}
		if call, ok := v.(*ssa.Call); ok && !f.valueOnly() {
			if g := f.GateCall(call); g != nil && g.AcceptOnly {
				if a == flow.ActAccept {
					return ValNil
				}
				return ValNonNil
			}
		}
	}
	if NotNilError(v) || f.sdkResult(v) {
		return ValNonNil
	}
	return ValUnknown
}

// constOn returns the constant v holds on the paths of action a (Eval's
// kinds of path), when every edge those paths may bring it by gives the
// same one: a constant, or a variable given constants on each path.
func (f *Flow) constOn(v ssa.Value, a string, depth int) (constant.Value, bool) {
	if depth <= 0 {
		return nil, false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return x.Value, x.Value != nil
	case *ssa.ChangeType:
		return f.constOn(x.X, a, depth-1)
	case *ssa.Phi:
		if x == f.root {
			return nil, false
		}
		var out constant.Value
		for e := range f.phiEdges(x, a) {
			c, ok := f.constOn(e, a, depth-1)
			if !ok || out != nil && (out.Kind() != c.Kind() || !constant.Compare(out, token.EQL, c)) {
				return nil, false
			}
			out = c
		}
		return out, out != nil
	}
	return nil, false
}

// phiEdges yields the edges of phi that paths of action a (Eval's kinds
// of path) may bring its value by, with the set passed along each.
func (f *Flow) phiEdges(phi *ssa.Phi, a string) iter.Seq2[ssa.Value, Set] {
	return func(yield func(ssa.Value, Set) bool) {
		for i, e := range phi.Edges {
			es := f.EdgeSet(phi.Block().Preds[i], phi.Block())
			if a == Missing && es&None == 0 || a != Missing && !es.Any(f.pathBits(a)) {
				continue
			}
			if !yield(e, es) {
				return
			}
		}
	}
}

// sdkResult reports a handler's result made by an SDK's function or
// method (mcp.NewToolResultText, a builder's ToolResult): never nil.
func (f *Flow) sdkResult(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Object() == nil || f.env.SDKs.OfPkg(fn.Object()) == nil {
		return false
	}
	_, ptr := v.Type().Underlying().(*types.Pointer)
	return ptr && HandlerResult(f.env.Package, v.Type())
}

// pathBits are the bits of the paths of action a (see Eval).
func (f *Flow) pathBits(a string) Set {
	switch a {
	case Missing:
		return None
	case Forged:
		return Other | Unknown
	}
	return bit(a) | Unknown
}

// errNilTest reads v, where the answer is missing, as the request's
// error compared with nil (or the negation of that): its value there.
func (f *Flow) errNilTest(v ssa.Value) (bool, bool) {
	neg := false
	for {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		v, neg = u.X, !neg
	}
	bin, ok := v.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return false, false
	}
	if f.isErr(bin.X) && flow.IsNilConst(bin.Y) || f.isErr(bin.Y) && flow.IsNilConst(bin.X) {
		return (bin.Op == token.NEQ) != neg, true
	}
	return false, false
}

// ValueSentinels returns the error variables a decision value is the test
// for, when it is one (errors.Is(err, X), err == X): the value is true on
// those errors only.
func (f *Flow) ValueSentinels(vals []ssa.Value) []*ssa.Global {
	var gs []*ssa.Global
	for _, v := range vals {
		var g *ssa.Global
		switch x := v.(type) {
		case *ssa.Call:
			if f.errorsTest(x) == "Is" {
				g = sentinelOf(x.Call.Args[1])
			}
		case *ssa.BinOp:
			if x.Op == token.EQL && f.isErr(x.X) {
				g = sentinelOf(x.Y)
			} else if x.Op == token.EQL && f.isErr(x.Y) {
				g = sentinelOf(x.X)
			}
		}
		if g != nil && !slices.Contains(gs, g) {
			gs = append(gs, g)
		}
	}
	return gs
}

// GateCall returns the gate fact of a call that passes the answer to an
// error gate.
func (f *Flow) GateCall(call *ssa.Call) *flow.GateParam {
	if f.root == nil {
		return nil
	}
	callee, ok := call.Call.Value.(*ssa.Function)
	if !ok {
		return nil
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return nil
	}
	g := f.env.SF.GateOf(obj)
	if g == nil {
		return nil
	}
	for _, p := range g.Params {
		if p.Index < len(call.Call.Args) && flow.RootOf(call.Call.Args[p.Index]) == f.root {
			return &p
		}
	}
	return nil
}

// madeUpTest reads cond as a comparison of a constant with the action of
// a variable that holds the answer or, on other paths, an answer made up
// in the function with a constant action (made).
func (f *Flow) madeUpTest(cond ssa.Value) (val string, neq bool, made string, ok bool) {
	if f.Site.Decision != nil || f.Site.ActionOnly || f.root == nil {
		return "", false, "", false
	}
	val, of, neq, isCmp := flow.ActionCompared(cond)
	phi, isPhi := of.(*ssa.Phi)
	if !isCmp || !isPhi {
		return "", false, "", false
	}
	answer := false
	for _, e := range phi.Edges {
		act := ""
		if a, isAlloc := e.(*ssa.Alloc); isAlloc {
			act = f.literalAction(a)
		}
		switch {
		case act != "" && (made == "" || made == act):
			made = act
		case flow.RootOf(e) == f.root:
			answer = true
		default:
			return "", false, "", false // another value: nothing is known
		}
	}
	return val, neq, made, answer && made != ""
}

// literalAction returns the constant action a composite literal of an
// answer type is given (&mcp.ElicitResult{Action: "accept"}), or "".
func (f *Flow) literalAction(alloc *ssa.Alloc) string {
	sdk := f.env.ResultSDK(alloc.Type())
	if sdk == nil {
		return ""
	}
	var find func(v ssa.Value, depth int) string
	find = func(v ssa.Value, depth int) string {
		if depth == 0 || v.Referrers() == nil {
			return ""
		}
		for _, r := range *v.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			fld := flow.FieldOf(fa)
			if fld.Name() == sdk.ActionField {
				for _, st := range *fa.Referrers() {
					if store, ok := st.(*ssa.Store); ok && store.Addr == fa {
						if c, ok := stripConv(store.Val).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
							return constant.StringVal(c.Value)
						}
					}
				}
			} else if fld.Embedded() {
				if a := find(fa, depth-1); a != "" {
					return a
				}
				// The embedded value built apart and stored whole
				// (ElicitationResponse: mcp.ElicitationResponse{Action: ...}).
				for _, st := range *fa.Referrers() {
					if store, ok := st.(*ssa.Store); ok && store.Addr == fa {
						if load, ok := store.Val.(*ssa.UnOp); ok && load.Op == token.MUL {
							if inner, ok := load.X.(*ssa.Alloc); ok {
								if a := find(inner, depth-1); a != "" {
									return a
								}
							}
						}
					}
				}
			}
		}
		return ""
	}
	return find(alloc, 3)
}

// NotNilError reports an error value that cannot be nil: errors.New,
// fmt.Errorf, a package-level variable (a sentinel), or a non-nil value
// made into an interface.
func NotNilError(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Call:
		if f, ok := x.Call.Value.(*ssa.Function); ok && f.Pkg != nil {
			switch f.Pkg.Pkg.Path() + "." + f.Name() {
			case "errors.New", "fmt.Errorf":
				return true
			}
		}
	case *ssa.UnOp:
		_, global := x.X.(*ssa.Global)
		return global
	case *ssa.MakeInterface:
		_, ptr := x.X.Type().Underlying().(*types.Pointer)
		_, alloc := x.X.(*ssa.Alloc)
		return !ptr || alloc
	}
	return false
}
