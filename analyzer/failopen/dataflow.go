package failopen

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/model"
	"golang.org/x/tools/go/ssa"
)

// This file is the check's dataflow on the SSA form of a function that
// holds a request: for each block, which of before the request, accept,
// decline, cancel and not answered (the request failed, the answer is
// missing) can hold there, and which decisions those paths make.

// foSet is what may hold on a path, as seen from one answer: not asked
// yet, asked with the answer not known to be there, answered with each
// action, or not answered. Each but the first has a second bit for paths
// that have passed a condition on something other than the answer (an
// operator's setting): those are somebody's choice and never reported.
type foSet uint16

const (
	foPre     foSet = 1 << iota // before the request
	foUnknown                   // after it, answered or not
	foAccept
	foDecline
	foCancel
	foNone // not answered: the request failed, the answer is missing

	foGated = 5 // the gated bits are the others shifted by this much
)

const (
	foUngated = foUnknown | foAccept | foDecline | foCancel | foNone
	foActions = foAccept | foDecline | foCancel
	foNoneAny = foNone | foNone<<foGated
)

const (
	valUnknown foVal = iota
	valTrue
	valFalse
	valNil
	valNonNil
	valAccept // the answer, or its action, is "accept"
	valDecline
	valCancel
)

// any reports whether s has one of the bits of x, gated or not.
func (s foSet) any(x foSet) bool { return s&(x|x<<foGated) != 0 }

// gate moves s's paths to their gated bits.
func (s foSet) gate() foSet { return s&^foUngated | (s&foUngated)<<foGated }

// known replaces "answered or not" by the three answers: on a path that
// reads the action (or the answer's fields) the answer is there, or the
// path has panicked.
func (s foSet) known() foSet {
	for _, u := range []foSet{foUnknown, foUnknown << foGated} {
		if s&u != 0 {
			s = s&^u | foActions*(u/foUnknown)
		}
	}
	return s
}

// foBit is the bit of action a.
func foBit(a string) foSet {
	switch a {
	case flow.ActAccept:
		return foAccept
	case flow.ActDecline:
		return foDecline
	case flow.ActCancel:
		return foCancel
	}
	return 0
}

// foVal is what a returned value is on one path, as far as it can be read.
type foVal uint8

func actionVal(a string) foVal {
	switch a {
	case flow.ActAccept:
		return valAccept
	case flow.ActDecline:
		return valDecline
	case flow.ActCancel:
		return valCancel
	}
	return valUnknown
}

// failOpen is the fail-open analysis of one answer in one function.
type failOpen struct {
	c    *check.Pass
	sf   *flow.SSAFlow
	fn   *ssa.Function
	site *model.ResultSite
	// def makes the answer; root is the answer (or the action, for a
	// function returning one); errV is the call's error and okV the
	// comma-ok of a round-trip assertion, when there are.
	def        ssa.Instruction
	root       ssa.Value
	errV, okV  ssa.Value
	actionOnly bool
	in         map[*ssa.BasicBlock]foSet
	// outcomes caches, per block, the returns and work calls reachable
	// from it (see decides).
	outcomes map[*ssa.BasicBlock]map[ssa.Instruction]bool
}

// newFailOpen finds the answer's values in fn's SSA form, or returns nil.
func newFailOpen(c *check.Pass, sf *flow.SSAFlow, fn *ssa.Function, site *model.ResultSite) *failOpen {
	fo := &failOpen{c: c, sf: sf, fn: fn, site: site, actionOnly: site.ActionOnly, outcomes: map[*ssa.BasicBlock]map[ssa.Instruction]bool{}}
	var lparen token.Pos
	switch e := site.Expr.(type) {
	case *ast.CallExpr:
		lparen = e.Lparen
	case *ast.TypeAssertExpr:
		lparen = e.Lparen
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr.(type) {
			case *ssa.Call, *ssa.TypeAssert:
				if instr.Pos() == lparen {
					fo.def = instr
				}
			}
		}
	}
	v, ok := fo.def.(ssa.Value)
	if !ok || v.Referrers() == nil {
		return nil
	}
	tup, isTuple := v.Type().(*types.Tuple)
	if !isTuple {
		fo.root = v
	} else {
		for _, r := range *v.Referrers() {
			x, ok := r.(*ssa.Extract)
			if !ok {
				continue
			}
			switch {
			case x.Index == site.Idx:
				fo.root = x
			case x.Index == tup.Len()-1 && isErrorType(x.Type()):
				fo.errV = x
			case x.Index == 1 && !site.ActionOnly:
				if _, assert := fo.def.(*ssa.TypeAssert); assert {
					fo.okV = x
				}
			}
		}
	}
	if fo.root == nil || fo.errV == nil && fo.okV == nil && !site.RoundTrip {
		return nil
	}
	return fo
}

// transfer is the flow of one block: what holds after it on each edge.
func (fo *failOpen) transfer(b *ssa.BasicBlock, in foSet) []foSet {
	if len(b.Instrs) == 0 || fo.sf.EndsPath(b) {
		return nil
	}
	s := fo.walk(b, in, nil)
	outs := make([]foSet, len(b.Succs))
	for i := range outs {
		outs[i] = s
	}
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok || len(outs) != 2 {
		return outs
	}
	cond := iff.Cond
	if val, neq, ok := fo.actionTest(cond); ok {
		k := s.known()
		x := foBit(val) | foBit(val)<<foGated
		yes, no := k&x, k&^x
		if neq {
			yes, no = no, yes
		}
		outs[0], outs[1] = yes&^foNoneAny, no&^foNoneAny
		return outs
	}
	if g, neq, ok := fo.sf.GateTest(cond, fo.root); ok && g.AcceptOnly && !fo.actionOnly {
		k := s.known()
		x := foAccept | foAccept<<foGated
		yes, no := k&^x, k&x // gate(res) != nil: not accept
		if !neq {
			yes, no = no, yes
		}
		outs[0], outs[1] = yes&^foNoneAny, no&^foNoneAny
		return outs
	}
	if yesIdx, twoSided, _, ok := fo.missingTest(cond); ok {
		yes := s & foNoneAny
		if s&foUnknown != 0 {
			yes |= foNone
		}
		if s&(foUnknown<<foGated) != 0 {
			yes |= foNone << foGated
		}
		no := s
		if twoSided {
			no = (s &^ foNoneAny).known()
		}
		outs[yesIdx], outs[1-yesIdx] = yes, no
		return outs
	}
	// A condition on something else that decides what happens where the
	// answer may be missing, and that answered paths do not share (those
	// are past the decision): somebody's choice, such as a setting that
	// allows going ahead unconfirmed.
	if s.any(foNone|foUnknown) && s&foActions == 0 && !fo.aboutAnswer(cond) && fo.decides(b) {
		outs[0], outs[1] = s.gate(), s.gate()
	}
	return outs
}

// walk passes the instructions of b with the set in, calling visit (if
// not nil) with the set that holds at each, and returns the set after
// the last: the request turns "not asked" into "answered or not", and a
// read of the answer's fields ends the paths without an answer (the
// answer is nil there: they panic).
func (fo *failOpen) walk(b *ssa.BasicBlock, in foSet, visit func(ssa.Instruction, foSet)) foSet {
	s := in
	for _, instr := range b.Instrs {
		if instr == fo.def {
			s = foUnknown
		}
		if fo.derefs(instr) {
			s = (s &^ foNoneAny).known()
		}
		if visit != nil {
			visit(instr, s)
		}
	}
	return s
}

// derefs reports an instruction that reads the answer's fields, calls a
// method on it, or hands it to a function (which may do either).
func (fo *failOpen) derefs(instr ssa.Instruction) bool {
	if fo.actionOnly {
		return false
	}
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		return flow.RootOf(in.X) == fo.root
	case *ssa.Field:
		return flow.RootOf(in.X) == fo.root
	case *ssa.UnOp:
		return in.Op == token.MUL && in.X == fo.root
	case ssa.CallInstruction:
		com := in.Common()
		if fn, ok := com.Value.(*ssa.Function); ok && fn.Pkg != nil && isPrintPkg(fn.Pkg.Pkg.Path()) {
			return false
		}
		if com.IsInvoke() && com.Value == fo.root {
			return true
		}
		for _, a := range com.Args {
			if a == fo.root {
				return true
			}
			if mi, ok := a.(*ssa.MakeInterface); ok && mi.X == fo.root {
				return true
			}
		}
	}
	return false
}

func isPrintPkg(path string) bool {
	return path == "fmt" || path == "log" || path == "log/slog"
}

// actionTest reads cond as a comparison of the answer's action with a
// constant.
func (fo *failOpen) actionTest(cond ssa.Value) (val string, neq, ok bool) {
	if !fo.actionOnly {
		return flow.ActionTest(cond, fo.root)
	}
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return "", false, false
	}
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		c, isConst := pair[1].(*ssa.Const)
		if isConst && c.Value != nil && c.Value.Kind() == constant.String && stripConv(pair[0]) == fo.root {
			return constant.StringVal(c.Value), bin.Op == token.NEQ, true
		}
	}
	return "", false, false
}

// stripConv strips conversions between types of the same underlying type.
func stripConv(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v
		}
	}
}

// missingTest reads cond as a test that the answer is missing: the
// request's error against nil, the comma-ok of a round-trip assertion, the
// answer against nil (twoSided: the other edge has the answer), or
// errors.Is / errors.As on the error, or the error compared with a
// sentinel (true only when the error is not nil; the other edge knows
// nothing; sentinel names the error variable tested for, if any). yesIdx
// is the successor on which the answer is missing.
func (fo *failOpen) missingTest(cond ssa.Value) (yesIdx int, twoSided bool, sentinel string, ok bool) {
	if cond == fo.okV && cond != nil {
		return 1, true, "", true
	}
	switch x := cond.(type) {
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return 0, false, "", false
		}
		eq := 0 // the true edge of ==
		if x.Op == token.NEQ {
			eq = 1
		}
		for _, pair := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
			v, other := pair[0], pair[1]
			switch {
			case flow.IsNilConst(other) && v == fo.errV && v != nil:
				return 1 - eq, true, "", true
			case flow.IsNilConst(other) && v == fo.root && !fo.actionOnly:
				return eq, true, "", true
			case v == fo.errV && v != nil && isSentinel(other):
				return eq, false, fo.sentinelName(other), true
			}
		}
	case *ssa.Call:
		if f, ok := x.Call.Value.(*ssa.Function); ok && f.Pkg != nil && f.Pkg.Pkg.Path() == "errors" && (f.Name() == "Is" || f.Name() == "As") {
			if len(x.Call.Args) == 2 && x.Call.Args[0] == fo.errV && fo.errV != nil {
				name := ""
				if f.Name() == "Is" && isSentinel(x.Call.Args[1]) {
					name = fo.sentinelName(x.Call.Args[1])
				}
				return 0, false, name, true
			}
		}
	}
	return 0, false, "", false
}

// sentinelName names a package-level error variable as the package
// analysed would write it.
func (fo *failOpen) sentinelName(v ssa.Value) string {
	g := v.(*ssa.UnOp).X.(*ssa.Global)
	obj := g.Object()
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == fo.c.Pass.Pkg {
		return g.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

// sentinels returns the error variables of the tests through which a path
// without an answer reaches b, when every such test is for one of them
// (errors.Is(err, server.ErrElicitationNotSupported)): the path is taken
// on those errors only. It returns nil when some test holds whenever the
// answer is missing (err != nil, !ok).
func (fo *failOpen) sentinels(b *ssa.BasicBlock) []string {
	var names []string
	for _, p := range fo.fn.Blocks {
		if len(p.Instrs) == 0 || len(p.Succs) != 2 {
			continue
		}
		iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		yesIdx, _, name, ok := fo.missingTest(iff.Cond)
		if !ok || !reaches(p.Succs[yesIdx], b) {
			continue
		}
		if name == "" {
			return nil
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// reaches reports whether b can be reached from a (or is a).
func reaches(a, b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{a}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return false
}

// isSentinel reports a package-level error variable.
func isSentinel(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	_, global := u.X.(*ssa.Global)
	return global
}

// aboutAnswer reports a condition on the answer or on the request's error
// alone (errors.Is(err, context.Canceled), strings.Contains(err.Error(),
// ...)): such a test is part of deciding what to do without an answer,
// not somebody's setting.
func (fo *failOpen) aboutAnswer(cond ssa.Value) bool {
	if flow.Involves(cond, fo.root, 3) || fo.okV != nil && flow.Involves(cond, fo.okV, 3) {
		return true
	}
	only, uses := fo.errOnly(cond, 5)
	return only && uses
}

// errOnly reports whether v is computed from the request's error and
// constants alone (only), and whether it uses the error (uses).
func (fo *failOpen) errOnly(v ssa.Value, depth int) (only, uses bool) {
	if v == nil || depth == 0 {
		return false, false
	}
	if v == fo.errV {
		return true, true
	}
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global, *ssa.Alloc:
		return true, false // an errors.As target is an Alloc
	case *ssa.Call:
		ops := x.Call.Args
		if x.Call.IsInvoke() {
			ops = append([]ssa.Value{x.Call.Value}, ops...)
		} else if _, static := x.Call.Value.(*ssa.Function); !static {
			return false, false
		}
		return fo.allErrOnly(ops, depth)
	case *ssa.BinOp:
		return fo.allErrOnly([]ssa.Value{x.X, x.Y}, depth)
	case *ssa.UnOp:
		return fo.errOnly(x.X, depth-1)
	case *ssa.Extract:
		return fo.errOnly(x.Tuple, depth-1)
	case *ssa.MakeInterface:
		return fo.errOnly(x.X, depth-1)
	case *ssa.ChangeInterface:
		return fo.errOnly(x.X, depth-1)
	case *ssa.TypeAssert:
		return fo.errOnly(x.X, depth-1)
	}
	return false, false
}

func (fo *failOpen) allErrOnly(vs []ssa.Value, depth int) (only, uses bool) {
	for _, a := range vs {
		o, u := fo.errOnly(a, depth-1)
		if !o {
			return false, false
		}
		uses = uses || u
	}
	return true, uses
}

// decides reports whether the two successors of b lead to different
// outcomes (returns and work calls): a condition on something else that
// only decides whether to log leaves the paths as they are.
func (fo *failOpen) decides(b *ssa.BasicBlock) bool {
	return !maps.Equal(fo.reach(b.Succs[0]), fo.reach(b.Succs[1]))
}

// reach returns the returns, panics and work calls reachable from b.
func (fo *failOpen) reach(b *ssa.BasicBlock) map[ssa.Instruction]bool {
	if m, ok := fo.outcomes[b]; ok {
		return m
	}
	m := map[ssa.Instruction]bool{}
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		for _, instr := range x.Instrs {
			switch instr.(type) {
			case *ssa.Return, *ssa.Panic:
				m[instr] = true
			case *ssa.Call:
				if fo.work(instr) != nil {
					m[instr] = true
				}
			}
		}
		if len(x.Instrs) > 0 && fo.sf.EndsPath(x) {
			m[x.Instrs[len(x.Instrs)-1]] = true
			continue
		}
		stack = append(stack, x.Succs...)
	}
	fo.outcomes[b] = m
	return m
}

// eval reads what v is on the paths of action a ("" for the paths without
// an answer) that have the set s.
func (fo *failOpen) eval(v ssa.Value, a string, s foSet, depth int) foVal {
	if depth == 0 {
		return valUnknown
	}
	missing := a == ""
	switch x := v.(type) {
	case *ssa.Const:
		switch {
		case x.IsNil():
			return valNil
		case x.Value == nil:
		case x.Value.Kind() == constant.Bool:
			if constant.BoolVal(x.Value) {
				return valTrue
			}
			return valFalse
		case x.Value.Kind() == constant.String:
			return actionVal(constant.StringVal(x.Value))
		}
		return valUnknown
	case *ssa.Phi:
		out := valUnknown
		for i, e := range x.Edges {
			es := fo.edgeSet(x.Block().Preds[i], x.Block())
			if missing && es&foNone == 0 || !missing && !es.any(foBit(a)|foUnknown) {
				continue
			}
			ev := fo.eval(e, a, es, depth-1)
			if ev == valUnknown || out != valUnknown && ev != out {
				return valUnknown
			}
			out = ev
		}
		return out
	case *ssa.UnOp:
		if x.Op == token.NOT {
			switch fo.eval(x.X, a, s, depth-1) {
			case valTrue:
				return valFalse
			case valFalse:
				return valTrue
			}
			return valUnknown
		}
	case *ssa.ChangeType:
		return fo.eval(x.X, a, s, depth-1)
	case *ssa.Convert:
		return fo.eval(x.X, a, s, depth-1)
	case *ssa.Alloc:
		if !missing {
			return valNonNil
		}
		if act := fo.literalAction(x); act != "" {
			return actionVal(act)
		}
		return valNonNil
	}
	if v == fo.errV {
		switch {
		case missing:
			return valNonNil
		case !s.any(foUnknown):
			return valNil
		}
		return valUnknown
	}
	if !missing {
		if val, neq, ok := fo.actionTest(v); ok {
			if (val == a) != neq {
				return valTrue
			}
			return valFalse
		}
		if v == fo.root || !fo.actionOnly && flow.IsActionOf(v, fo.root) {
			return actionVal(a)
		}
		if call, ok := v.(*ssa.Call); ok && !fo.actionOnly {
			if g := fo.gateCall(call); g != nil && g.AcceptOnly {
				if a == flow.ActAccept {
					return valNil
				}
				return valNonNil
			}
		}
	}
	if model.NotNilError(v) {
		return valNonNil
	}
	return valUnknown
}

// gateCall returns the gate fact of a call that passes the answer to an
// error gate.
func (fo *failOpen) gateCall(call *ssa.Call) *flow.GateParam {
	callee, ok := call.Call.Value.(*ssa.Function)
	if !ok {
		return nil
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return nil
	}
	f := fo.sf.GateOf(obj)
	if f == nil {
		return nil
	}
	for _, p := range f.Params {
		if p.Index < len(call.Call.Args) && flow.RootOf(call.Call.Args[p.Index]) == fo.root {
			return &p
		}
	}
	return nil
}

// literalAction returns the constant action a composite literal of an
// answer type is given (&mcp.ElicitResult{Action: "accept"}), or "".
func (fo *failOpen) literalAction(alloc *ssa.Alloc) string {
	sdk := fo.c.ResultSDK(alloc.Type())
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
			f := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(fa.Field)
			if f.Name() == sdk.ActionField {
				for _, st := range *fa.Referrers() {
					if store, ok := st.(*ssa.Store); ok && store.Addr == fa {
						if c, ok := stripConv(store.Val).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
							return constant.StringVal(c.Value)
						}
					}
				}
			} else if f.Embedded() {
				if a := find(fa, depth-1); a != "" {
					return a
				}
			}
		}
		return ""
	}
	return find(alloc, 3)
}

// edgeSet is the set passed from block p to its successor b.
func (fo *failOpen) edgeSet(p, b *ssa.BasicBlock) foSet {
	in, ok := fo.in[p]
	if !ok {
		return 0
	}
	outs := fo.transfer(p, in)
	for i, s := range p.Succs {
		if s == b && i < len(outs) {
			return outs[i]
		}
	}
	return 0
}
