package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// The three answers a user can give.
const (
	actAccept  = "accept"
	actDecline = "decline"
	actCancel  = "cancel"
)

var allActions = []string{actAccept, actDecline, actCancel}

// handlerFact marks a function that fully handles a result passed in one of
// its parameters (every action has its own path), so that passing a result
// to it counts as handling it.
type handlerFact struct {
	Params []int // indexes (receiver excluded) of result parameters fully handled
	// Reads are result parameters whose Action the function reads without
	// handling every answer; the caller stays silent about those (the
	// function is where the decision is made).
	Reads []int
}

func (*handlerFact) AFact() {}

func (f *handlerFact) String() string {
	ints := func(xs []int) string {
		var s []string
		for _, x := range xs {
			s = append(s, strconv.Itoa(x))
		}
		return strings.Join(s, ",")
	}
	if len(f.Params) == 0 {
		return "readsAction(" + ints(f.Reads) + ")"
	}
	return "handlesResult(" + ints(f.Params) + ")"
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
	// rest is set when there is an explicit path for the actions not named:
	// a default case or a final else.
	rest bool
	// implicitRest is set when the code after the switch or if-chain is
	// reached only by the actions not named (every branch leaves). It
	// counts for "accept" alone, the guard-clause style
	// (if decline { return }; if cancel { return }; use the answer): when
	// decline or cancel falls out of a switch into the code that follows,
	// that code is usually the success path, which is the bug.
	implicitRest bool
}

type actionReport struct {
	verdict    verdict
	actionRead bool
	printed    bool // the action is only printed or logged
	at         ast.Node
	missing    []string
	acceptOly  bool
	sw         *ast.SwitchStmt // for the suggested fix
}

// analyzeUses looks at every use of the result variable v in body and
// decides how its action is handled.
func (pc *passCtx) analyzeUses(v *types.Var, body *ast.BlockStmt, sdk *SDK) actionReport {
	if body == nil {
		return actionReport{verdict: vSilent}
	}
	var decisions []*decision
	actionRead, actionPrinted, escaped, cleared := false, false, false, false
	// Local variables that hold the action (a := res.Action).
	actionVars := map[*types.Var]bool{}

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
				if tv, ok := pc.info.Types[p.Fun]; ok && tv.IsType() {
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
		if c, ok := path[i].(*ast.CallExpr); ok && isPrintCall(pc.info, c) {
			actionPrinted = true
			return // logging the action is not looking at it
		}
		actionRead = true
		switch p := path[i].(type) {
		case *ast.SwitchStmt:
			if p.Tag == e {
				decisions = append(decisions, pc.switchDecision(p))
			}
		case *ast.BinaryExpr:
			if p.Op == token.EQL || p.Op == token.NEQ {
				if d := pc.comparisonDecision(p, path[:i+1], e); d != nil {
					decisions = append(decisions, d)
				}
			}
		case *ast.AssignStmt:
			for k, r := range p.Rhs {
				if r == e && k < len(p.Lhs) {
					if id, ok := p.Lhs[k].(*ast.Ident); ok {
						if lv, ok := pc.info.ObjectOf(id).(*types.Var); ok && lv.Parent() != lv.Pkg().Scope() {
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
					if lv, ok := pc.info.ObjectOf(p.Names[k]).(*types.Var); ok {
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
	walkWithPath(body, func(n ast.Node, path []ast.Node) {
		id, ok := n.(*ast.Ident)
		if !ok || pc.info.Uses[id] != v {
			return
		}
		parent := path[len(path)-2]
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			sel := pc.info.Selections[p]
			if sel == nil || sel.Kind() != types.FieldVal {
				return
			}
			if p.Sel.Name == sdk.ActionField {
				visitAction(p, path[:len(path)-1])
			} else if p.Sel.Name == "ElicitationResponse" && len(path) >= 3 {
				if outer, ok := path[len(path)-3].(*ast.SelectorExpr); ok && outer.Sel.Name == sdk.ActionField {
					visitAction(outer, path[:len(path)-2])
				}
			}
		case *ast.ReturnStmt:
			escaped = true // the caller is checked instead
		case *ast.CallExpr:
			if isPrintCall(pc.info, p) {
				return
			}
			fn, _ := typeutil.Callee(pc.info, p).(*types.Func)
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
				switch pc.handles(fn, idx) {
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
		walkWithPath(body, func(n ast.Node, path []ast.Node) {
			id, ok := n.(*ast.Ident)
			if !ok {
				return
			}
			if lv, ok := pc.info.Uses[id].(*types.Var); ok && actionVars[lv] {
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
	r := pc.judge(decisions)
	r.actionRead = true
	return r
}

// judge combines the decisions made on one result.
func (pc *passCtx) judge(ds []*decision) actionReport {
	distinct, joined, rest, implicit := map[string]bool{}, map[string]bool{}, false, false
	var sw *ast.SwitchStmt
	for _, d := range ds {
		for a := range d.distinct {
			distinct[a] = true
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
	if rest && (len(missing) == 1 && !joined[missing[0]] || pc.cfg.defaultHandlesRest && len(joined) == 0) {
		return actionReport{verdict: vHandled}
	}
	if implicit && len(missing) == 1 && missing[0] == actAccept && !joined[actAccept] {
		return actionReport{verdict: vHandled}
	}
	r := actionReport{verdict: vPartial, at: ds[0].node, missing: missing, sw: sw}
	// Accept-only: decline and cancel share a path, and accept has one of
	// its own (a case, or the rest of the code).
	r.acceptOly = !distinct[actDecline] && !distinct[actCancel] && (distinct[actAccept] || rest || implicit)
	return r
}

// switchDecision reads `switch res.Action { ... }`.
func (pc *passCtx) switchDecision(s *ast.SwitchStmt) *decision {
	d := &decision{node: s, distinct: map[string]bool{}, joined: map[string]bool{}}
	// Without a default, the code after the switch is the path of the
	// actions not named, but only when every case leaves (as for if-chains).
	allLeave := len(s.Body.List) > 0
	for _, st := range s.Body.List {
		cc := st.(*ast.CaseClause)
		if !terminates(&ast.BlockStmt{List: cc.Body}) {
			allLeave = false
		}
		if cc.List == nil {
			d.rest = true
			continue
		}
		var vals []string
		for _, e := range cc.List {
			if s, ok := constString(pc.info, e); ok {
				vals = append(vals, s)
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
func (pc *passCtx) comparisonDecision(b *ast.BinaryExpr, path []ast.Node, e ast.Expr) *decision {
	other := b.Y
	if b.Y == e {
		other = b.X
	}
	val, ok := constString(pc.info, other)
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
			return pc.ifChainDecision(ifs, path[:i])
		}
	}
	// A bare comparison tells one action from the others.
	d := &decision{node: b, distinct: map[string]bool{val: true}, joined: map[string]bool{}}
	for _, a := range allActions {
		if a != val {
			d.joined[a] = true
		}
	}
	return d
}

// ifChainDecision reads an if / else if / else chain starting at the
// outermost if that holds ifs.
func (pc *passCtx) ifChainDecision(ifs *ast.IfStmt, path []ast.Node) *decision {
	// Climb to the head of the chain.
	for i := len(path) - 1; i >= 0; i-- {
		parent, ok := path[i].(*ast.IfStmt)
		if !ok || parent.Else != ast.Node(ifs) {
			break
		}
		ifs = parent
	}
	d := &decision{node: ifs, distinct: map[string]bool{}, joined: map[string]bool{}}
	allLeave := true
	for cur := ifs; cur != nil; {
		vals, neg, ok := pc.condValues(cur.Cond)
		switch {
		case !ok:
		case neg:
			// if a != X { ... }: the other path is X's alone when the body leaves.
			for _, a := range allActions {
				if !slices.Contains(vals, a) {
					d.joined[a] = true
				}
			}
			if len(vals) == 1 && (terminates(cur.Body) || cur.Else != nil) {
				d.distinct[vals[0]] = true
			}
		case len(vals) == 1:
			d.distinct[vals[0]] = true
		default:
			for _, v := range vals {
				d.joined[v] = true
			}
		}
		if !terminates(cur.Body) {
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
func (pc *passCtx) condValues(cond ast.Expr) (vals []string, neg, ok bool) {
	cond = ast.Unparen(cond)
	b, isBin := cond.(*ast.BinaryExpr)
	if !isBin {
		return nil, false, false
	}
	switch b.Op {
	case token.EQL, token.NEQ:
		for _, side := range []ast.Expr{b.X, b.Y} {
			if s, ok := constString(pc.info, side); ok {
				return []string{s}, b.Op == token.NEQ, true
			}
		}
	case token.LOR, token.LAND:
		x, nx, okx := pc.condValues(b.X)
		y, ny, oky := pc.condValues(b.Y)
		if okx && oky && nx == ny && nx == (b.Op == token.LAND) {
			return append(x, y...), nx, true
		}
		// a == "accept" && more: the branch is still accept's.
		if b.Op == token.LAND && okx && !nx && len(x) == 1 && !oky {
			return x, false, true
		}
	}
	return nil, false, false
}

// terminates reports whether a block always leaves the enclosing code: its
// last statement returns, panics, breaks, continues or jumps.
func terminates(b *ast.BlockStmt) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		if c, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Fatal" || sel.Sel.Name == "Fatalf" || sel.Sel.Name == "Exit") {
				return true
			}
		}
	}
	return false
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

// handles tells what fn does with a result passed as argument idx:
// vHandled when it handles every answer, vPartial when it reads the action
// but not fully, vNeverRead when it does not look (or we know nothing).
func (pc *passCtx) handles(fn *types.Func, idx int) verdict {
	fn = fn.Origin()
	f := pc.localHandlers[fn]
	if f == nil {
		f = new(handlerFact)
		if !pc.pass.ImportObjectFact(fn, f) {
			return vNeverRead
		}
	}
	switch {
	case slices.Contains(f.Params, idx):
		return vHandled
	case slices.Contains(f.Reads, idx):
		return vPartial
	}
	return vNeverRead
}

// walkWithPath calls f for every node under root with the path from root.
func walkWithPath(root ast.Node, f func(n ast.Node, path []ast.Node)) {
	var path []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			path = path[:len(path)-1]
			return false
		}
		path = append(path, n)
		f(n, path)
		return true
	})
}

// handlerCand is a function parameter of a result type.
type handlerCand struct {
	fn   *types.Func
	decl *ast.FuncDecl
	idx  int
	v    *types.Var
	sdk  *SDK
}

// findHandlers computes the handler facts of this package's functions:
// those whose result-typed parameter is fully handled.
func (pc *passCtx) findHandlers() {
	pc.localHandlers = map[*types.Func]*handlerFact{}
	var cands []handlerCand
	for _, f := range pc.pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pc.info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			params := fn.Type().(*types.Signature).Params()
			for i := 0; i < params.Len(); i++ {
				if sdk := pc.resultSDK(params.At(i).Type()); sdk != nil {
					cands = append(cands, handlerCand{fn, fd, i, params.At(i), sdk})
				}
			}
		}
	}
	factOf := func(fn *types.Func) *handlerFact {
		f := pc.localHandlers[fn]
		if f == nil {
			f = &handlerFact{}
			pc.localHandlers[fn] = f
		}
		return f
	}
	// Helpers may call helpers: iterate until nothing changes.
	for changed := true; changed; {
		changed = false
		for _, c := range cands {
			if f := pc.localHandlers[c.fn]; f != nil && slices.Contains(f.Params, c.idx) {
				continue
			}
			r := pc.analyzeUses(c.v, c.decl.Body, c.sdk)
			switch {
			case r.verdict == vHandled:
				f := factOf(c.fn)
				f.Params = append(f.Params, c.idx)
				sort.Ints(f.Params)
				f.Reads = slices.DeleteFunc(f.Reads, func(i int) bool { return i == c.idx })
				changed = true
			case r.actionRead:
				if f := factOf(c.fn); !slices.Contains(f.Reads, c.idx) {
					f.Reads = append(f.Reads, c.idx)
					sort.Ints(f.Reads)
					changed = true
				}
			}
		}
	}
	for fn, f := range pc.localHandlers {
		pc.pass.ExportObjectFact(fn, f)
	}
	if !pc.cfg.disable[CheckContentSchema] {
		pc.exportContentReads(cands)
	}
	// A helper that tells accept from not-accept and nothing more is where
	// decline and cancel get merged; its callers stay silent, so report it
	// here.
	for _, c := range cands {
		if f := pc.localHandlers[c.fn]; f != nil && slices.Contains(f.Params, c.idx) {
			continue
		}
		if r := pc.analyzeUses(c.v, c.decl.Body, c.sdk); r.verdict == vPartial && r.acceptOly {
			pc.reportRange(CheckActions, r.at.Pos(), r.at.End(), nil, acceptOnlyMsg)
		}
	}
}

// checkResults runs the actions check on every result found, and hands the
// sites on to the content check.
func checkResults(pc *passCtx, d *discovery) {
	pc.findHandlers()
	for _, site := range d.results {
		switch {
		case site.discarded:
			pc.report(CheckActions, site.expr, "elicitation result is discarded: the user may have declined or cancelled; check its Action for \"accept\", \"decline\" and \"cancel\"")
			continue
		case site.obj == nil:
			continue // returned to the caller, or used in a way we do not follow
		}
		r := pc.analyzeUses(site.obj, site.body, site.sdk)
		switch r.verdict {
		case vNeverRead:
			if r.printed {
				pc.report(CheckActions, site.expr, "elicitation result's Action is only printed, never checked: the user may have declined or cancelled; branch on \"accept\", \"decline\" and \"cancel\"")
			} else {
				pc.report(CheckActions, site.expr, "elicitation result's Action is never read: the user may have declined or cancelled; branch on \"accept\", \"decline\" and \"cancel\"")
			}
		case vPartial:
			fixes := pc.missingCaseFix(site, r)
			if r.acceptOly {
				pc.reportRange(CheckActions, r.at.Pos(), r.at.End(), fixes, acceptOnlyMsg)
			} else {
				pc.reportRange(CheckActions, r.at.Pos(), r.at.End(), fixes, "elicitation result is not handled for %s: the user may answer \"accept\", \"decline\" or \"cancel\"; give each its own path", quoteList(r.missing))
			}
		}
	}
	checkContent(pc, d)
	checkContentSchema(pc, d)
}

const acceptOnlyMsg = "elicitation result is only checked for \"accept\": \"decline\" (the user refused) and \"cancel\" (the user dismissed) take the same path; handle each"

// quoteList renders ["a" "b" "c"] as `"a", "b" and "c"`.
func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = `"` + x + `"`
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
