package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// SSAFlow reads, on the SSA form of a function, which actions a result's
// Action can hold in each block. The content check uses it on the
// functions that read Content; the gate summary on helpers that return an
// error.
type SSAFlow struct {
	Pkg   *source.Package
	cache map[flowKey]map[*ssa.BasicBlock]actionSet
	// Gates are this package's error gates, by function (see summary_gates.go).
	Gates map[*types.Func]*GateFact
}

func NewSSAFlow(pc *source.Package) *SSAFlow {
	return &SSAFlow{Pkg: pc, cache: map[flowKey]map[*ssa.BasicBlock]actionSet{}}
}

// RootOf strips the selections of embedded structs (mcp-go's
// ElicitationResult embeds ElicitationResponse) and loads of a local
// variable's cell, so that two reads of the same result meet at one value.
func RootOf(v ssa.Value) ssa.Value {
	for v != nil {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if !FieldOf(x).Embedded() {
				return v
			}
			v = x.X
		case *ssa.Field:
			if !x.X.Type().Underlying().(*types.Struct).Field(x.Field).Embedded() {
				return v
			}
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			if _, ok := x.X.(*ssa.Alloc); ok {
				return x.X
			}
			return v
		default:
			return v
		}
	}
	return nil
}

// FieldOf returns the field whose address fa takes.
func FieldOf(fa *ssa.FieldAddr) *types.Var {
	return fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(fa.Field)
}

// ParamRoot returns the value the fields of parameter p are read
// through: the local p is spilled into when its fields are selected by
// address (a struct passed by value: t0 = local Answer; *t0 = ans;
// &t0.Action), else p itself.
func ParamRoot(p *ssa.Parameter) ssa.Value {
	for _, ref := range *p.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Val == p {
			if a, ok := st.Addr.(*ssa.Alloc); ok {
				return a
			}
		}
	}
	return p
}

// actionSet is a set of the three actions, one bit each.
type actionSet uint8

const (
	setAccept actionSet = 1 << iota
	setDecline
	setCancel
	setAll = setAccept | setDecline | setCancel
)

func actionBit(a string) actionSet {
	switch a {
	case ActAccept:
		return setAccept
	case ActDecline:
		return setDecline
	case ActCancel:
		return setCancel
	}
	return 0
}

// onlyAccept: on every path here the action is "accept" (or no path
// reaches here at all).
func (s actionSet) OnlyAccept() bool { return s&^setAccept == 0 }

// PossibleActions computes, for each block of fn, which actions root's
// Action can hold on entry, by a forward dataflow over the CFG: the true
// edge of `Action == X` keeps X only, the false edge removes X (and the
// reverse for !=); joins take the union. The false edge of
// `gate(res) != nil`, where gate is a helper that returns a nil error only
// on accept, keeps accept only. A block that calls a function that never
// returns (os.Exit, log.Fatal, t.Fatal, ...) passes nothing on. The three
// actions are all the protocol allows, so after failing all three tests
// nothing is left. The result is cached per function and root.
func (f *SSAFlow) PossibleActions(fn *ssa.Function, root ssa.Value) map[*ssa.BasicBlock]actionSet {
	key := flowKey{fn, root}
	if m, ok := f.cache[key]; ok {
		return m
	}
	in := ForwardFlow(fn, setAll, func(b *ssa.BasicBlock, in actionSet) []actionSet {
		if f.EndsPath(b) {
			return nil
		}
		outs := make([]actionSet, len(b.Succs))
		for i := range outs {
			outs[i] = in
		}
		if len(b.Instrs) > 0 && len(b.Succs) == 2 {
			if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
				if val, neq, ok := ActionTest(iff.Cond, root); ok {
					x := actionBit(val)
					yes, no := in&x, in&^x
					if neq {
						yes, no = no, yes
					}
					outs[0], outs[1] = yes, no
				} else if val, neq, ok := defaultedActionTest(iff.Cond, root); ok {
					// Equal: the action is val. Not equal: anything,
					// the default included.
					if neq {
						outs[1] = in & actionBit(val)
					} else {
						outs[0] = in & actionBit(val)
					}
				} else if g, neq, ok := f.GateTest(iff.Cond, root); ok && g.AcceptOnly {
					// err != nil: true on not-accept, false on accept.
					yes, no := in&^setAccept, in&setAccept
					if !neq {
						yes, no = no, yes
					}
					outs[0], outs[1] = yes, no
				}
			}
		}
		return outs
	})
	f.cache[key] = in
	return in
}

// ForwardFlow is the dataflow engine of possibleActions and of the
// fail-open check: it computes, for each block of fn reached from the
// entry, the set that holds on entry to it. The entry block starts with
// start; out gives, for a block and its set, the sets it passes to each of
// its successors (nil: nothing, the path ends there); joins take the
// union. Every block reached is in the map, with an empty set if nothing
// reaches it but empty sets.
func ForwardFlow[S ~uint8 | ~uint16](fn *ssa.Function, start S, out func(b *ssa.BasicBlock, in S) []S) map[*ssa.BasicBlock]S {
	in := map[*ssa.BasicBlock]S{}
	if len(fn.Blocks) == 0 {
		return in
	}
	entry := fn.Blocks[0]
	in[entry] = start
	work := []*ssa.BasicBlock{entry}
	queued := map[*ssa.BasicBlock]bool{entry: true}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b] = false
		outs := out(b, in[b])
		for i, s := range b.Succs {
			if i >= len(outs) {
				break
			}
			old, seen := in[s]
			if merged := old | outs[i]; merged != old || !seen {
				in[s] = merged
				if !queued[s] {
					queued[s] = true
					work = append(work, s)
				}
			}
		}
	}
	return in
}

// EndsPath reports whether b calls a function that never returns.
func (f *SSAFlow) EndsPath(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		call, ok := in.(*ssa.Call)
		if !ok {
			continue
		}
		if call.Call.IsInvoke() {
			if source.IsExitMethodName(call.Call.Method.Name()) {
				return true
			}
			continue
		}
		switch callee := call.Call.Value.(type) {
		case *ssa.Builtin:
			if callee.Name() == "panic" {
				return true
			}
		case *ssa.Function:
			if obj, ok := callee.Object().(*types.Func); ok && f.Pkg.NoReturnFunc(obj) {
				return true
			}
		}
	}
	return false
}

type flowKey struct {
	fn   *ssa.Function
	root ssa.Value
}

// Guarded reports whether b is dominated by an edge that keeps the read
// out of decline and cancel in a way the dataflow cannot read: the true or
// false edge of a condition that hands root to a function we know nothing
// of (if accepted(res) { ... }, if err := check(res); err != nil { ... }),
// or the non-nil edge of a nil check of root's Content itself (nil on
// decline and cancel). We stay silent there.
func (f *SSAFlow) Guarded(b *ssa.BasicBlock, root ssa.Value) bool {
	for ; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		p := b.Preds[0]
		if len(p.Instrs) == 0 {
			continue
		}
		iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if f.opaqueGuard(iff.Cond, root) {
			return true
		}
		if neq, ok := contentNilTest(iff.Cond, root); ok && (p.Succs[0] == b) == neq {
			return true
		}
	}
	return false
}

// defaultedActionTest reads cond as a comparison with the constant "x" of
// a variable that holds root's action or, on other paths, a default
// (action := "decline"; if err == nil { action = res.Action }; switch
// action { case "accept": ... }), where no default is "x": the variable
// equals "x" only where the action does.
func defaultedActionTest(cond ssa.Value, root ssa.Value) (val string, neq, ok bool) {
	val, v, neq, ok := stringCompared(cond, func(v ssa.Value) bool { _, phi := StripFold(v).(*ssa.Phi); return phi })
	if !ok {
		return "", false, false
	}
	action := false
	for _, e := range StripFold(v).(*ssa.Phi).Edges {
		switch ec := e.(type) {
		case *ssa.Const:
			if ec.Value == nil || ec.Value.Kind() != constant.String || constant.StringVal(ec.Value) == val {
				return "", false, false
			}
		default:
			if !IsActionOf(e, root) {
				return "", false, false
			}
			action = true
		}
	}
	return val, neq, action
}

// ActionTest reads cond as `root.Action == "x"` or `!=` (also through
// strings.ToLower and the like, and strings.EqualFold).
func ActionTest(cond ssa.Value, root ssa.Value) (val string, neq, ok bool) {
	val, _, neq, ok = stringCompared(cond, func(v ssa.Value) bool { return IsActionOf(v, root) })
	return val, neq, ok
}

// stringCompared reads cond as a comparison (Comparison) of a string
// constant with a value that is reports on, in either order: it returns
// the constant and the value.
func stringCompared(cond ssa.Value, is func(ssa.Value) bool) (val string, v ssa.Value, neq, ok bool) {
	x, y, neq, ok := Comparison(cond)
	if !ok {
		return "", nil, false, false
	}
	for _, pair := range [][2]ssa.Value{{x, y}, {y, x}} {
		c, isConst := pair[1].(*ssa.Const)
		if isConst && c.Value != nil && c.Value.Kind() == constant.String && is(pair[0]) {
			return constant.StringVal(c.Value), pair[0], neq, true
		}
	}
	return "", nil, false, false
}

// IsComparison reports an operator that compares two values: ==, !=, <,
// <=, > or >=.
func IsComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// Comparison reads cond as x == y or x != y (neq): a comparison, or
// strings.EqualFold(x, y).
func Comparison(cond ssa.Value) (x, y ssa.Value, neq, ok bool) {
	switch c := cond.(type) {
	case *ssa.BinOp:
		if c.Op == token.EQL || c.Op == token.NEQ {
			return c.X, c.Y, c.Op == token.NEQ, true
		}
	case *ssa.Call:
		if stringsCall(c, "EqualFold") && len(c.Call.Args) == 2 {
			return c.Call.Args[0], c.Call.Args[1], false, true
		}
	}
	return nil, nil, false, false
}

// StripFold strips what keeps a string what it is for a comparison with
// an action: conversions between string types, strings.ToLower and
// strings.TrimSpace (the actions are lower case).
func StripFold(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.Call:
			if !stringsCall(x, "ToLower", "TrimSpace") || len(x.Call.Args) != 1 {
				return v
			}
			v = x.Call.Args[0]
		default:
			return v
		}
	}
}

// stringsCall reports a static call of one of the strings package's
// functions names.
func stringsCall(c *ssa.Call, names ...string) bool {
	fn, ok := c.Call.Value.(*ssa.Function)
	return ok && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strings" && slices.Contains(names, fn.Name())
}

// IsActionOf reports whether v is a read of root's Action field.
func IsActionOf(v ssa.Value, root ssa.Value) bool {
	r := actionRoot(v)
	return r != nil && r == root
}

// actionRoot returns the value whose field v reads (through RootOf), or
// nil when v reads no field.
func actionRoot(v ssa.Value) ssa.Value {
	switch x := StripFold(v).(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return RootOf(fa.X)
		}
	case *ssa.Field:
		return RootOf(x.X)
	}
	return nil
}

// ActionCompared reads cond as a comparison of a constant with the
// action of some value, as ActionTest does for a known one: it returns
// the constant and the value the action is read from.
func ActionCompared(cond ssa.Value) (val string, of ssa.Value, neq, ok bool) {
	val, v, neq, ok := stringCompared(cond, func(v ssa.Value) bool { return actionRoot(v) != nil })
	if !ok {
		return "", nil, false, false
	}
	return val, actionRoot(v), neq, true
}

// opaqueGuard reports a condition we cannot read that hands root to a
// function (if accepted(res) { ... }, if !ok(res) { ... }, if err :=
// check(res); err != nil { ... }): the function may well test the action,
// so the read is not reported. A helper whose gate fact says it returns a
// nil error on other actions than accept is not such a guard: the
// dataflow reads what it knows. A nil check of the result is not a guard.
func (f *SSAFlow) opaqueGuard(cond ssa.Value, root ssa.Value) bool {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond = u.X
	}
	if _, _, ok := f.GateTest(cond, root); ok {
		return false // known: read by the dataflow
	}
	if bin, ok := cond.(*ssa.BinOp); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
		// check(res) != nil, with a helper we know nothing of; or what a
		// helper makes of the answer compared with a constant of the
		// project's (switch verdictOf(res) { case vAccept: ... }).
		for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
			if c, isConst := pair[1].(*ssa.Const); isConst && (c.IsNil() || c.Value != nil) {
				if call := callOf(pair[0]); call != nil && callInvolves(call, root) {
					return true
				}
			}
		}
		return false
	}
	call, ok := cond.(*ssa.Call)
	return ok && callInvolves(call, root)
}

// callInvolves reports whether one of the call's arguments depends on root.
func callInvolves(call *ssa.Call, root ssa.Value) bool {
	for _, a := range call.Call.Args {
		if Involves(a, root, 3) {
			return true
		}
	}
	return false
}

// callOf returns the call v is the result of (or the last result of).
func callOf(v ssa.Value) *ssa.Call {
	switch x := v.(type) {
	case *ssa.Call:
		return x
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return c
		}
	}
	return nil
}

func IsNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// GateTest reads cond as `gate(..., root, ...) != nil` (or ==), where gate
// has a gate fact for the argument root is passed in: neq is set for !=.
func (f *SSAFlow) GateTest(cond ssa.Value, root ssa.Value) (g GateParam, neq, ok bool) {
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return g, false, false
	}
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		if !IsNilConst(pair[1]) {
			continue
		}
		call := callOf(pair[0])
		if call == nil || call.Call.IsInvoke() {
			continue
		}
		callee, ok := call.Call.Value.(*ssa.Function)
		if !ok {
			continue
		}
		fn, ok := callee.Object().(*types.Func)
		if !ok {
			continue
		}
		fact := f.GateOf(fn)
		if fact == nil {
			continue
		}
		for _, p := range fact.Params {
			if p.Index < len(call.Call.Args) && RootOf(call.Call.Args[p.Index]) == root {
				return p, bin.Op == token.NEQ, true
			}
		}
	}
	return g, false, false
}

// GateOf returns fn's gate fact: this package's, or an imported one.
func (f *SSAFlow) GateOf(fn *types.Func) *GateFact {
	fn = fn.Origin()
	if g, ok := f.Gates[fn]; ok {
		return g
	}
	if fn.Pkg() == nil || fn.Pkg() == f.Pkg.Pass.Pkg {
		return nil
	}
	g := new(GateFact)
	if !f.Pkg.Pass.ImportObjectFact(fn, g) {
		g = nil
	}
	if f.Gates == nil {
		f.Gates = map[*types.Func]*GateFact{}
	}
	f.Gates[fn] = g
	return g
}

// contentNilTest reads cond as `root.Content != nil` (neq) or `== nil`.
func contentNilTest(cond ssa.Value, root ssa.Value) (neq, ok bool) {
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return false, false
	}
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		if IsNilConst(pair[1]) && isFieldOf(pair[0], root, mcpsdk.FieldContent) {
			return bin.Op == token.NEQ, true
		}
	}
	return false, false
}

// isFieldOf reports whether v is a read of root's field name.
func isFieldOf(v ssa.Value, root ssa.Value, name string) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return FieldName(fa.X.Type(), fa.Field) == name && RootOf(fa.X) == root
		}
	case *ssa.Field:
		return FieldName(x.X.Type(), x.Field) == name && RootOf(x.X) == root
	}
	return false
}

// FieldName is the name of field i of the struct t is, or points to; ""
// for another type.
func FieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return ""
}

// Involves reports whether v depends on root within a few steps.
func Involves(v ssa.Value, root ssa.Value, depth int) bool {
	if v == nil || depth == 0 {
		return false
	}
	if v == root || RootOf(v) == root {
		return true
	}
	in, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	var ops []*ssa.Value
	for _, op := range in.Operands(ops) {
		if op != nil && *op != nil && Involves(*op, root, depth-1) {
			return true
		}
	}
	return false
}
