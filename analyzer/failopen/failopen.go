// Package failopen is elicitlint's fail-open check: it report code that goes ahead when the question could not be asked.
// docs/fail-open.md explains the check.
//
// It reads the model's answers, gates and handlers, and runs its own dataflow on internal/flow's SSA form of the functions that hold a request. Like every check, it reaches no other check.
package failopen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"

	"github.com/elicitlint/elicitlint/internal/model"

	"github.com/elicitlint/elicitlint/internal/flow"

	"github.com/elicitlint/elicitlint/internal/source"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// Check is the fail-open check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckFailOpen, Doc: "report code that goes ahead when the question could not be asked", Run: Run}

// Analyzer is the fail-open check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// checkFailOpen implements the fail-open check: a path on which the
// question was not answered (the error of a request, a round-trip answer
// that is missing) must not reach what only an accepted answer reaches.
// It reports
//
//   - in a function that returns a decision (a bool, an error, an answer),
//     the path that returns what the accept path returns and what no
//     refusal returns;
//   - in any other function, a handler typically, the path that falls into
//     the code only accept reaches (the refusals have left before it), or
//     that calls what the accept branch alone calls.
//
// Paths that also depend on something other than the answer (an operator's
// setting) are left alone, and so is everything the flow cannot read. The
// flow runs on the SSA form of the functions that hold a request with an
// error or a round-trip answer, with the engine of the content check
// (forwardFlow in ssaflow.go).
func Run(c *check.Pass) {
	var sites []*model.ResultSite
	for _, site := range c.D.Results {
		if site.Obj != nil && site.Body != nil && !site.Discarded && failOpenSite(c.Model, site) && mayFailOpen(c, site) {
			sites = append(sites, site)
		}
	}
	if len(sites) == 0 {
		return
	}
	at := make([]ast.Node, len(sites))
	for i, s := range sites {
		at[i] = s.Expr
	}
	pkg := flow.BuildSSAFor(c.Pass.Fset, c.Pass.Pkg, c.Pass.Files, c.Info, at)
	sf := flow.NewSSAFlow(c.Model.Package)
	sf.Gates = maps.Clone(c.Sum.Gates)
	for _, site := range sites {
		fn := flow.SSAFunc(c.Package, pkg, site.Expr)
		if fn == nil {
			continue
		}
		if fo := newFailOpen(c, sf, fn, site); fo != nil {
			fo.check()
		}
	}
}

// failOpenSite reports whether an answer can be missing in a way the code
// tests: a round-trip answer, or the answer of a call that also returns an
// error.
func failOpenSite(pc *model.Model, site *model.ResultSite) bool {
	if site.RoundTrip {
		return true
	}
	call, ok := site.Expr.(*ast.CallExpr)
	if !ok {
		return false
	}
	tup, ok := pc.Info.TypeOf(call).(*types.Tuple)
	return ok && tup.Len() >= 2 && site.Idx < tup.Len()-1 && isErrorType(tup.At(tup.Len()-1).Type())
}

// mayFailOpen reports whether the function holding the site may have a
// path without an answer that the flow must read. It has none when every
// test for a missing answer is the whole condition of an if (err != nil,
// !ok, res == nil) whose body leaves, calls no work and, in a function
// that returns a decision, returns a non-nil error: the common shape,
// decided here without building SSA.
func mayFailOpen(c *check.Pass, site *model.ResultSite) bool {
	errVar, okVar := missingVars(c.Model, site)
	decision := site.Sig != nil && site.Sig.Results().Len() > 0
	if decision {
		for i := 0; i < site.Sig.Results().Len(); i++ {
			if handlerResult(c, site.Sig.Results().At(i).Type()) {
				decision = false
			}
		}
	}
	is := func(e ast.Expr, v *types.Var) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && v != nil && c.Info.Uses[id] == v
	}
	// missing reads `err != nil`, `!ok` and `res == nil`.
	missing := func(cond ast.Expr) bool {
		switch x := ast.Unparen(cond).(type) {
		case *ast.BinaryExpr:
			return x.Op == token.NEQ && is(x.X, errVar) && source.IsNil(c.Info, x.Y) ||
				x.Op == token.EQL && is(x.X, site.Obj) && source.IsNil(c.Info, x.Y)
		case *ast.UnaryExpr:
			return x.Op == token.NOT && is(x.X, okVar)
		}
		return false
	}
	may := false
	var stack []ast.Node
	ast.Inspect(site.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if may {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if missing(n.Cond) {
				may = n.Else != nil || !closes(c, n.Body, decision, errVar)
				return false
			}
		case *ast.Ident:
			v := c.Info.Uses[n]
			if v == nil || v != errVar && v != okVar && v != site.Obj {
				break
			}
			switch p := stack[len(stack)-1].(type) {
			case *ast.ReturnStmt:
			case *ast.CallExpr:
				may = v != site.Obj && !flow.IsPrintCall(c.Info, p)
			case *ast.BinaryExpr:
				may = source.IsNil(c.Info, p.X) || source.IsNil(c.Info, p.Y) || v != site.Obj
			default:
				may = v != site.Obj
			}
		}
		stack = append(stack, n)
		return true
	})
	return may
}

// missingVars returns the variables that tell whether a site's answer is
// missing: the error of its call, the comma-ok of its assertion.
func missingVars(pc *model.Model, site *model.ResultSite) (errVar, okVar *types.Var) {
	var lhs []ast.Expr
	ast.Inspect(site.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == site.Expr {
				lhs = n.Lhs
			}
		case *ast.ValueSpec:
			if len(n.Values) == 1 && ast.Unparen(n.Values[0]) == site.Expr {
				for _, name := range n.Names {
					lhs = append(lhs, name)
				}
			}
		}
		return lhs == nil
	})
	if len(lhs) < 2 {
		return nil, nil
	}
	id, _ := lhs[len(lhs)-1].(*ast.Ident)
	if id == nil {
		return nil, nil
	}
	v, _ := pc.Info.ObjectOf(id).(*types.Var)
	if _, assert := site.Expr.(*ast.TypeAssertExpr); assert {
		return nil, v
	}
	return v, nil
}

// closes reports whether the body of a test for a missing answer fails
// closed as far as syntax tells: it leaves, calls nothing that is work,
// and in a function that returns a decision, returns a non-nil error.
func closes(c *check.Pass, body *ast.BlockStmt, decision bool, errVar *types.Var) bool {
	if !c.Terminates(body) {
		return false
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, isType := c.Info.Types[n.Fun]; isType && tv.IsType() {
				break
			}
			switch fn := typeutil.Callee(c.Info, n).(type) {
			case *types.Builtin:
			case *types.Func:
				ok = ok && !workFunc(c, fn.Origin())
			default:
				ok = false // a function value: anything
			}
		}
		return ok
	})
	if !ok || !decision {
		return ok
	}
	ret, isRet := body.List[len(body.List)-1].(*ast.ReturnStmt)
	if !isRet {
		return true // ends in a call that does not return
	}
	if len(ret.Results) == 0 || !isErrorType(c.Info.TypeOf(ret.Results[len(ret.Results)-1])) {
		return false
	}
	return nonNilError(c.Info, ret.Results[len(ret.Results)-1], errVar)
}

// nonNilError reports an error expression that is not nil: the request's
// error (in the body of err != nil), a call of errors.New or fmt.Errorf or
// of anything wrapping the error, a package-level error variable.
func nonNilError(info *types.Info, e ast.Expr, errVar *types.Var) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		return v != nil && (v == errVar || !source.IsLocal(v))
	case *ast.SelectorExpr:
		v, _ := info.Uses[x.Sel].(*types.Var)
		return v != nil && !v.IsField() && !source.IsLocal(v)
	case *ast.CallExpr:
		if fn, _ := typeutil.Callee(info, x).(*types.Func); fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "errors" && fn.Name() == "New" || fn.Pkg().Path() == "fmt" && fn.Name() == "Errorf") {
			return true
		}
		for _, a := range x.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && errVar != nil && info.Uses[id] == errVar {
				return true
			}
		}
	}
	return false
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

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

// check runs the flow and reports what it finds: returns first, then the
// work reached.
func (fo *failOpen) check() {
	fo.in = flow.ForwardFlow(fo.fn, foPre, fo.transfer)
	if fo.returns() {
		return
	}
	fo.workReached()
}

// foReturn is one return of the function, with the set that holds at it.
type foReturn struct {
	ret *ssa.Return
	set foSet
}

// returns reports the returns on which the answer is missing and that
// give what accept gets and no refusal gets, in a function that returns a
// decision. It reports whether it reported anything.
func (fo *failOpen) returns() bool {
	sig := fo.fn.Signature
	n := sig.Results().Len()
	if n == 0 {
		return false
	}
	for i := 0; i < n; i++ {
		if handlerResult(fo.c, sig.Results().At(i).Type()) {
			return false // a handler: its result is what it did, not a decision
		}
	}
	var rets []foReturn
	for _, b := range fo.fn.Blocks {
		in, reached := fo.in[b]
		if !reached || len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == n {
			rets = append(rets, foReturn{r, fo.walk(b, in, nil)})
		}
	}
	acceptVals, refusalVals := make([]map[foVal]bool, n), make([]map[foVal]bool, n)
	for i := range n {
		acceptVals[i], refusalVals[i] = map[foVal]bool{}, map[foVal]bool{}
	}
	for _, r := range rets {
		for _, a := range flow.AllActions {
			if !r.set.any(foBit(a) | foUnknown) {
				continue
			}
			for i, v := range r.ret.Results {
				val := fo.eval(v, a, r.set, 6)
				if a == flow.ActAccept {
					acceptVals[i][val] = true
				} else {
					refusalVals[i][val] = true
				}
			}
		}
	}
	// A decision is a result whose values are all known, where accept
	// gets something no refusal gets: that is going ahead. For an error,
	// going ahead is nil (accept may fail too, on content it cannot use).
	var decisions []int
	errorsOnly := true
	for i := range n {
		if len(acceptVals[i]) == 0 || len(refusalVals[i]) == 0 || acceptVals[i][valUnknown] || refusalVals[i][valUnknown] {
			continue
		}
		if isErrorType(sig.Results().At(i).Type()) {
			if acceptVals[i][valNil] && !refusalVals[i][valNil] {
				decisions = append(decisions, i)
			}
			continue
		}
		for v := range acceptVals[i] {
			if !refusalVals[i][v] {
				decisions = append(decisions, i)
				errorsOnly = false
				break
			}
		}
	}
	if len(decisions) == 0 {
		return false
	}
	// A function whose decision is only its error, and that does the work
	// itself on accept, is the worker, not a gate: its nil error on the
	// missing path means it did nothing.
	if errorsOnly && fo.acceptDoesWork() {
		return false
	}
	reported := false
	for _, r := range rets {
		if r.set&foNone == 0 {
			continue
		}
		vals := make([]foVal, n)
		for i, v := range r.ret.Results {
			vals[i] = fo.eval(v, "", r.set, 6)
		}
		if !fo.failsOpen(vals, decisions, acceptVals, refusalVals) {
			continue
		}
		fo.reportReturn(r, vals, decisions, rets)
		reported = true
	}
	return reported
}

// failsOpen reports whether the values of a return on the missing path
// are, on every decision, what accept gets and no refusal gets (for an
// error, nil), and on no other result nil where accept's is not (or the
// reverse).
func (fo *failOpen) failsOpen(vals []foVal, decisions []int, acceptVals, refusalVals []map[foVal]bool) bool {
	for _, i := range decisions {
		if vals[i] == valUnknown || !acceptVals[i][vals[i]] || refusalVals[i][vals[i]] {
			return false
		}
	}
	for i, v := range vals {
		if slices.Contains(decisions, i) {
			continue
		}
		switch {
		case v == valNil && len(acceptVals[i]) == 1 && acceptVals[i][valNonNil]:
			return false
		case v == valNonNil && len(acceptVals[i]) == 1 && acceptVals[i][valNil]:
			return false
		}
	}
	return true
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

// handlerResult reports a result type of a handler (a tool, prompt or
// resource result): what such a function returns is its reply, not a
// decision for its caller.
func handlerResult(c *check.Pass, t types.Type) bool {
	return c.SDKs.NamedIn(t, func(sdk *mcpsdk.SDK) []string {
		if sdk.RoundTrip == nil {
			return nil
		}
		return slices.Collect(maps.Keys(sdk.RoundTrip.Results))
	}) != nil
}

// acceptDoesWork reports whether code only accept reaches calls work.
func (fo *failOpen) acceptDoesWork() bool {
	found := false
	fo.eachInstr(func(instr ssa.Instruction, s foSet) {
		if !found && fo.acceptOnly(s) && fo.work(instr) != nil {
			found = true
		}
	})
	return found
}

// acceptOnly reports a set that accept reaches and no refusal does, and
// that is past the request.
func (fo *failOpen) acceptOnly(s foSet) bool {
	return s.any(foAccept) && !s.any(foDecline|foCancel|foUnknown) && s&foPre == 0
}

// eachInstr calls f with every instruction of the blocks reached and the
// set at it.
func (fo *failOpen) eachInstr(f func(ssa.Instruction, foSet)) {
	for _, b := range fo.fn.Blocks {
		if in, ok := fo.in[b]; ok {
			fo.walk(b, in, f)
		}
	}
}

// workReached reports the first call, on the path without an answer, of
// work that only accept reaches: in code the refusals have left before,
// or a call the accept branch makes and no refusal does.
func (fo *failOpen) workReached() {
	acceptCalls, otherCalls := map[any]bool{}, map[any]bool{}
	var into, same ssa.Instruction // the first of each kind, by position
	earlier := func(a, b ssa.Instruction) bool { return b == nil || a.Pos() < b.Pos() }
	fo.eachInstr(func(instr ssa.Instruction, s foSet) {
		key := fo.work(instr)
		if key == nil {
			return
		}
		switch {
		case s&foNone != 0 && fo.acceptOnly(s&^foNoneAny):
			if earlier(instr, into) {
				into = instr
			}
		case fo.acceptOnly(s):
			acceptCalls[key] = true
		case s&^foNoneAny != 0:
			otherCalls[key] = true
		}
	})
	if into != nil {
		fo.reportWork(into, true)
		return
	}
	fo.eachInstr(func(instr ssa.Instruction, s foSet) {
		if s&foNone == 0 || s&^foNoneAny != 0 {
			return
		}
		if key := fo.work(instr); key != nil && acceptCalls[key] && !otherCalls[key] && earlier(instr, same) {
			same = instr
		}
	})
	if same != nil {
		fo.reportWork(same, false)
	}
}

// work returns what a call calls when it is work a confirmation guards (a
// function or method of the project or a library, a closure), or nil for
// what any path may do: logging, formatting, building a reply, the SDK,
// the standard library but for the calls that change things.
func (fo *failOpen) work(instr ssa.Instruction) any {
	call, ok := instr.(*ssa.Call)
	if !ok || instr == fo.def {
		return nil
	}
	com := call.Common()
	if com.IsInvoke() {
		if workFunc(fo.c, com.Method) {
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
		if workFunc(fo.c, obj) && fo.gateCall(call) == nil {
			return obj
		}
	case *ssa.MakeClosure:
		return callee.Fn
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

// workFunc reports whether a call of fn is work (see work).
func workFunc(c *check.Pass, fn *types.Func) bool {
	if fn.Pkg() == nil || c.SDKs.OfPkg(fn) != nil {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	// The standard library by its paths (no dot in the first element);
	// the package analysed is never part of it.
	if fn.Pkg() != c.Pass.Pkg && !strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		names := effectfulStd[path]
		return slices.Contains(names, "*") || slices.Contains(names, name)
	}
	if names := source.PureFuncs[path]; slices.Contains(names, "*") || slices.Contains(names, name) {
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
		if c.ResultSDK(sig.Results().At(i).Type()) != nil {
			return false
		}
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if handlerResult(c, sig.Results().At(i).Type()) && textParams(sig) {
			return false
		}
	}
	return true
}

// textParams reports a signature whose parameters are all text, numbers,
// errors or values to format: the signature of a reply builder.
func textParams(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if s, ok := t.(*types.Slice); ok && sig.Variadic() && i == sig.Params().Len()-1 {
			t = s.Elem()
		}
		if _, basic := t.Underlying().(*types.Basic); !basic && !types.IsInterface(t) {
			return false
		}
	}
	return true
}

// What the messages say.

// name is how messages name the function that holds the answer.
func (fo *failOpen) name() string {
	switch syn := fo.fn.Syntax().(type) {
	case *ast.FuncDecl:
		if syn.Recv != nil && len(syn.Recv.List) == 1 {
			if obj := mcpsdk.NamedObj(fo.c.Info.TypeOf(syn.Recv.List[0].Type)); obj != nil {
				return obj.Name() + "." + syn.Name.Name
			}
		}
		return syn.Name.Name
	case *ast.FuncLit:
		if call := fo.callOfLit(syn); call != nil {
			return "the function passed to " + types.ExprString(ast.Unparen(call.Fun))
		}
	}
	return "the function literal"
}

// callOfLit returns the call that lit is an argument of, if any.
func (fo *failOpen) callOfLit(lit *ast.FuncLit) *ast.CallExpr {
	top := fo.fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	var found *ast.CallExpr
	if syn := top.Syntax(); syn != nil {
		ast.Inspect(syn, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && slices.Contains(call.Args, ast.Expr(lit)) {
				found = call
			}
			return found == nil
		})
	}
	return found
}

// foMissing says when the answer is missing and why that matters with
// this SDK; move is set when the SDK has the round trip (the direct
// request should move there).
type foMissing struct {
	when, why string
	// call names the request, for messages about its error.
	call string
	move bool
	// requests names the results' requests field, for round-trip answers.
	requests string
}

// missing describes the missing answer of the site, for a finding in
// block b.
func (fo *failOpen) missing(b *ssa.BasicBlock) foMissing {
	m := fo.missingAnswer()
	if names := fo.sentinels(b); len(names) > 0 && m.requests == "" && m.call != "" {
		m.when = fmt.Sprintf("%s fails with %s", m.call, strings.Join(names, " or "))
		m.why = "every call that gets that error goes ahead without asking"
	}
	return m
}

// missingAnswer describes the missing answer of the site.
func (fo *failOpen) missingAnswer() foMissing {
	site := fo.site
	if site.RoundTrip && site.SDK.RoundTrip != nil {
		rt := site.SDK.RoundTrip
		when := fmt.Sprintf("%s has no answer %q", rt.ResponsesField, site.RequestKey)
		if site.RequestKey == "" {
			when = rt.ResponsesField + " has no answer"
		}
		return foMissing{when: when, why: "the first call has none yet, so it goes ahead before the question is asked", requests: rt.RequestsField}
	}
	const noElicitation = "it fails for clients without elicitation, so for them every call goes ahead without asking"
	call, ok := site.Expr.(*ast.CallExpr)
	if !ok {
		return foMissing{when: "the answer is missing", why: "the call goes ahead without an answer"}
	}
	for _, dc := range fo.c.D.RT.Direct {
		if dc.Call != call {
			continue
		}
		name := dc.Method.String()
		if model.HasRoundTrip(dc.SDK, dc.Fn) {
			return foMissing{when: name + " fails", call: name, why: "on sessions that negotiate protocol 2026-07-28 the direct request always fails, so every call goes ahead without asking", move: true}
		}
		return foMissing{when: name + " fails", call: name, why: noElicitation}
	}
	name := calleeName(fo.c.Model, call)
	switch has, known := fo.roundTripInBuild(site.SDK); {
	case known && has:
		return foMissing{when: name + " fails", call: name, why: "if it makes a direct request, that request always fails on sessions that negotiate protocol 2026-07-28, so every call goes ahead without asking", move: true}
	case known:
		return foMissing{when: name + " fails", call: name, why: noElicitation}
	}
	return foMissing{when: name + " fails", call: name, why: "it fails when the client cannot be asked (no elicitation, or a direct request on protocol 2026-07-28), so such calls go ahead without asking"}
}

// todo says what to do: fail closed in the way given, or, where that
// applies, move to the round trip or ask.
func (m foMissing) todo(how string) string {
	switch {
	case m.requests != "":
		return fmt.Sprintf("fail closed (%s), and ask: return the request in the result's %s when the answer is missing", how, m.requests)
	case m.move:
		return fmt.Sprintf("fail closed (%s), or move to the round trip so the question is asked", how)
	}
	return "fail closed: " + how
}

// calleeName names the function a call calls, for messages.
func calleeName(pc *model.Model, call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if sel := pc.Info.Selections[f]; sel != nil {
			if obj := mcpsdk.NamedObj(sel.Recv()); obj != nil {
				return obj.Name() + "." + f.Sel.Name
			}
		}
		return types.ExprString(f)
	}
	return "the request"
}

// roundTripInBuild reports, from the SDK's types, whether the version of
// sdk this package is built against has the round trip; known is false
// when no package of its direct requests is in sight.
func (fo *failOpen) roundTripInBuild(sdk *mcpsdk.SDK) (has, known bool) {
	if sdk.RoundTrip == nil || len(sdk.RoundTrip.Kinds) == 0 || len(sdk.RoundTrip.Kinds[0].Direct) == 0 {
		return false, false
	}
	want := mcpsdk.JoinPath(sdk.Module, sdk.RoundTrip.Kinds[0].Direct[0].Pkg)
	for _, imp := range fo.c.Pass.Pkg.Imports() {
		for _, p := range append([]*types.Package{imp}, imp.Imports()...) {
			if p.Path() == want {
				return p.Scope().Lookup(sdk.RoundTrip.Marker) != nil, true
			}
		}
	}
	return false, false
}

// describe names the values a missing-answer return gives on the
// decisions: "true", "a nil error", "an \"accept\" answer".
func (fo *failOpen) describe(vals []foVal, decisions []int) string {
	var parts []string
	for _, i := range decisions {
		t := fo.fn.Signature.Results().At(i).Type()
		switch v := vals[i]; {
		case v == valTrue:
			parts = append(parts, "true")
		case v == valFalse:
			parts = append(parts, "false")
		case v == valNil && isErrorType(t):
			parts = append(parts, "a nil error")
		case v == valNil:
			parts = append(parts, "nil")
		case v >= valAccept && model.IsStringType(t):
			parts = append(parts, strconv.Quote(actionOf(v)))
		case v >= valAccept:
			parts = append(parts, fmt.Sprintf("an answer of %q", actionOf(v)))
		default:
			parts = append(parts, "a non-nil value")
		}
	}
	return strings.Join(parts, " and ")
}

func actionOf(v foVal) string {
	switch v {
	case valAccept:
		return flow.ActAccept
	case valDecline:
		return flow.ActDecline
	}
	return flow.ActCancel
}

// reportReturn reports a return on the missing path, with a fix that
// makes it return what a decline returns where that can be written.
func (fo *failOpen) reportReturn(r foReturn, vals []foVal, decisions []int, rets []foReturn) {
	m := fo.missing(r.ret.Block())
	fixes, noFix := fo.declineFix(r, rets)
	at := ast.Node(nil)
	if rs := fo.returnStmt(r.ret); rs != nil {
		at = rs
	}
	pos, end := r.ret.Pos(), r.ret.Pos()
	if at != nil {
		pos, end = at.Pos(), at.End()
	}
	if !pos.IsValid() {
		return
	}
	if noFix != "" {
		noFix = "; no automatic fix: " + noFix
	}
	fo.c.ReportFix(pos, end, fixes, "%s returns %s when %s, as it does when the user accepts: %s; %s%s",
		fo.name(), fo.describe(vals, decisions), m.when, m.why, m.todo("return what a decline returns"), noFix)
}

// reportWork reports a work call on the missing path.
func (fo *failOpen) reportWork(instr ssa.Instruction, into bool) {
	m := fo.missing(instr.Block())
	what := "the call"
	if call := fo.callAt(instr.Pos()); call != nil {
		what = shortCall(call)
	}
	if into {
		fo.c.Report(fo.callNode(instr.Pos()), "%s reaches %s when %s, as only an accepted answer should: %s; %s; no automatic fix: that path needs a return of its own",
			fo.name(), what, m.when, m.why, m.todo("leave before the work"))
		return
	}
	fo.c.Report(fo.callNode(instr.Pos()), "%s calls %s when %s, as it does when the user accepts: %s; %s; no automatic fix: what to reply instead is yours to choose",
		fo.name(), what, m.when, m.why, m.todo("do not call it there"))
}

// shortCall renders a call's function for messages: s.store.Wipe(...).
func shortCall(call *ast.CallExpr) string {
	s := types.ExprString(call.Fun)
	if len(s) > 60 {
		s = "..." + s[len(s)-57:]
	}
	if len(call.Args) == 0 {
		return s + "()"
	}
	return s + "(...)"
}

// callAt returns the call of the function's syntax whose ( is at pos.
func (fo *failOpen) callAt(pos token.Pos) *ast.CallExpr {
	var found *ast.CallExpr
	if syn := fo.fn.Syntax(); syn != nil {
		ast.Inspect(syn, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && call.Lparen == pos {
				found = call
			}
			return found == nil
		})
	}
	return found
}

func (fo *failOpen) callNode(pos token.Pos) ast.Node {
	if call := fo.callAt(pos); call != nil {
		return call
	}
	return fo.site.Expr
}

// returnStmt returns the return statement of r.
func (fo *failOpen) returnStmt(r *ssa.Return) *ast.ReturnStmt {
	var found *ast.ReturnStmt
	if syn := fo.fn.Syntax(); syn != nil && r.Pos().IsValid() {
		ast.Inspect(syn, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok && n != syn {
				return false
			}
			if rs, ok := n.(*ast.ReturnStmt); ok && rs.Return == r.Pos() {
				found = rs
			}
			return found == nil
		})
	}
	return found
}

// declineFix makes the return r give what a decline gets: the text of a
// return only refusals reach, when it names nothing local, or else the
// constants a decline gets. noFix says why there is none.
func (fo *failOpen) declineFix(r foReturn, rets []foReturn) (fixes []analysis.SuggestedFix, noFix string) {
	rs := fo.returnStmt(r.ret)
	if rs == nil || len(rs.Results) != len(r.ret.Results) || r.set&^foNoneAny != 0 {
		return nil, "the return is shared with other paths"
	}
	var texts []string
	for _, d := range rets {
		if !d.set.any(foDecline) || d.set.any(foAccept|foUnknown|foNone) {
			continue
		}
		ds := fo.returnStmt(d.ret)
		if ds == nil || len(ds.Results) != len(rs.Results) {
			continue
		}
		texts = nil
		for _, e := range ds.Results {
			t, ok := fo.portableText(e)
			if !ok {
				texts = nil
				break
			}
			texts = append(texts, t)
		}
		if texts != nil {
			break
		}
	}
	if texts == nil {
		texts = fo.declineConsts(rets)
	}
	if texts == nil {
		return nil, "what a decline returns cannot be written here"
	}
	first, last := rs.Results[0], rs.Results[len(rs.Results)-1]
	file := fo.c.FileOf(rs.Pos())
	if file == nil {
		return nil, "the file is not in sight"
	}
	for _, cg := range file.Comments {
		if cg.Pos() < last.End() && cg.End() > first.Pos() {
			return nil, "a comment would be lost"
		}
	}
	return []analysis.SuggestedFix{{
		Message:   "Return what a decline returns",
		TextEdits: []analysis.TextEdit{{Pos: first.Pos(), End: last.End(), NewText: []byte(strings.Join(texts, ", "))}},
	}}, ""
}

// declineConsts spells, for each result, the one constant every return a
// decline reaches gives, or returns nil.
func (fo *failOpen) declineConsts(rets []foReturn) []string {
	n := fo.fn.Signature.Results().Len()
	texts := make([]string, n)
	for i := range n {
		vals := map[foVal]bool{}
		for _, r := range rets {
			if r.set.any(foDecline | foUnknown) {
				vals[fo.eval(r.ret.Results[i], flow.ActDecline, r.set, 6)] = true
			}
		}
		if len(vals) != 1 {
			return nil
		}
		t := fo.fn.Signature.Results().At(i).Type()
		switch v := slices.Collect(maps.Keys(vals))[0]; {
		case v == valTrue || v == valFalse:
			texts[i] = strconv.FormatBool(v == valTrue)
		case v == valNil:
			texts[i] = "nil"
		case v >= valAccept && model.IsStringType(t):
			texts[i] = strconv.Quote(actionOf(v))
		default:
			return nil
		}
	}
	return texts
}

// portableText returns the source text of e when it names nothing local
// (constants, package-level names, calls of pure functions) and fits on
// one line.
func (fo *failOpen) portableText(e ast.Expr) (string, bool) {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.Ident:
			if v, isVar := fo.c.Info.Uses[n].(*types.Var); isVar && source.IsLocal(v) {
				ok = false
			}
		case *ast.CallExpr:
			if !fo.c.PureCall(n) {
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return "", false
	}
	data, tf := fo.c.Src(e.Pos())
	if data == nil {
		return "", false
	}
	text := data[tf.Offset(e.Pos()):tf.Offset(e.End())]
	if bytes.ContainsAny(text, "\n") {
		return "", false
	}
	return string(text), true
}
