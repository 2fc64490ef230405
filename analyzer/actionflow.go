package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/source"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"

	"golang.org/x/tools/go/types/typeutil"
)

// This file reads how code branches on a result's action. The handler
// summary uses it to decide which helpers fully handle a result passed to
// them; the actions check uses it on every result.

// The three answers a user can give.
const (
	actAccept  = "accept"
	actDecline = "decline"
	actCancel  = "cancel"
)

var allActions = []string{actAccept, actDecline, actCancel}

// actionFlow analyses the uses of result values, knowing which functions
// handle a result passed to them.
type actionFlow struct {
	pc       *pkgCtx
	handlers *handlerSummary
}

// verdict is what the action analysis concludes about one result value.
type verdict int

const (
	vSilent  verdict = iota // returned, stored or otherwise out of sight
	vHandled                // every action has its own path
	vNeverRead
	vPartial // some actions are told apart, not all
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

type actionReport struct {
	verdict    verdict
	actionRead bool
	printed    bool // the action is only printed or logged
	at         ast.Node
	missing    []string
	acceptOnly bool
	sw         *ast.SwitchStmt // for the suggested fix
}

// analyzeUses looks at every use of the result variable v in body and
// decides how its action is handled.
func (af *actionFlow) analyzeUses(v *types.Var, body *ast.BlockStmt, sdk *mcpsdk.SDK) actionReport {
	return af.analyze(v, body, sdk, false)
}

// analyzeAction decides how the action held in the string variable v
// (the result of a function that returns an answer's action) is handled.
func (af *actionFlow) analyzeAction(v *types.Var, body *ast.BlockStmt) actionReport {
	return af.analyze(v, body, nil, true)
}

func (af *actionFlow) analyze(v *types.Var, body *ast.BlockStmt, sdk *mcpsdk.SDK, isAction bool) actionReport {
	pc := af.pc
	if body == nil {
		return actionReport{verdict: vSilent}
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
				if tv, ok := pc.Info.Types[p.Fun]; ok && tv.IsType() {
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
		if c, ok := path[i].(*ast.CallExpr); ok && isPrintCall(pc.Info, c) {
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
				if d := af.comparisonDecision(p, path[:i+1], e); d != nil {
					decisions = append(decisions, d)
				}
			}
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
			if isPrintCall(pc.Info, p) {
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
				switch af.handlers.handles(pc, fn, idx) {
				case vHandled:
					cleared = true
				case vPartial:
					escaped = true // the helper decides, and is checked itself
				}
			}
		case *ast.BinaryExpr:
			// res == nil / res != nil: not a use of the answer.
		case *ast.IfStmt, *ast.ExprStmt:
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
		return actionReport{verdict: vHandled, actionRead: true}
	case escaped:
		return actionReport{verdict: vSilent, actionRead: actionRead}
	case !actionRead:
		return actionReport{verdict: vNeverRead, printed: actionPrinted}
	case len(decisions) == 0:
		return actionReport{verdict: vSilent, actionRead: true} // read in a way we do not follow
	}
	r := af.judge(decisions)
	r.actionRead = true
	return r
}

// judge combines the decisions made on one result.
func (af *actionFlow) judge(ds []*decision) actionReport {
	distinct, joined, named, rest, implicit, bare := map[string]bool{}, map[string]bool{}, map[string]bool{}, false, false, false
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
	for _, a := range allActions {
		if !distinct[a] {
			missing = append(missing, a)
		}
	}
	if len(missing) == 0 {
		return actionReport{verdict: vHandled}
	}
	// Naming every action handles it, even when decline and cancel share
	// a path (case "decline", "cancel":), as long as accept has a path too
	// (its own case, a default, or the code after): the rule exhaustive
	// uses for enums.
	if named[actDecline] && named[actCancel] && (named[actAccept] || rest || implicit) {
		return actionReport{verdict: vHandled}
	}
	// A default, final else or the code after every branch leaves is the
	// path of the one action not named; with -actions-default-handles-rest
	// it is the path of all of them, and so is the false side of a bare
	// comparison (return a == "accept"), unless the code joins named
	// actions on a path of their own (case "decline", "cancel":).
	if (rest || implicit) && len(missing) == 1 && !joined[missing[0]] {
		return actionReport{verdict: vHandled}
	}
	if (rest || implicit || bare) && af.pc.cfg.DefaultHandlesRest && !joinsNamed(joined, named) {
		return actionReport{verdict: vHandled}
	}
	r := actionReport{verdict: vPartial, at: ds[0].node, missing: missing, sw: sw}
	// The code after a guard that leaves is accept's path, when accept is
	// not named: only the actions that fall into it with accept are
	// missing (if a == "decline" { return }; use the answer: "cancel").
	if implicit && !rest && !named[actAccept] && len(missing) > 1 {
		r.missing = slices.DeleteFunc(slices.Clone(missing), func(a string) bool { return a == actAccept })
	}
	// Accept-only: the code tells accept from not-accept and names
	// neither refusal.
	r.acceptOnly = named[actAccept] && !named[actDecline] && !named[actCancel]
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
func (af *actionFlow) switchDecision(s *ast.SwitchStmt) *decision {
	d := newDecision(s)
	// Without a default, the code after the switch is the path of the
	// actions not named, but only when every case leaves (as for
	// if-chains; a bare break leaves the switch, not the code after it).
	allLeave := len(s.Body.List) > 0
	for _, st := range s.Body.List {
		cc := st.(*ast.CaseClause)
		if !af.pc.Leaves(cc.Body, false) {
			allLeave = false
		}
		if cc.List == nil {
			d.rest = true
			continue
		}
		var vals []string
		for _, e := range cc.List {
			if s, ok := source.ConstString(af.pc.Info, e); ok {
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

// comparisonDecision reads a comparison of the action with a constant: in
// the condition of an if-chain, or anywhere else (a returned bool).
func (af *actionFlow) comparisonDecision(b *ast.BinaryExpr, path []ast.Node, e ast.Expr) *decision {
	other := b.Y
	if b.Y == e {
		other = b.X
	}
	val, ok := source.ConstString(af.pc.Info, other)
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
	for _, a := range allActions {
		if a != val {
			d.joined[a] = true
		}
	}
	return d
}

// ifChainDecision reads an if / else if / else chain starting at the
// outermost if that holds ifs.
func (af *actionFlow) ifChainDecision(ifs *ast.IfStmt, path []ast.Node) *decision {
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
			for _, a := range allActions {
				if !slices.Contains(vals, a) {
					d.joined[a] = true
				}
			}
			if len(vals) == 1 && (af.pc.Terminates(cur.Body) || cur.Else != nil) {
				d.distinct[vals[0]] = true
			}
		case len(vals) == 1:
			d.distinct[vals[0]] = true
		default:
			for _, v := range vals {
				d.joined[v] = true
			}
		}
		if !af.pc.Terminates(cur.Body) {
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

// condValues reads a condition made of comparisons of the action with
// constants: a == X || a == Y gives [X Y]; a != X && a != Y gives [X Y]
// negated. ok is false for anything else.
func (af *actionFlow) condValues(cond ast.Expr) (vals []string, neg, ok bool) {
	cond = ast.Unparen(cond)
	b, isBin := cond.(*ast.BinaryExpr)
	if !isBin {
		return nil, false, false
	}
	switch b.Op {
	case token.EQL, token.NEQ:
		for _, side := range []ast.Expr{b.X, b.Y} {
			if s, ok := source.ConstString(af.pc.Info, side); ok {
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
func (af *actionFlow) comparesString(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			_, okx := source.ConstString(af.pc.Info, b.X)
			_, oky := source.ConstString(af.pc.Info, b.Y)
			found = found || okx || oky
		}
		return !found
	})
	return found
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

// isPrintCall reports calls to fmt and log printing functions, which read a
// value without handling it.
func isPrintCall(info *types.Info, call *ast.CallExpr) bool {
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
