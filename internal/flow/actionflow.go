// Package flow holds elicitlint's two flow engines, which read how code
// treats an answer's action.
//
//   - ActionFlow (actionflow.go) reads the syntax: the switches, if-chains
//     and comparisons that branch on a result's Action, and which actions
//     get a path of their own. The handler summary and the actions check
//     use it.
//   - SSAFlow (ssaflow.go) reads the SSA form of a function: which actions
//     a result's Action can hold in each block, and error gates (GateFact).
//     The content check, the gate summary and the fail-open check use it.
//     BuildSSAFor (ssabuild.go) builds the SSA form of the few functions
//     that need it, not of the whole package.
//
// It uses internal/source and internal/mcpsdk. What it needs to know of
// other functions (which helpers handle a result, which are gates) is
// handed to it by the caller, so that it depends on no summary.
package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file reads how code branches on a result's action. The handler
// summary uses it to decide which helpers fully handle a result passed to
// them; the actions check uses it on every result.

// The three answers a user can give.
const (
	ActAccept  = "accept"
	ActDecline = "decline"
	ActCancel  = "cancel"
)

var AllActions = []string{ActAccept, ActDecline, ActCancel}

// ActionFlow analyses the uses of result values, knowing which functions
// handle a result passed to them.
type ActionFlow struct {
	Pkg *source.Package
	// DefaultHandlesRest is -actions-default-handles-rest.
	DefaultHandlesRest bool
	// Handles says what a function does with a result passed to it as its
	// argument idx (see the handler summary).
	Handles func(fn *types.Func, idx int) Verdict
}

// Verdict is what the action analysis concludes about one result value.
type Verdict int

const (
	vSilent  Verdict = iota // returned, stored or otherwise out of sight
	VHandled                // every action has its own path
	VNeverRead
	VPartial // some actions are told apart, not all
)

// decision is one place where the code branches on the action: a switch, an
// if-chain, or a bare comparison.
type decision struct {
	node ast.Node
	// distinct are the actions that get a path of their own.
	distinct map[string]bool
	// joined are actions that share a path with another named action.
	joined map[string]bool
	// named are the actions the code spells out (case values, compared
	// constants), whatever path they take.
	named map[string]bool
	// rest is set when there is an explicit path for the actions not named:
	// a default case or a final else.
	rest bool
	// implicitRest is set when the code after the switch or if-chain is
	// reached only by the actions not named, because every branch leaves.
	// That code is the path of the one action not named, like a default
	// (if decline { return }; if accept { return }; handle cancel). When
	// several are not named and one is "accept", it is accept's path (the
	// guard-clause style: if decline { return }; use the answer), shared
	// with the others.
	implicitRest bool
	// bare is set for a comparison outside any if (return a == X): its
	// false side is the path of the actions not named.
	bare bool
}

func newDecision(n ast.Node) *decision {
	return &decision{node: n, distinct: map[string]bool{}, joined: map[string]bool{}, named: map[string]bool{}}
}

type ActionReport struct {
	Verdict    Verdict
	ActionRead bool
	Printed    bool // the action is only printed or logged
	At         ast.Node
	Missing    []string
	AcceptOnly bool
	// Bare: every decision is a comparison outside any if or switch
	// (return a == X), a predicate for its caller.
	Bare bool
	Sw   *ast.SwitchStmt // for the suggested fix
}

// AnalyzeUses looks at every use of the result variable v in body and
// decides how its action is handled.
func (af *ActionFlow) AnalyzeUses(v *types.Var, body *ast.BlockStmt, sdk *mcpsdk.SDK) ActionReport {
	return af.analyze(v, body, sdk, false)
}

// AnalyzeAction decides how the action held in the string variable v
// (the result of a function that returns an answer's action) is handled.
func (af *ActionFlow) AnalyzeAction(v *types.Var, body *ast.BlockStmt) ActionReport {
	return af.analyze(v, body, nil, true)
}

func (af *ActionFlow) analyze(v *types.Var, body *ast.BlockStmt, sdk *mcpsdk.SDK, isAction bool) ActionReport {
	pc := af.Pkg
	if body == nil {
		return ActionReport{Verdict: vSilent}
	}
	var decisions []*decision
	actionRead, actionPrinted, escaped, cleared := false, false, false, false
	// Local variables that hold the action (a := res.Action).
	actionVars := map[*types.Var]bool{}
	if isAction {
		actionVars[v] = true
	}

	var visitAction func(e ast.Expr, path []ast.Node)
	visitAction = func(e ast.Expr, path []ast.Node) {
		// Climb through parens and conversions.
		i := len(path) - 2
		for i >= 0 {
			switch p := path[i].(type) {
			case *ast.ParenExpr:
				e = p
				i--
				continue
			case *ast.CallExpr:
				if tv, ok := pc.Info.Types[p.Fun]; ok && tv.IsType() || caseFold(pc.Info, p) {
					e = p
					i--
					continue
				}
			}
			break
		}
		if i < 0 {
			return
		}
		if c, ok := path[i].(*ast.CallExpr); ok && IsPrintCall(pc.Info, c) {
			actionPrinted = true
			return // logging the action is not looking at it
		}
		actionRead = true
		switch p := path[i].(type) {
		case *ast.SwitchStmt:
			if p.Tag == e {
				decisions = append(decisions, af.switchDecision(p))
			}
		case *ast.BinaryExpr:
			if p.Op == token.EQL || p.Op == token.NEQ {
				if d := af.comparisonDecision(p, otherSide(p.X, p.Y, e), path[:i+1]); d != nil {
					decisions = append(decisions, d)
				}
			}
		case *ast.CallExpr:
			if equalFold(pc.Info, p) {
				if d := af.comparisonDecision(p, otherSide(p.Args[0], p.Args[1], e), path[:i+1]); d != nil {
					decisions = append(decisions, d)
				}
				return
			}
			escaped = true
		case *ast.AssignStmt:
			for k, r := range p.Rhs {
				if r == e && k < len(p.Lhs) {
					if id, ok := p.Lhs[k].(*ast.Ident); ok {
						if lv, ok := pc.Info.ObjectOf(id).(*types.Var); ok && lv.Parent() != lv.Pkg().Scope() {
							actionVars[lv] = true
							return
						}
					}
				}
			}
			escaped = true
		case *ast.ValueSpec:
			for k, r := range p.Values {
				if r == e && k < len(p.Names) {
					if lv, ok := pc.Info.ObjectOf(p.Names[k]).(*types.Var); ok {
						actionVars[lv] = true
						return
					}
				}
			}
		default:
			escaped = true // handed to code we cannot see
		}
	}

	// First pass: uses of the result itself.
	source.WalkWithPath(body, func(n ast.Node, path []ast.Node) {
		id, ok := n.(*ast.Ident)
		if !ok || isAction || pc.Info.Uses[id] != v {
			return
		}
		parent := path[len(path)-2]
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			sel := pc.Info.Selections[p]
			if sel == nil || sel.Kind() != types.FieldVal {
				return
			}
			if p.Sel.Name == sdk.ActionField {
				visitAction(p, path[:len(path)-1])
			} else if p.Sel.Name == sdk.ResponseType && len(path) >= 3 {
				if outer, ok := path[len(path)-3].(*ast.SelectorExpr); ok && outer.Sel.Name == sdk.ActionField {
					visitAction(outer, path[:len(path)-2])
				}
			}
		case *ast.ReturnStmt:
			escaped = true // the caller is checked instead
		case *ast.CallExpr:
			if IsPrintCall(pc.Info, p) {
				return
			}
			fn, _ := typeutil.Callee(pc.Info, p).(*types.Func)
			if fn == nil {
				escaped = true // a function value or interface: out of sight
				return
			}
			if isEncoder(fn) {
				escaped = true // serialised and sent on (a proxy, a client): decided elsewhere
				return
			}
			if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
				escaped = true
				return
			}
			idx := slices.IndexFunc(p.Args, func(a ast.Expr) bool { return ast.Unparen(a) == id })
			if idx >= 0 {
				switch af.Handles(fn, idx) {
				case VHandled:
					cleared = true
				case VPartial:
					escaped = true // the helper decides, and is checked itself
				}
			}
		case *ast.BinaryExpr:
			// res == nil / res != nil: not a use of the answer.
		case *ast.IfStmt, *ast.ExprStmt:
		case *ast.AssignStmt:
			// res, err = s.Elicit(...) into a variable declared before
			// (a retry loop, a request made under a condition) gives v
			// an answer; storing anything else in it, or v elsewhere,
			// is out of sight.
			if !af.answerInto(p, id, v) {
				escaped = true
			}
		default:
			escaped = true // stored in a struct, map, slice, channel, ...
		}
	})
	if len(actionVars) > 0 {
		source.WalkWithPath(body, func(n ast.Node, path []ast.Node) {
			id, ok := n.(*ast.Ident)
			if !ok {
				return
			}
			if lv, ok := pc.Info.Uses[id].(*types.Var); ok && actionVars[lv] {
				visitAction(id, path)
			}
		})
	}
	switch {
	case cleared:
		return ActionReport{Verdict: VHandled, ActionRead: true}
	case escaped:
		return ActionReport{Verdict: vSilent, ActionRead: actionRead}
	case !actionRead:
		return ActionReport{Verdict: VNeverRead, Printed: actionPrinted}
	case len(decisions) == 0:
		return ActionReport{Verdict: vSilent, ActionRead: true} // read in a way we do not follow
	}
	r := af.judge(decisions)
	r.ActionRead = true
	return r
}

// answerInto reports an assignment that stores in v, through id on its
// left, a value of v's own type, an answer of the same kind as the one
// the analysis follows: res, err = s.Elicit(ctx, params) into a
// variable declared before the request.
func (af *ActionFlow) answerInto(as *ast.AssignStmt, id *ast.Ident, v *types.Var) bool {
	k := slices.IndexFunc(as.Lhs, func(l ast.Expr) bool { return ast.Unparen(l) == id })
	if k < 0 || as.Tok != token.ASSIGN {
		return false
	}
	var t types.Type
	switch {
	case len(as.Rhs) == len(as.Lhs):
		t = af.Pkg.Info.TypeOf(as.Rhs[k])
	case len(as.Rhs) == 1:
		if tup, ok := af.Pkg.Info.TypeOf(as.Rhs[0]).(*types.Tuple); ok && k < tup.Len() {
			t = tup.At(k).Type()
		}
	}
	if _, isCall := ast.Unparen(as.Rhs[min(k, len(as.Rhs)-1)]).(*ast.CallExpr); !isCall {
		return false
	}
	return t != nil && types.Identical(t, v.Type())
}

// judge combines the decisions made on one result.
func (af *ActionFlow) judge(ds []*decision) ActionReport {
	distinct, joined, named, rest, implicit, bare := map[string]bool{}, map[string]bool{}, map[string]bool{}, false, false, false
	allBare := true
	var sw *ast.SwitchStmt
	for _, d := range ds {
		for a := range d.distinct {
			distinct[a] = true
		}
		for a := range d.named {
			named[a] = true
		}
		for a := range d.joined {
			joined[a] = true
		}
		if d.rest {
			rest = true
		}
		if d.implicitRest {
			implicit = true
		}
		if d.bare {
			bare = true
		} else {
			allBare = false
		}
		if s, ok := d.node.(*ast.SwitchStmt); ok && sw == nil {
			sw = s
		}
	}
	// An action that shares a path only with actions that have already
	// left on paths of their own has that path to itself
	// (if a == "decline" { return }; if a != "accept" { return } leaves
	// "cancel" alone in the second branch).
	for changed := true; changed; {
		changed = false
		for _, d := range ds {
			var left []string
			for a := range d.joined {
				if !distinct[a] {
					left = append(left, a)
				}
			}
			if len(left) == 1 && len(d.joined) > 1 {
				distinct[left[0]] = true
				changed = true
			}
		}
	}
	joined = map[string]bool{}
	for _, d := range ds {
		for a := range d.joined {
			if !distinct[a] {
				joined[a] = true
			}
		}
	}
	var missing []string
	for _, a := range AllActions {
		if !distinct[a] {
			missing = append(missing, a)
		}
	}
	if len(missing) == 0 {
		return ActionReport{Verdict: VHandled}
	}
	// Naming every action handles it, even when decline and cancel share
	// a path (case "decline", "cancel":), as long as accept has a path too
	// (its own case, a default, or the code after): the rule exhaustive
	// uses for enums.
	if named[ActDecline] && named[ActCancel] && (named[ActAccept] || rest || implicit) {
		return ActionReport{Verdict: VHandled}
	}
	// A default, final else or the code after every branch leaves is the
	// path of the one action not named; with -actions-default-handles-rest
	// it is the path of all of them, and so is the false side of a bare
	// comparison (return a == "accept"), unless the code joins named
	// actions on a path of their own (case "decline", "cancel":).
	if (rest || implicit) && len(missing) == 1 && !joined[missing[0]] {
		return ActionReport{Verdict: VHandled}
	}
	if (rest || implicit || bare) && af.DefaultHandlesRest && !joinsNamed(joined, named) {
		return ActionReport{Verdict: VHandled}
	}
	r := ActionReport{Verdict: VPartial, At: ds[0].node, Missing: missing, Sw: sw, Bare: allBare}
	// The code after a guard that leaves is accept's path, when accept is
	// not named: only the actions that fall into it with accept are
	// missing (if a == "decline" { return }; use the answer: "cancel").
	if implicit && !rest && !named[ActAccept] && len(missing) > 1 {
		r.Missing = slices.DeleteFunc(slices.Clone(missing), func(a string) bool { return a == ActAccept })
	}
	// Accept-only: the code tells accept from not-accept and names
	// neither refusal.
	r.AcceptOnly = named[ActAccept] && !named[ActDecline] && !named[ActCancel]
	return r
}

// joinsNamed reports whether an action that shares a path is one the code
// names: a case or condition that groups named actions, rather than the
// actions left to a default, an else or the other side of a != test.
func joinsNamed(joined, named map[string]bool) bool {
	for a := range joined {
		if named[a] {
			return true
		}
	}
	return false
}

// switchDecision reads `switch res.Action { ... }`.
func (af *ActionFlow) switchDecision(s *ast.SwitchStmt) *decision {
	d := newDecision(s)
	// Without a default, the code after the switch is the path of the
	// actions not named, but only when every case leaves (as for
	// if-chains; a bare break leaves the switch, not the code after it).
	allLeave := len(s.Body.List) > 0
	for _, st := range s.Body.List {
		cc := st.(*ast.CaseClause)
		if !af.Pkg.Leaves(cc.Body, false) {
			allLeave = false
		}
		if cc.List == nil {
			d.rest = true
			continue
		}
		var vals []string
		for _, e := range cc.List {
			if s, ok := source.ConstString(af.Pkg.Info, e); ok {
				vals = append(vals, s)
				d.named[s] = true
			}
		}
		if len(vals) == 1 {
			d.distinct[vals[0]] = true
		} else {
			for _, v := range vals {
				d.joined[v] = true
			}
		}
	}
	if allLeave {
		d.implicitRest = true
	}
	return d
}

// otherSide is the side of a comparison of x and y that is not e.
func otherSide(x, y, e ast.Expr) ast.Expr {
	if y == e {
		return x
	}
	return y
}

// comparisonDecision reads a comparison b of the action with a constant
// (other is its other side; b is a == or != test, or strings.EqualFold):
// in the condition of an if-chain, or anywhere else (a returned bool).
func (af *ActionFlow) comparisonDecision(b ast.Expr, other ast.Expr, path []ast.Node) *decision {
	val, ok := source.ConstString(af.Pkg.Info, other)
	if !ok {
		return nil
	}
	// Find the if statement whose condition this comparison is (possibly
	// inside && / || / !), walking up the path.
	i := len(path) - 2
	for i >= 0 {
		switch p := path[i].(type) {
		case *ast.ParenExpr, *ast.UnaryExpr:
			i--
			continue
		case *ast.BinaryExpr:
			if p.Op == token.LAND || p.Op == token.LOR {
				i--
				continue
			}
		}
		break
	}
	if i >= 0 {
		if ifs, ok := path[i].(*ast.IfStmt); ok && ifs.Cond != nil && ifs.Cond.Pos() <= b.Pos() && b.End() <= ifs.Cond.End() {
			d := af.ifChainDecision(ifs, path[:i])
			// The code names val even in a condition the chain cannot
			// read (!ok || r == nil || r.Action != "accept").
			d.named[val] = true
			return d
		}
	}
	// A bare comparison tells one action from the others.
	d := newDecision(b)
	d.distinct[val], d.named[val], d.bare = true, true, true
	for _, a := range AllActions {
		if a != val {
			d.joined[a] = true
		}
	}
	return d
}

// ifChainDecision reads an if / else if / else chain starting at the
// outermost if that holds ifs.
func (af *ActionFlow) ifChainDecision(ifs *ast.IfStmt, path []ast.Node) *decision {
	// Climb to the head of the chain.
	for i := len(path) - 1; i >= 0; i-- {
		parent, ok := path[i].(*ast.IfStmt)
		if !ok || parent.Else != ast.Node(ifs) {
			break
		}
		ifs = parent
	}
	d := newDecision(ifs)
	allLeave := true
	for cur := ifs; cur != nil; {
		vals, neg, ok := af.condValues(cur.Cond)
		for _, v := range vals {
			d.named[v] = true
		}
		switch {
		case !ok:
		case neg:
			// if a != X { ... }: the other path is X's alone when the body leaves.
			for _, a := range AllActions {
				if !slices.Contains(vals, a) {
					d.joined[a] = true
				}
			}
			if len(vals) == 1 && (af.Pkg.Terminates(cur.Body) || cur.Else != nil) {
				d.distinct[vals[0]] = true
			}
		case len(vals) == 1:
			d.distinct[vals[0]] = true
		default:
			for _, v := range vals {
				d.joined[v] = true
			}
		}
		// A branch on the request's error (if err != nil { log } else if
		// res.Action == ...) holds no answer: what it falls into is the
		// fail-open check's, not a path of an action.
		if !af.Pkg.Terminates(cur.Body) && (ok || !af.errTest(cur.Cond)) {
			allLeave = false
		}
		switch e := cur.Else.(type) {
		case *ast.IfStmt:
			cur = e
		case *ast.BlockStmt:
			d.rest = true
			cur = nil
		default:
			if allLeave {
				d.implicitRest = true
			}
			cur = nil
		}
	}
	return d
}

// errTest reports a condition `e != nil` on an error.
func (af *ActionFlow) errTest(cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	return ok && b.Op == token.NEQ && source.IsNil(af.Pkg.Info, b.Y) && source.IsError(af.Pkg.Info.TypeOf(b.X))
}

// condValues reads a condition made of comparisons of the action with
// constants: a == X || a == Y gives [X Y]; a != X && a != Y gives [X Y]
// negated. ok is false for anything else.
func (af *ActionFlow) condValues(cond ast.Expr) (vals []string, neg, ok bool) {
	cond = ast.Unparen(cond)
	if u, isNot := cond.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		if call, isCall := ast.Unparen(u.X).(*ast.CallExpr); isCall && equalFold(af.Pkg.Info, call) {
			vals, _, ok := af.condValues(call)
			return vals, true, ok
		}
	}
	if call, isCall := cond.(*ast.CallExpr); isCall && equalFold(af.Pkg.Info, call) {
		for _, arg := range call.Args {
			if s, ok := source.ConstString(af.Pkg.Info, arg); ok {
				return []string{s}, false, true
			}
		}
		return nil, false, false
	}
	b, isBin := cond.(*ast.BinaryExpr)
	if !isBin {
		return nil, false, false
	}
	switch b.Op {
	case token.EQL, token.NEQ:
		for _, side := range []ast.Expr{b.X, b.Y} {
			if s, ok := source.ConstString(af.Pkg.Info, side); ok {
				return []string{s}, b.Op == token.NEQ, true
			}
		}
	case token.LOR, token.LAND:
		x, nx, okx := af.condValues(b.X)
		y, ny, oky := af.condValues(b.Y)
		if okx && oky && nx == ny && nx == (b.Op == token.LAND) {
			return append(x, y...), nx, true
		}
		// a == "accept" && more: the branch is still accept's.
		if b.Op == token.LAND && okx && !nx && len(x) == 1 && !oky {
			return x, false, true
		}
		// err != nil || a != "accept": a condition that compares no
		// constant string adds cases that are not answers to one branch;
		// the actions still go the way the comparison sends them.
		if b.Op == token.LOR && okx && !oky && !af.comparesString(b.Y) {
			return x, nx, true
		}
		if b.Op == token.LOR && oky && !okx && !af.comparesString(b.X) {
			return y, ny, true
		}
	}
	return nil, false, false
}

// comparesString reports whether e compares anything with a constant
// string.
func (af *ActionFlow) comparesString(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			_, okx := source.ConstString(af.Pkg.Info, b.X)
			_, oky := source.ConstString(af.Pkg.Info, b.Y)
			found = found || okx || oky
		}
		return !found
	})
	return found
}

// caseFold reports a call that keeps an action what it is while it
// folds its case or trims its spaces (strings.ToLower, strings.TrimSpace):
// the actions are lower case, so comparing what it returns with one is
// comparing the action.
func caseFold(info *types.Info, call *ast.CallExpr) bool {
	return len(call.Args) == 1 && stringsFunc(info, call, "ToLower", "TrimSpace")
}

// equalFold reports strings.EqualFold(a, b), a comparison.
func equalFold(info *types.Info, call *ast.CallExpr) bool {
	return len(call.Args) == 2 && stringsFunc(info, call, "EqualFold")
}

func stringsFunc(info *types.Info, call *ast.CallExpr, names ...string) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "strings" && slices.Contains(names, fn.Name())
}

// isEncoder reports functions of the encoding packages (json.Marshal,
// (*json.Encoder).Encode, ...), which forward a value rather than drop it.
func isEncoder(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	return path == "encoding" || strings.HasPrefix(path, "encoding/")
}

// IsPrintCall reports calls to fmt and log printing functions, which read a
// value without handling it.
func IsPrintCall(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "fmt", "log", "log/slog":
		return true
	}
	return false
}
