package migrate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/replay"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file finds the callers of a gate's chain functions and checks that
// each call can return the request: it is made in a handler (whose result
// carries requests) or in a wrapper the fix changes too, as a statement of
// its own, an assignment, an if's init or a return of the wrapper, with
// nothing on the way to it that would do something twice.

// callIndex holds the calls, in the package's non-test files, of its own
// functions and of other packages' chain functions, and their other uses
// (as values). Test files are left out: the non-test variant of the
// package plans the same edits as the test variant (go fix needs every
// variant to fix a file alike). A chain that a test file names is
// migrated additively, so that the test keeps calling the old function
// (see migrate_sibling.go); testIdents are the names test files use.
type callIndex struct {
	calls       map[*types.Func][]callAt
	values      map[*types.Func][]token.Pos
	testIdents  map[string]bool
	testsUnread bool
}

// callAt is one call with the path of nodes down to it.
type callAt struct {
	call  *ast.CallExpr
	stack []ast.Node
}

func indexCalls(pc *model.Model) *callIndex {
	ix := &callIndex{calls: map[*types.Func][]callAt{}, values: map[*types.Func][]token.Pos{}}
	tracked := func(fn *types.Func) bool {
		return fn.Pkg() == pc.Pass.Pkg || pc.ImportedAskGate(fn) != nil
	}
	// callee is the tracked function call calls, or nil.
	callee := func(call *ast.CallExpr) *types.Func {
		if fn, _ := typeutil.Callee(pc.Info, call).(*types.Func); fn != nil && fn.Pkg() != nil && tracked(fn) {
			return fn.Origin()
		}
		return nil
	}
	for _, f := range pc.Pass.Files {
		if strings.HasSuffix(pc.Pass.Fset.Position(f.Pos()).Filename, "_test.go") {
			continue
		}
		source.WalkWithPath(f, func(n ast.Node, stack []ast.Node) {
			switch n := n.(type) {
			case *ast.CallExpr:
				if fn := callee(n); fn != nil && !inOlderBranch(pc.Info, stack) {
					ix.calls[fn] = append(ix.calls[fn], callAt{n, slices.Clone(stack)})
				}
			case *ast.Ident:
				fn, _ := pc.Info.Uses[n].(*types.Func)
				if fn == nil || fn.Pkg() == nil || !tracked(fn) || source.CalledAt(n, stack) {
					return
				}
				ix.values[fn.Origin()] = append(ix.values[fn.Origin()], n.Pos())
			}
		})
	}
	return ix
}

// grow follows the callers of the chain functions up to the handlers:
// each caller is a handler, or a declared function that becomes part of
// the chain. A call that cannot move is stuck: it keeps the old function
// (and so does the function that makes it), which the migration then
// leaves in place beside its round-trip version. It returns why the chain
// cannot be migrated at all, or "".
func (c *chain) grow() string {
	roots := map[ast.Node]*migration{}
	dead := map[*types.Func]string{}
	for i := 0; i < len(c.fns); i++ {
		f := c.fns[i]
		if vs := c.ix.values[f.obj]; len(vs) > 0 {
			c.stick(vs[0], fmt.Sprintf("%s is used as a value at line %d, not only called", f.obj.Name(), c.line(vs[0])))
		}
		for _, at := range c.ix.calls[f.obj] {
			s, why := c.newSite(f, at, roots)
			if why != "" {
				c.stick(at.call.Pos(), why)
				if encl := enclosingFunc(c.mod, at.stack); encl != nil {
					dead[encl] = why
				}
				continue
			}
			c.sites = append(c.sites, s)
		}
	}
	c.sortSites()
	c.checkSites(dead)
	c.prune(dead)
	c.assignSiteKeys()
	return ""
}

// enclosingFunc is the declared function whose body holds the node at
// the top of stack, or nil.
func enclosingFunc(pc *model.Model, stack []ast.Node) *types.Func {
	encl, _ := source.Enclosing(stack)
	if d, ok := encl.(*ast.FuncDecl); ok {
		fn, _ := pc.Info.Defs[d.Name].(*types.Func)
		return fn
	}
	return nil
}

// prune drops, until nothing changes, the calls made in a chain function
// that keeps its old form (dead), the calls of one (which are stuck in
// turn), and the wrappers only the package can call that no call
// reaches any more.
func (c *chain) prune(dead map[*types.Func]string) {
	for changed := true; changed; {
		changed = false
		var kept []*site
		for _, s := range c.sites {
			switch {
			case s.inFn != nil && dead[s.inFn.obj] != "":
			case s.callee.decl != nil && dead[s.callee.obj] != "":
				why := fmt.Sprintf("%s, which it calls, keeps the direct request: %s", s.callee.obj.Name(), dead[s.callee.obj])
				c.stick(s.call.Pos(), why)
				if s.inFn != nil {
					dead[s.inFn.obj] = why
				}
			default:
				kept = append(kept, s)
				continue
			}
			changed = true
		}
		c.sites = kept
		var fns []*chainFn
		for _, f := range c.fns {
			switch {
			case f.decl == nil || c.gate != nil && f.decl == c.gate.fn:
			case dead[f.obj] != "":
				changed = true
				continue
			case !c.visibleOutside(f) && !slices.ContainsFunc(c.sites, func(s *site) bool { return s.callee == f }):
				dead[f.obj] = "no call reaches it"
				changed = true
				continue
			}
			fns = append(fns, f)
		}
		c.fns = fns
	}
}

func (c *chain) line(pos token.Pos) int { return c.mod.Pass.Fset.Position(pos).Line }

// newSite classifies one call of a chain function by the function that
// makes it: a handler, a wrapper (which joins the chain), or something
// that cannot return a request.
func (c *chain) newSite(f *chainFn, at callAt, roots map[ast.Node]*migration) (*site, string) {
	encl, _ := source.Enclosing(at.stack)
	name := f.obj.Name()
	if encl == nil {
		return nil, fmt.Sprintf("%s is called outside a function at line %d", name, c.line(at.call.Pos()))
	}
	s := &site{call: at.call, callee: f, in: encl}
	if why := c.siteStmt(s, at.stack); why != "" {
		return nil, why
	}
	if r := roots[encl]; r != nil {
		s.root = r
		return s, ""
	}
	probe := &migration{mod: c.mod, sdk: c.sdk, fn: encl}
	if why, ok := probe.matchHandler(); ok {
		probe.findCtx()
		if !c.isToolRequest(c.mod.Info.TypeOf(probe.param.Type)) {
			return nil, fmt.Sprintf("%s is reached from %s, which is not a tool handler: the fix returns a tool call's result", name, c.mod.HandlerName(encl))
		}
		roots[encl] = probe
		s.root = probe
		return s, ""
	} else if c.mod.IsHandler(encl, c.sdk) && !c.mod.TakesRequest(encl, c.sdk) {
		if mw, ok := c.middlewareSite(s, f); ok {
			s.mw = mw
			return s, ""
		}
		return nil, fmt.Sprintf("%s is called from a receiving middleware (%s): go-sdk runs its bridge for older clients inside every middleware, so a request a middleware returns never reaches a client on protocol 2025-11-25; call %s from the tool handlers, or keep the direct request for sessions older than 2026-07-28 (see the docs)", name, c.mod.HandlerName(encl), name)
	} else if c.mod.TakesRequest(encl, c.sdk) && why == noCarry {
		return nil, fmt.Sprintf("%s is reached from %s, which takes the call's request but returns no result that can carry requests", name, c.mod.HandlerName(encl))
	} else if c.mod.TakesRequest(encl, c.sdk) && why != "" && !strings.HasPrefix(why, "the handler does not return") {
		return nil, fmt.Sprintf("%s is reached from %s: %s", name, c.mod.HandlerName(encl), why)
	}
	decl, ok := encl.(*ast.FuncDecl)
	if !ok {
		return nil, fmt.Sprintf("%s is called at line %d in a function literal that is not a tool handler", name, c.line(at.call.Pos()))
	}
	obj, _ := c.mod.Info.Defs[decl.Name].(*types.Func)
	if obj == nil || decl.Body == nil {
		return nil, fmt.Sprintf("%s is called from %s, which the fix cannot change", name, decl.Name.Name)
	}
	w := c.chainOf(obj)
	if w == nil {
		w = &chainFn{obj: obj, decl: decl}
		if why := c.wrapperSignature(w); why != "" {
			return nil, why
		}
		c.fns = append(c.fns, w)
	}
	s.inFn = w
	return s, ""
}

// wrapperSignature plans a wrapper's new signature: the request it takes
// already, or a new one after its context (first when it has none); the
// key after it; the result that asks before its error.
func (c *chain) wrapperSignature(w *chainFn) string {
	if why := c.plainResults(w); why != "" {
		return why
	}
	params := w.obj.Type().(*types.Signature).Params()
	for i := 0; i < params.Len(); i++ {
		if c.isToolRequest(params.At(i).Type()) && params.At(i).Name() != "_" && params.At(i).Name() != "" {
			w.req = params.At(i).Name()
			return c.finishSignature(w, -1, i, i)
		}
	}
	w.req = fix.FreshAt(c.mod.Pass.Pkg, w.decl.Body.Pos(), map[string]bool{}, reqName(c.sdk))
	return c.finishSignature(w, -1, source.ContextIndex(params), -1)
}

// siteStmt finds the statement of a call and checks its shape.
func (c *chain) siteStmt(s *site, stack []ast.Node) string {
	n := len(stack)
	where := fmt.Sprintf("the call of %s at line %d", s.callee.obj.Name(), c.line(s.call.Pos()))
	if n < 3 {
		return where + " is not in a statement"
	}
	if s.call.Ellipsis.IsValid() {
		return where + " passes a variadic argument with ..."
	}
	old := len(s.callee.fact.Results) - 1
	switch p := stack[n-2].(type) {
	case *ast.ExprStmt:
		s.stmt = p
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || len(p.Lhs) != old {
			return where + " is not the only value of its assignment"
		}
		s.stmt = p
		if ifs, ok := stack[n-3].(*ast.IfStmt); ok && ifs.Init == ast.Stmt(p) {
			if p.Tok != token.DEFINE {
				return where + " assigns variables declared before the if"
			}
			s.stmt = ifs
		}
	case *ast.ReturnStmt:
		if len(p.Results) != 1 {
			return where + " is one of several results returned"
		}
		s.stmt = p
	default:
		if ifs := source.CondFirst(stack); ifs != nil && old == 1 {
			s.stmt, s.cond = ifs, true
			return ""
		}
		return where + " is inside an expression; the fix rewrites a call that is a statement of its own, an assignment, an if's init or condition (evaluated first) or a wrapper's return"
	}
	return ""
}

// checkSites checks each call: what runs before it in its function runs
// twice; a wrapper returns a callee's results only when they line up; on
// go-sdk, a handler reaches the chain once (the bridge for older clients
// calls a handler only once more). A call that fails is stuck, and the
// chain function that makes it is dead.
func (c *chain) checkSites(dead map[*types.Func]string) {
	perFn := map[ast.Node][]*site{}
	for _, s := range c.sites {
		perFn[s.in] = append(perFn[s.in], s)
	}
	var kept []*site
	for _, s := range c.sites {
		why, m := c.checkSite(s, perFn)
		if why == "" {
			kept = append(kept, s)
			c.reads = replay.Quote(c.mod, m.reads, c.reads)
			continue
		}
		c.stick(s.call.Pos(), why)
		if s.inFn != nil {
			dead[s.inFn.obj] = why
		}
	}
	c.sites = kept
}

// checkSite says why one call cannot move, or "" and the migration that
// judged what runs before it (its reads run again, see readTexts).
func (c *chain) checkSite(s *site, perFn map[ast.Node][]*site) (string, *migration) {
	if c.sdk.RoundTrip.ResponseIface != "" { // go-sdk
		ss := perFn[s.in]
		if n := len(ss) + c.ownRequests(s.in); n > 1 {
			return refuse(fmt.Sprintf("%s asks %d times on its way (lines %d and %d): go-sdk's bridge for older clients calls a handler only once more, so a second question would never reach them; ask both in one result by hand", c.mod.HandlerName(s.in), n, c.line(ss[0].call.Pos()), c.line(c.secondPos(s.in, ss))))
		}
	}
	name := s.callee.obj.Name()
	var m *migration
	switch {
	case s.root != nil:
		m = s.root
	case s.mw != nil:
		m = &migration{mod: c.mod, sdk: c.sdk, fn: s.in, body: model.FuncBody(s.in)}
	default:
		m = &migration{mod: c.mod, sdk: c.sdk, fn: s.in, body: s.inFn.decl.Body}
	}
	m.safe = c.safeCall
	if ret, ok := s.stmt.(*ast.ReturnStmt); ok {
		if s.inFn == nil || !slices.Equal(s.inFn.fact.Results, s.callee.fact.Results) || !c.sameResults(s.inFn, s.callee) {
			return refuse(fmt.Sprintf("%s returns the results of %s at line %d, which the fix cannot pass on", c.mod.HandlerName(s.in), name, c.line(ret.Pos())))
		}
	}
	list := model.FuncBody(s.in).List
	if bad, why := m.pathUnsafeAll(list, s.stmt); why != "" {
		return refuse(fmt.Sprintf("the call of %s at line %d: %s", name, c.line(s.call.Pos()), why))
	} else if bad != nil {
		if at := c.earlierAsk(s.in, bad.End()); at == bad.Pos() {
			return refuse(fmt.Sprintf("the call of %s at line %d asks after `%s` at line %d asks, which would ask again on the call that brings this answer; ask both in one result by hand, or in steps with RequestState (see the docs: several questions)", name, c.line(s.call.Pos()), m.mod.Short(bad), c.line(at)))
		} else if at.IsValid() {
			return refuse(fmt.Sprintf("`%s` before the call of %s at line %d runs after the answer to the question asked at line %d, and would run again on the call that brings this one; ask in steps instead, carrying what the first answer decided in RequestState sealed under a server key (see the docs: several questions)", m.mod.Short(bad), name, c.line(s.call.Pos()), c.line(at)))
		}
		bad, note := m.blocked(list, s.stmt, bad)
		return refuse(fmt.Sprintf("`%s` before the call of %s at line %d runs again on the call that brings the answer", m.mod.Short(bad), name, c.line(s.call.Pos())) + note)
	}
	for _, arg := range s.call.Args {
		if bad := m.impure(arg); bad != nil {
			return refuse(fmt.Sprintf("`%s` in the call of %s at line %d runs again on the call that brings the answer", m.mod.Short(bad), name, c.line(s.call.Pos())))
		}
	}
	return "", m
}

// refuse is a reason a call cannot move, without its migration.
func refuse(why string) (string, *migration) { return why, nil }

// safeCall reports a call of a chain function whose body, once migrated,
// is replay-safe: a handler that asks twice (mcp-go) runs its first call
// again on the round that asks the second question.
func (c *chain) safeCall(n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(c.mod.Info, call).(*types.Func)
	if fn == nil {
		return false
	}
	f := c.chainOf(fn.Origin())
	return f != nil && c.replaySafe(f)
}

// replaySafe reports whether a chain function does nothing but compute
// once it is migrated: its body, but for the gate's request and its error
// check (which become the answer's lookup and the guard) and the calls of
// other chain functions that are replay-safe themselves. Another
// package's chain function is not known to be.
func (c *chain) replaySafe(f *chainFn) bool {
	if f.decl == nil {
		return false
	}
	if c.safeMemo == nil {
		c.safeMemo = map[*chainFn]int{}
	}
	switch c.safeMemo[f] {
	case 1:
		return true
	case 2, 3:
		return false // not, or being decided (recursion)
	}
	c.safeMemo[f] = 3
	skip := func(n ast.Node) bool {
		if c.mod.Dirs.ReplaySafe(n) {
			return true
		}
		if c.gate != nil && f.decl == c.gate.fn {
			a := c.gate.asks[0]
			if n == ast.Node(a.stmt) || a.errIf != nil && n == ast.Node(a.errIf) {
				return true
			}
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, _ := typeutil.Callee(c.mod.Info, call).(*types.Func); fn != nil {
				if g := c.chainOf(fn.Origin()); g != nil {
					return c.replaySafe(g)
				}
			}
		}
		return false
	}
	bad, reads := c.mod.EffectsIn(f.decl.Body, f.decl, true, skip)
	ok := bad == nil
	c.reads = replay.Quote(c.mod, reads, c.reads)
	c.safeMemo[f] = map[bool]int{true: 1, false: 2}[ok]
	return ok
}

// sameResults reports whether a wrapper's results are its callee's, so
// that return callee(...) passes them on.
func (c *chain) sameResults(w, callee *chainFn) bool {
	a := w.obj.Type().(*types.Signature).Results()
	b := callee.obj.Type().(*types.Signature).Results()
	if a.Len() != b.Len() {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		if !types.Identical(a.At(i).Type(), b.At(i).Type()) {
			return false
		}
	}
	return true
}

// ownRequests counts the direct requests made in fn itself.
func (c *chain) ownRequests(fn ast.Node) int {
	n := 0
	for _, dc := range c.mod.D.RT.Direct {
		if f, _ := source.Enclosing(dc.Stack); f == fn {
			n++
		}
	}
	return n
}

// earlierAsk returns the position of the first question fn asks before
// pos: a direct request made in fn, or a call of a function that makes
// one (a gate of this package or, by its fact, of another); NoPos when
// there is none.
func (c *chain) earlierAsk(fn ast.Node, pos token.Pos) token.Pos {
	asking := map[*types.Func]bool{}
	for _, dc := range c.mod.D.RT.Direct {
		f, _ := source.Enclosing(dc.Stack)
		if f == fn && dc.Call.Pos() < pos {
			return dc.Call.Pos()
		}
		if d, ok := f.(*ast.FuncDecl); ok {
			if obj, ok := c.mod.Info.Defs[d.Name].(*types.Func); ok {
				asking[obj] = true
			}
		}
	}
	first := token.NoPos
	ast.Inspect(model.FuncBody(fn), func(n ast.Node) bool {
		if first.IsValid() || n == nil || n.Pos() >= pos {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if callee, _ := typeutil.Callee(c.mod.Info, call).(*types.Func); callee != nil && (asking[callee.Origin()] || c.mod.ImportedAskGate(callee.Origin()) != nil) {
				first = call.Pos()
				return false
			}
		}
		return true
	})
	return first
}

// secondPos is where fn asks a second time: its second call, or its own
// request.
func (c *chain) secondPos(fn ast.Node, ss []*site) token.Pos {
	if len(ss) > 1 {
		return ss[1].call.Pos()
	}
	for _, dc := range c.mod.D.RT.Direct {
		if f, _ := source.Enclosing(dc.Stack); f == fn {
			return dc.Call.Pos()
		}
	}
	return ss[0].call.Pos()
}

// assignSiteKeys gives each call its key: in a handler, a constant made of
// the tool (or the handler) and the callee, unique in the package; in a
// wrapper, the wrapper's key parameter, with a suffix for a second call.
func (c *chain) assignSiteKeys() {
	for _, s := range c.sites {
		if s.inFn != nil {
			s.inFn.calls++
			s.key = s.inFn.key
			if s.inFn.calls > 1 {
				s.key = fmt.Sprintf("%s + %q", s.inFn.key, fmt.Sprintf("_%d", s.inFn.calls))
			}
			continue
		}
		root := s.root
		if s.mw != nil {
			root = &migration{mod: c.mod, sdk: c.sdk, fn: s.in} // named like a handler
		}
		base := root.keyBaseOf() + "_" + s.callee.obj.Name()
		key := base
		for i := 2; c.keys[key]; i++ {
			key = fmt.Sprintf("%s%d", base, i)
		}
		c.keys[key] = true
		s.key = fmt.Sprintf("%q", key)
	}
}

// keyBaseOf names a handler for keys: the tool a literal is registered
// for, or the function.
func (m *migration) keyBaseOf() string {
	if d, ok := m.fn.(*ast.FuncDecl); ok {
		return d.Name.Name
	}
	if name := m.mod.ToolNameOf(m.fn); name != "" {
		return name
	}
	if m.file == nil {
		m.file = m.mod.FileOf(m.fn.Pos())
	}
	for _, d := range m.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= m.fn.Pos() && m.fn.End() <= fd.End() {
			return fd.Name.Name
		}
	}
	return "confirm"
}

// planImported plans the package's calls of other packages' chain
// functions, one chain per function called.
func planImported(pc *model.Model, ix *callIndex) []*chain {
	var fns []*types.Func
	for fn := range ix.calls {
		if fn.Pkg() != pc.Pass.Pkg {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(ix.calls[a][0].call.Pos() - ix.calls[b][0].call.Pos()) })
	var chains []*chain
	for _, fn := range fns {
		fact := pc.ImportedAskGate(fn)
		sdk := pc.SDKs.ByModule(fact.Module)
		if sdk == nil || sdk.RoundTrip == nil {
			continue
		}
		c := &chain{mod: pc, sdk: sdk, ix: ix, keys: usedKeys(pc)}
		c.fns = []*chainFn{{obj: fn, fact: fact}}
		c.grow()
		c.finish()
		chains = append(chains, c)
	}
	return chains
}
