package failflow

import (
	"go/constant"
	"go/token"
	"iter"
	"maps"
	"slices"

	"github.com/elicitlint/elicitlint/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// This file is the dataflow: for each block, which of before the request,
// accept, decline, cancel, another action and not answered (the request
// failed, the answer is missing) can hold there.

// Set is what may hold on a path, as seen from one answer: not asked yet,
// asked with the answer not known to be there, answered with each action
// or with a string that is none of them (round-trip answers only: client
// input), or not answered. Each but the first has a second bit for paths
// that have passed a condition on something other than the answer (an
// operator's setting): those are somebody's choice and never reported.
type Set uint16

const (
	Pre     Set = 1 << iota // before the request
	Unknown                 // after it, answered or not
	Accept
	Decline
	Cancel
	None  // not answered: the request failed, the answer is missing
	Other // an action that is none of the three

	Gated = 6 // the gated bits are the others shifted by this much
)

const (
	ungated  = Unknown | Accept | Decline | Cancel | None | Other
	actions  = Accept | Decline | Cancel
	answered = actions | Other
	// NoneAny and OtherAny are the bits of None and Other, gated or not.
	NoneAny  = None | None<<Gated
	OtherAny = Other | Other<<Gated
)

// Any reports whether s has one of the bits of x, gated or not.
func (s Set) Any(x Set) bool { return s&(x|x<<Gated) != 0 }

// gate moves s's paths to their gated bits.
func (s Set) gate() Set { return s&^ungated | (s&ungated)<<Gated }

// known replaces "answered or not" by the answers: on a path that reads
// the action (or the answer's fields) the answer is there, or the path
// has panicked. A round-trip answer may carry any string.
func (f *Flow) known(s Set) Set {
	all := actions
	if f.Site.RoundTrip {
		all = answered
	}
	for _, u := range []Set{Unknown, Unknown << Gated} {
		if s&u != 0 {
			s = s&^u | all*(u/Unknown)
		}
	}
	return s
}

// bit is the bit of action a.
func bit(a string) Set {
	switch a {
	case flow.ActAccept:
		return Accept
	case flow.ActDecline:
		return Decline
	case flow.ActCancel:
		return Cancel
	}
	return 0
}

// transfer is the flow of one block: what holds after it on each edge.
func (f *Flow) transfer(b *ssa.BasicBlock, in Set) []Set {
	if len(b.Instrs) == 0 || f.env.SF.EndsPath(b) {
		return nil
	}
	s := f.Walk(b, in, nil)
	outs := make([]Set, len(b.Succs))
	for i := range outs {
		outs[i] = s
	}
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok || len(outs) != 2 {
		return outs
	}
	if s&Pre != 0 {
		if i := f.undeclaredEdge(b); i >= 0 {
			outs[i] = outs[i]&^Pre | None // the question cannot be asked there
			return outs
		}
	}
	cond := iff.Cond
	if val, neq, ok := f.actionTest(cond); ok {
		k := f.known(s)
		x := bit(val) | bit(val)<<Gated
		yes, no := k&x, k&^x
		if neq {
			yes, no = no, yes
		}
		outs[0], outs[1] = yes&^NoneAny, no&^NoneAny
		return outs
	}
	if val, neq, made, ok := f.madeUpTest(cond); ok {
		// The answer, or one made up where there is none
		// (res = &mcp.ElicitResult{Action: "accept"} when the request
		// fails): the paths without an answer take the made-up action's
		// way.
		k := f.known(s)
		x := bit(val) | bit(val)<<Gated
		yes, no := k&x, k&^x
		if made == val {
			yes |= s & NoneAny
		} else {
			no |= s & NoneAny
		}
		if neq {
			yes, no = no, yes
		}
		outs[0], outs[1] = yes, no
		return outs
	}
	if g, neq, ok := f.env.SF.GateTest(cond, f.root); ok && g.AcceptOnly && !f.valueOnly() {
		k := f.known(s)
		x := Accept | Accept<<Gated
		yes, no := k&^x, k&x // gate(res) != nil: not accept
		if !neq {
			yes, no = no, yes
		}
		outs[0], outs[1] = yes&^NoneAny, no&^NoneAny
		return outs
	}
	if yesIdx, ok := f.decisionTest(cond); ok {
		outs[yesIdx], outs[1-yesIdx] = f.splitDecision(s)
		return outs
	}
	if yesIdx, twoSided, _, ok := f.missingTest(cond); ok {
		// Paths that have not asked pass either way (the variable may
		// hold another error there).
		yes := s & (NoneAny | Pre)
		if s&Unknown != 0 {
			yes |= None
		}
		if s&(Unknown<<Gated) != 0 {
			yes |= None << Gated
		}
		no := s
		if twoSided {
			no = f.answers(s &^ NoneAny)
		}
		outs[yesIdx], outs[1-yesIdx] = yes, no
		return outs
	}
	if coll, emptyIdx, ok := emptyTest(cond); ok && s.Any(None) && f.filledWhenMissing(coll, b) {
		outs[emptyIdx] = s &^ NoneAny // every path without an answer filed a question
		return outs
	}
	if f.Site.Rounds != nil && f.flags && !f.reading && s.Any(None) {
		if yes, no, ok := f.askAgainSplit(cond, s); ok {
			outs[0], outs[1] = yes, no
			return outs
		}
	}
	if yes, no, ok := f.flagSplit(cond, s); ok {
		outs[0], outs[1] = yes, no
		return outs
	}
	// A condition on something else that decides what happens where the
	// answer may be missing, and that answered paths do not share (those
	// are past the decision): somebody's choice, such as a setting that
	// allows going ahead unconfirmed. A condition on what the client sent
	// (the answers, the call's arguments) is nobody's choice, and a
	// condition on the function's own counters (a retry loop's) or on
	// how long a wait took (its backoff) is part of its logic.
	if s.Any(None|Unknown) && s&answered == 0 && !f.aboutAnswer(cond) && !f.clientInput(cond, 8, map[ssa.Value]bool{}) && !ownValue(cond, 6, map[ssa.Value]bool{}) && !waitOutcome(cond) && f.decides(b) {
		outs[0], outs[1] = s.gate(), s.gate()
	}
	return outs
}

// answers is what holds where the answer is known to be there: every
// answer, or for a decision that is only an error, the go-ahead (a nil
// error is what accept gets).
func (f *Flow) answers(s Set) Set {
	k := f.known(s)
	if f.errorDecision() {
		k &= Pre | Accept | Accept<<Gated
	}
	return k
}

// Walk passes the instructions of b with the set in, calling visit (if
// not nil) with the set that holds at each, and returns the set after
// the last: the request turns "not asked" into "answered or not", and a
// read of the answer's fields ends the paths without an answer (the
// answer is nil there: they panic).
func (f *Flow) Walk(b *ssa.BasicBlock, in Set, visit func(ssa.Instruction, Set)) Set {
	s := in
	for _, instr := range b.Instrs {
		if instr == f.def {
			s = Unknown
		}
		if f.derefs(instr) {
			s = f.known(s &^ NoneAny)
		}
		if visit != nil {
			visit(instr, s)
		}
	}
	return s
}

// derefs reports an instruction that reads the answer's fields, calls a
// method on it, or hands it to a function (which may do either).
func (f *Flow) derefs(instr ssa.Instruction) bool {
	if f.valueOnly() {
		return false
	}
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		return flow.RootOf(in.X) == f.root
	case *ssa.Field:
		return flow.RootOf(in.X) == f.root
	case *ssa.UnOp:
		return in.Op == token.MUL && in.X == f.root
	case ssa.CallInstruction:
		com := in.Common()
		if fn, ok := com.Value.(*ssa.Function); ok && fn.Pkg != nil && isPrintPkg(fn.Pkg.Pkg.Path()) {
			return false
		}
		if com.IsInvoke() && com.Value == f.root {
			return true
		}
		for _, a := range com.Args {
			if a == f.root {
				return true
			}
			if mi, ok := a.(*ssa.MakeInterface); ok && mi.X == f.root {
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
func (f *Flow) actionTest(cond ssa.Value) (val string, neq, ok bool) {
	if f.Site.Decision != nil {
		return "", false, false
	}
	if !f.Site.ActionOnly {
		return flow.ActionTest(cond, f.root)
	}
	x, y, neq, isCmp := flow.Comparison(cond)
	if !isCmp {
		return "", false, false
	}
	for _, pair := range [][2]ssa.Value{{x, y}, {y, x}} {
		c, isConst := pair[1].(*ssa.Const)
		if isConst && c.Value != nil && c.Value.Kind() == constant.String && flow.StripFold(pair[0]) == f.root {
			return constant.StringVal(c.Value), neq, true
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

// MissingTest reads cond as a test that the answer is missing: the
// request's error against nil, the comma-ok of a round-trip assertion, the
// answer against nil (twoSided: the other edge has the answer), or
// errors.Is / errors.As on the error, or the error compared with a
// sentinel (true only when the error is not nil; the other edge knows
// nothing; sentinel names the error variable tested for, if any). yesIdx
// is the successor on which the answer is missing.
func (f *Flow) missingTest(cond ssa.Value) (yesIdx int, twoSided bool, sentinel *ssa.Global, ok bool) {
	if cond == f.okV && cond != nil {
		return 1, true, nil, true
	}
	switch x := cond.(type) {
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return 0, false, nil, false
		}
		eq := 0 // the true edge of ==
		if x.Op == token.NEQ {
			eq = 1
		}
		for _, pair := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
			v, other := pair[0], pair[1]
			switch {
			case flow.IsNilConst(other) && f.isErr(v):
				return 1 - eq, true, nil, true
			case flow.IsNilConst(other) && v == f.root && !f.valueOnly():
				return eq, true, nil, true
			case f.isErr(v) && sentinelOf(other) != nil:
				return eq, false, sentinelOf(other), true
			}
		}
	case *ssa.Call:
		switch f.errorsTest(x) {
		case "Is":
			return 0, false, sentinelOf(x.Call.Args[1]), true
		case "As":
			return 0, false, nil, true
		}
	}
	return 0, false, nil, false
}

// errorsTest returns "Is" or "As" for a call errors.Is(err, x) or
// errors.As(err, x) on the request's error (isErr), else "".
func (f *Flow) errorsTest(call *ssa.Call) string {
	fn, ok := call.Call.Value.(*ssa.Function)
	if !ok || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "errors" || fn.Name() != "Is" && fn.Name() != "As" {
		return ""
	}
	if len(call.Call.Args) != 2 || !f.isErr(call.Call.Args[0]) {
		return ""
	}
	return fn.Name()
}

// isErr reports the request's error: errV itself, or a variable that
// holds it on every path through the request and something else only on
// paths that never made it (var err error; if s != nil { res, err =
// s.Elicit(...) } else { err = errNoSession }), a phi whose other edges
// come from blocks the request does not reach.
func (f *Flow) isErr(v ssa.Value) bool {
	if v == nil || f.errV == nil {
		return false
	}
	v = flow.Loaded(v)
	return v == f.errV || f.errPhi(v, 3)
}

func (f *Flow) errPhi(v ssa.Value, depth int) bool {
	phi, ok := v.(*ssa.Phi)
	return ok && depth > 0 && f.holds(phi, func(e ssa.Value) bool { return e == f.errV || f.errPhi(e, depth-1) })
}

// holds reports a phi that is a value is() accepts on every path through
// the request, and something else only on paths that never made it: its
// other edges come from blocks the request does not reach.
func (f *Flow) holds(phi *ssa.Phi, is func(ssa.Value) bool) bool {
	if f.def == nil {
		return false
	}
	has := false
	for i, e := range phi.Edges {
		switch {
		case is(e):
			has = true
		case reaches(f.def.Block(), phi.Block().Preds[i]):
			return false // another value after the request
		}
	}
	return has
}

// lift returns the variable that holds the answer v where the function
// reads it, when v goes only into variables (var res *mcp.ElicitResult;
// if ok { res, err = s.Elicit(...) }, or a retry loop that asks until the
// request works): the phis that are v on every path through the request,
// and something else only on paths that never made it, gathered from v;
// of those, the one the function reads, when only one is read.
func (f *Flow) lift(v ssa.Value) ssa.Value {
	held := []ssa.Value{v}
	in := func(e ssa.Value) bool { return slices.Contains(held, e) }
	for i := 0; i < len(held) && len(held) < 8; i++ {
		refs := held[i].Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			if phi, ok := r.(*ssa.Phi); ok && !in(phi) && f.holds(phi, in) {
				held = append(held, phi)
			}
		}
	}
	var read ssa.Value
	for _, h := range held {
		refs := h.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			if phi, ok := r.(*ssa.Phi); ok && in(phi) {
				continue
			}
			if read != nil && read != h {
				return v
			}
			read = h
		}
	}
	if read == nil {
		return v
	}
	return read
}

// Sentinels returns the error variables of the tests through which a path
// without an answer reaches b, when every such test is for one of them
// (errors.Is(err, server.ErrElicitationNotSupported)): the path is taken
// on those errors only. It returns nil when some test holds whenever the
// answer is missing (err != nil, !ok).
func (f *Flow) Sentinels(b *ssa.BasicBlock) []*ssa.Global {
	var gs []*ssa.Global
	for yes, g := range f.missingEdges() {
		if !reaches(yes, b) {
			continue
		}
		if g == nil {
			return nil
		}
		if !slices.Contains(gs, g) {
			gs = append(gs, g)
		}
	}
	return gs
}

// missingEdges yields, for each test in the function that the answer is
// missing, the successor taken when it is, and the sentinel tested for.
func (f *Flow) missingEdges() iter.Seq2[*ssa.BasicBlock, *ssa.Global] {
	return func(yield func(*ssa.BasicBlock, *ssa.Global) bool) {
		for _, p := range f.Fn.Blocks {
			if len(p.Instrs) == 0 || len(p.Succs) != 2 {
				continue
			}
			iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			if yes, _, g, ok := f.missingTest(iff.Cond); ok && !yield(p.Succs[yes], g) {
				return
			}
		}
	}
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

// sentinelOf returns the package-level error variable v loads, or nil.
func sentinelOf(v ssa.Value) *ssa.Global {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	g, _ := u.X.(*ssa.Global)
	return g
}

// aboutAnswer reports a condition on the answer or on the request's error
// alone (errors.Is(err, context.Canceled), strings.Contains(err.Error(),
// ...)): such a test is part of deciding what to do without an answer,
// not somebody's setting.
func (f *Flow) aboutAnswer(cond ssa.Value) bool {
	if f.root != nil && flow.Involves(cond, f.root, 3) || f.okV != nil && flow.Involves(cond, f.okV, 3) {
		return true
	}
	only, uses := f.errOnly(cond, 5)
	return only && uses
}

// errOnly reports whether v is computed from the request's error and
// constants alone (only), and whether it uses the error (uses).
func (f *Flow) errOnly(v ssa.Value, depth int) (only, uses bool) {
	if v == nil || depth == 0 {
		return false, false
	}
	if f.isErr(v) {
		return true, true
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		// An errors.As target is an Alloc: what errors.As put there is
		// the error.
		return true, f.asTarget(x)
	case *ssa.Const, *ssa.Global:
		return true, false
	case *ssa.Call:
		ops := x.Call.Args
		if x.Call.IsInvoke() {
			ops = append([]ssa.Value{x.Call.Value}, ops...)
		} else if _, static := x.Call.Value.(*ssa.Function); !static {
			return false, false
		}
		return f.allErrOnly(ops, depth)
	case *ssa.BinOp:
		return f.allErrOnly([]ssa.Value{x.X, x.Y}, depth)
	case *ssa.UnOp:
		return f.errOnly(x.X, depth-1)
	case *ssa.Extract:
		return f.errOnly(x.Tuple, depth-1)
	case *ssa.MakeInterface:
		return f.errOnly(x.X, depth-1)
	case *ssa.ChangeInterface:
		return f.errOnly(x.X, depth-1)
	case *ssa.TypeAssert:
		return f.errOnly(x.X, depth-1)
	case *ssa.FieldAddr:
		// rpcErr.Code of the target errors.As filled
		return f.errOnly(x.X, depth-1)
	case *ssa.Field:
		return f.errOnly(x.X, depth-1)
	}
	return false, false
}

// asTarget reports an Alloc that errors.As fills from the request's
// error: errors.As(err, &target).
func (f *Flow) asTarget(a *ssa.Alloc) bool {
	if f.errV == nil || a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok || mi.Referrers() == nil {
			continue
		}
		for _, rr := range *mi.Referrers() {
			call, ok := rr.(*ssa.Call)
			if !ok {
				continue
			}
			if f.errorsTest(call) == "As" {
				return true
			}
		}
	}
	return false
}

func (f *Flow) allErrOnly(vs []ssa.Value, depth int) (only, uses bool) {
	for _, a := range vs {
		o, u := f.errOnly(a, depth-1)
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
func (f *Flow) decides(b *ssa.BasicBlock) bool {
	return !maps.Equal(f.reach(b.Succs[0]), f.reach(b.Succs[1]))
}

// reach returns the returns, panics and work calls reachable from b.
func (f *Flow) reach(b *ssa.BasicBlock) map[ssa.Instruction]bool {
	if m, ok := f.outcomes[b]; ok {
		return m
	}
	m := map[ssa.Instruction]bool{}
	WalkPaths(f.env, b, func(instr ssa.Instruction, ends bool) bool {
		switch instr.(type) {
		case *ssa.Return, *ssa.Panic:
			m[instr] = true
		case *ssa.Call:
			if ends || f.Work(instr) != nil {
				m[instr] = true
			}
		default:
			if ends {
				m[instr] = true
			}
		}
		return true
	})
	f.outcomes[b] = m
	return m
}

// WalkPaths visits, depth first, the instructions of the blocks reachable
// from b, each block once, and does not go past a block that ends a path
// (a return, a panic, a call that never returns), whose last instruction
// it visits a second time with ends set. It stops, and returns false, when
// visit returns false. Every walk of what a path does from a block (the
// outcomes a branch leads to, whether a path leaves before the work) is
// this one.
func WalkPaths(env *Env, b *ssa.BasicBlock, visit func(instr ssa.Instruction, ends bool) bool) bool {
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
			if !visit(instr, false) {
				return false
			}
		}
		if len(x.Instrs) > 0 && env.SF.EndsPath(x) {
			if !visit(x.Instrs[len(x.Instrs)-1], true) {
				return false
			}
			continue
		}
		stack = append(stack, x.Succs...)
	}
	return true
}

// EdgeSet is the set passed from block p to its successor b.
func (f *Flow) EdgeSet(p, b *ssa.BasicBlock) Set {
	in, ok := f.In[p]
	if !ok {
		return 0
	}
	outs := f.transfer(p, in)
	for i, s := range p.Succs {
		if s == b && i < len(outs) {
			return outs[i]
		}
	}
	return 0
}

// flagBits are the bits of each kind of path a flag is read on (Eval's
// actions), gated or not.
var flagBits = []struct {
	a    string
	bits Set
}{
	{flow.ActAccept, Accept | Accept<<Gated},
	{flow.ActDecline, Decline | Decline<<Gated},
	{flow.ActCancel, Cancel | Cancel<<Gated},
	{Missing, None | None<<Gated},
	{Forged, Other | Other<<Gated},
}

// isFlag reports a boolean condition that is a variable given values on
// several paths (a phi, or its negation), or such a variable compared
// with a constant (an action kept in a variable of its own, an enum of
// the project's), which Eval can read per path.
func isFlag(cond ssa.Value) bool {
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond = u.X
	}
	if bin, ok := cond.(*ssa.BinOp); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
		for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
			_, phi := stripConv(pair[0]).(*ssa.Phi)
			c, isConst := pair[1].(*ssa.Const)
			if phi && isConst && c.Value != nil {
				return true
			}
		}
		return false
	}
	_, ok := cond.(*ssa.Phi)
	return ok
}

// hasFlags reports whether the function branches on a flag (isFlag).
func (f *Flow) hasFlags() bool {
	for _, b := range f.Fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && isFlag(iff.Cond) {
			return true
		}
	}
	return false
}

// flagSplit splits the paths at a condition on a flag by its value on
// each kind of path, in the flow's second pass: the bits of a kind on
// which the flag is known go to that side alone; the others, and paths
// before the request or not yet read, go both ways.
func (f *Flow) flagSplit(cond ssa.Value, s Set) (yes, no Set, ok bool) {
	if !f.flags || f.reading || !isFlag(cond) {
		return 0, 0, false
	}
	f.reading = true
	defer func() { f.reading = false }()
	yes, no = s, s
	split := false
	for _, k := range flagBits {
		if s&k.bits == 0 {
			continue
		}
		switch f.Eval(cond, k.a, s&k.bits, 6) {
		case ValTrue:
			no &^= k.bits
			split = true
		case ValFalse:
			yes &^= k.bits
			split = true
		default:
			if k.a == Missing && enumTest(cond) {
				// The paths without an answer give the enum more than one
				// value (one asks, one goes on): which one reaches what
				// lies beyond is not known here, so the split is left
				// to the test of something else.
				return 0, 0, false
			}
		}
	}
	return yes, no, split
}

// enumTest reports a flag compared with a constant that is neither a
// string nor a bool: a step or a mode of the project's own.
func enumTest(cond ssa.Value) bool {
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	for _, v := range []ssa.Value{bin.X, bin.Y} {
		if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() != constant.String && c.Value.Kind() != constant.Bool {
			return true
		}
	}
	return false
}
