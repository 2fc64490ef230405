package migrate

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// This file migrates a confirmation gate with its callers: a function
// that asks the client directly and that handlers reach, directly or
// through wrappers. The gate has no result to return the request in, so
// it takes the call's request and a key, and returns, besides what it
// returned, the result that asks (nil once the answer is there):
//
//	func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error)
//
// becomes
//
//	func Confirm(ctx context.Context, req *mcp.CallToolRequest, key string, msg string) (bool, *mcp.CallToolResult, error)
//
// and every caller returns that result when it is set:
//
//	ok, ask, err := Confirm(ctx, req, "delete_series_Confirm", "Delete it?")
//	if ask != nil {
//		return ask, nil, nil
//	}
//
// A wrapper between the gate and the handlers (a function that is not a
// handler) changes the same way and passes its own key on. Each call in a
// handler gets a key of its own, so that a handler that confirms twice
// asks twice (mcp-go; go-sdk's bridge for older clients calls a handler
// only once more, so there a handler may reach the gate once).
//
// The plan is made with the model (model.PlanAsks), because the packages
// that call the gate need to know how its signature changes: the gate's
// package exports an AskGateFact for each function whose signature
// changes, and a package that calls one migrates its calls (see
// planImported). A call the fix cannot change no longer compiles once the
// gate's package is fixed, and its finding says why.

func init() { model.PlanAsks = planAsks }

// askPlans are the plans of a package: by gate (its declaration), and for
// the package's calls of other packages' gates.
type askPlans struct {
	gates    map[ast.Node]*chain
	imported []*chain
	// ix is the package's call index, nil when nothing needed it.
	ix *callIndex
}

// chain is the migration of a gate (or of the calls of another package's
// gates) with the wrappers and handlers that reach it.
type chain struct {
	mod *model.Model
	sdk *mcpsdk.SDK
	ix  *callIndex
	// gate is the gate's body rewrite; nil when the gate is another
	// package's.
	gate *migration
	fns  []*chainFn
	// sites are the calls of chain functions, in the handlers and
	// wrappers that make them.
	sites []*site
	keys  map[string]bool
	// names are the names the edits declare, by function (ask, ask2).
	names map[ast.Node]map[string]bool
	// safeMemo says which chain functions are replay-safe once migrated
	// (see replaySafe).
	safeMemo map[*chainFn]int
	// reads are what runs again before the calls that move and only
	// reads, for the fix's message.
	reads []string
	fixes []analysis.SuggestedFix
	why   string
	// related names the handlers that return the request, and the calls
	// that keep the old function.
	related []analysis.RelatedInformation
	// additive says that the chain's functions stay as they are, each
	// with a round-trip sibling beside it (exists says which are declared
	// already); stuck are the calls that keep the old function (see
	// migrate_sibling.go).
	additive bool
	exists   map[*chainFn]bool
	stuck    []stuckCall
}

// chainFn is a function whose signature the fix changes: the gate or a
// wrapper (decl set), or another package's (decl nil).
type chainFn struct {
	obj  *types.Func
	decl *ast.FuncDecl
	fact *model.AskGateFact
	// req and key are the names of its request and key parameters.
	req, key string
	// calls counts the calls of chain functions it makes (for keys).
	calls int
}

// site is one call of a chain function.
type site struct {
	call   *ast.CallExpr
	callee *chainFn
	// in is the function that makes the call: a handler (root) or a
	// wrapper (inFn).
	in   ast.Node
	root *migration
	inFn *chainFn
	// mw is set for a call in a go-sdk receiving middleware, which moves
	// to the round trip on 2026-07-28 requests only (migrate_middleware.go).
	mw   *mwSite
	stmt ast.Stmt
	key  string
	// cond says the call is tested in the condition of stmt, an if
	// (if !confirm(...) { ... }), where it is evaluated first.
	cond bool
}

// planAsks plans the package's gates and its calls of other packages'
// gates; see model.PlanAsks.
func planAsks(pc *model.Model) (model.AskPlans, map[*types.Func]*model.AskGateFact) {
	plans := &askPlans{gates: map[ast.Node]*chain{}}
	facts := map[*types.Func]*model.AskGateFact{}
	var ix *callIndex
	index := func() *callIndex {
		if ix == nil {
			ix = indexCalls(pc)
			plans.ix = ix
		}
		return ix
	}
	for _, dc := range pc.D.RT.Direct {
		if !model.HasRoundTrip(dc.SDK, dc.Fn) || dc.SDK.Guard() == nil {
			continue
		}
		fn, _ := source.Enclosing(dc.Stack)
		if fn == nil || plans.gates[fn] != nil || !isGateCandidate(pc, dc.SDK, fn, dc) {
			continue
		}
		c := &chain{mod: pc, sdk: dc.SDK, ix: index(), keys: usedKeys(pc)}
		plans.gates[fn] = c
		c.planGate(dc, fn)
		c.addFacts(facts)
	}
	if hasImportedGates(pc) {
		for _, c := range planImported(pc, index()) {
			plans.imported = append(plans.imported, c)
			c.addFacts(facts)
		}
	}
	return plans, facts
}

// addFacts adds the facts of the chain's functions: of those whose
// signature the fix changes in place, and of those whose round-trip
// sibling is declared, which other packages' calls switch to.
func (c *chain) addFacts(facts map[*types.Func]*model.AskGateFact) {
	for _, f := range c.fns {
		switch {
		case f.decl == nil || f.fact == nil:
		case !c.additive && c.why == "":
			facts[f.obj] = f.fact
		case c.additive && c.exists[f]:
			fact := *f.fact
			fact.Sibling = f.sibling()
			facts[f.obj] = &fact
		}
	}
}

// hasImportedGates reports whether a dependency exported an AskGateFact.
func hasImportedGates(pc *model.Model) bool {
	for _, f := range pc.Pass.AllObjectFacts() {
		if _, ok := f.Fact.(*model.AskGateFact); ok && f.Object.Pkg() != pc.Pass.Pkg {
			return true
		}
	}
	return false
}

// isGateCandidate reports whether the function of a direct request is a
// gate: a declared function that is not a handler whose result carries
// requests, a middleware or a notification handler.
func isGateCandidate(pc *model.Model, sdk *mcpsdk.SDK, fn ast.Node, dc *model.DirectCall) bool {
	if _, ok := fn.(*ast.FuncDecl); !ok {
		return source.GoroutineOf(dc.Stack) != nil || !pc.IsHandler(fn, sdk) && !pc.NotificationFunc(fn)
	}
	if pc.NotificationFunc(fn) || pc.IsHandler(fn, sdk) && !pc.TakesRequest(fn, sdk) {
		return false
	}
	probe := &migration{mod: pc, sdk: sdk, fn: fn}
	why, ok := probe.matchHandler()
	return !ok && why != "mcp-go resource handlers return contents, which cannot carry requests"
}

// usedKeys are the keys the package requests and reads already.
func usedKeys(pc *model.Model) map[string]bool {
	used := map[string]bool{}
	for _, r := range pc.D.RT.Requests {
		used[r.Key] = true
	}
	for _, r := range pc.D.RT.Reads {
		used[r.Key] = true
	}
	return used
}

// planGate plans the migration of the gate fn, which makes the request dc,
// with its callers in the package; c.why says why there is none.
func (c *chain) planGate(dc *model.DirectCall, fn ast.Node) {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		c.why = c.literalReason(dc, fn)
		return
	}
	obj, _ := c.mod.Info.Defs[decl.Name].(*types.Func)
	if obj == nil || decl.Body == nil {
		c.why = "the request is not made in a function the fix can change"
		return
	}
	n := 0
	for _, d := range c.mod.D.RT.Direct {
		if f, _ := source.Enclosing(d.Stack); f == fn {
			n++
		}
	}
	if n > 1 {
		c.why = fmt.Sprintf("%s makes %d requests; the fix migrates a gate that makes one", decl.Name.Name, n)
		return
	}
	g := &migration{mod: c.mod, sdk: c.sdk, fn: decl, body: decl.Body, sig: obj.Type().(*types.Signature), file: c.mod.FileOf(decl.Pos())}
	g.result = c.sdk.RoundTrip.ToolResult
	c.gate = g
	gf := &chainFn{obj: obj, decl: decl}
	if why := c.gateSignature(gf, dc); why != "" {
		c.why = why
		return
	}
	c.fns = append(c.fns, gf)
	a, why := g.matchAsk(dc)
	if why != "" {
		c.why = why
		return
	}
	g.asks = []*ask{a}
	for _, check := range []func() string{g.matchAsks, g.unusedAfter, g.matchGuard} {
		if why := check(); why != "" {
			c.why = why
			return
		}
	}
	if why := c.grow(); why != "" {
		c.why = why
		return
	}
	c.finish()
}

// finish writes the fix of a chain that has grown, or says why there is
// none: nothing in the package moves, or everything that can has.
func (c *chain) finish() {
	if why := c.decideAdditive(); why != "" {
		c.why = why
		return
	}
	first := c.fns[0]
	if len(c.sites) == 0 || len(c.stuck) > 0 && !c.movesCaller() {
		switch {
		case len(c.stuck) > 0:
			c.why = c.stuck[0].why
			return
		case c.gate == nil:
			return
		case !first.obj.Exported() || c.mod.Pass.Pkg.Name() == "main":
			c.why = c.unreached(first.decl)
			return
		}
	}
	if c.additive && len(c.sites) == 0 && !slices.ContainsFunc(c.fns, func(f *chainFn) bool { return f.decl != nil && !c.exists[f] }) {
		c.why = fmt.Sprintf("%s, its round-trip version, is declared already; %s stays for the callers that keep the direct request, and can go once none does", first.sibling(), first.obj.Name())
		return
	}
	c.fixes, c.why = c.edits()
	if c.why == "" {
		c.stuckRelated()
	}
}

// movesCaller reports whether the fix would move a caller: a handler or
// middleware whose call it switches, or a function of the chain that
// another package may call. Siblings no caller reaches would only add
// code.
func (c *chain) movesCaller() bool {
	return slices.ContainsFunc(c.sites, func(s *site) bool { return s.root != nil || s.mw != nil }) ||
		slices.ContainsFunc(c.fns, func(f *chainFn) bool {
			return f.decl != nil && f.obj.Exported() && c.mod.Pass.Pkg.Name() != "main"
		})
}

// literalReason says why a request made in a function literal that is
// not a handler is not migrated: in a goroutine, the function that starts
// it waits for the answer.
func (c *chain) literalReason(dc *model.DirectCall, fn ast.Node) string {
	name := "a function literal"
	if d := source.OuterDecl(dc.Stack); d != nil {
		name = d.Name.Name
	}
	if source.GoroutineOf(dc.Stack) != nil {
		return "the request is made in a goroutine that " + name + " starts and waits for (a semaphore or a timeout around it): the round trip returns the request instead of waiting for the answer, so there is nothing left to wait for; make the request in " + name + " itself, then run -fix again"
	}
	return "the request is made in a function literal in " + name + " that is not a handler; make it in a declared function, which the fix can migrate with its callers"
}

// unreached says why a gate no handler reaches is left alone.
func (c *chain) unreached(decl *ast.FuncDecl) string {
	if decl.Recv != nil {
		return decl.Name.Name + " is a method no code of the package calls (callers through an interface are not followed): migrate it with its callers by hand (see the docs)"
	}
	return "no handler of the package reaches " + decl.Name.Name + ", and it is not exported; migrate it with its callers by hand (see the docs)"
}

// gateSignature plans the gate's new signature: the request (a new
// parameter, the one whose session asks, or the one it already takes), a
// key after it, and the result that asks before its error.
func (c *chain) gateSignature(gf *chainFn, dc *model.DirectCall) string {
	g := c.gate
	name := gf.decl.Name.Name
	if why := c.plainResults(gf); why != "" {
		return why
	}
	sel, ok := ast.Unparen(dc.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "the request is not a method call"
	}
	params := g.sig.Params()
	replace, after := -1, source.ContextIndex(params)
	if g.gosdk() {
		switch x := ast.Unparen(sel.X).(type) {
		case *ast.Ident: // ss.Elicit(...), ss a parameter
			i := source.ParamIndex(params, c.mod.Info.Uses[x])
			if i < 0 {
				return "the session " + x.Name + " that asks is not a parameter of " + name
			}
			if c.onlyReceiver(gf.decl, params.At(i), sel.X) {
				replace = i
			} else {
				after = i
			}
		case *ast.SelectorExpr: // req.Session.Elicit(...), req a parameter
			id, ok := ast.Unparen(x.X).(*ast.Ident)
			i := -1
			if ok {
				i = source.ParamIndex(params, c.mod.Info.Uses[id])
			}
			if i < 0 || !c.isToolRequest(params.At(i).Type()) {
				return "the session that asks is not a parameter of " + name + " (nor the Session of a tool request it takes)"
			}
			gf.req = params.At(i).Name()
			return c.finishSignature(gf, -1, i, i)
		default:
			return "the session that asks is not a parameter of " + name
		}
	} else if g.ctxName = source.ContextParam(g.sig); g.ctxName == "" {
		return name + " takes no context.Context, which the migrated gate reads the client's capabilities from"
	}
	for i := 0; i < params.Len(); i++ {
		if c.isToolRequest(params.At(i).Type()) {
			gf.req = params.At(i).Name()
			return c.finishSignature(gf, -1, i, i)
		}
	}
	gf.req = fix.FreshAt(c.mod.Pass.Pkg, gf.decl.Body.Pos(), map[string]bool{}, reqName(c.sdk))
	return c.finishSignature(gf, replace, after, -1)
}

// finishSignature writes the plan of gf's parameters: the request at
// replace (in place of that parameter), or after parameter after (before
// the first when -1) unless existing is the request it takes; the key
// right after the request.
func (c *chain) finishSignature(gf *chainFn, replace, after, existing int) string {
	sig := gf.obj.Type().(*types.Signature)
	params := sig.Params()
	gf.key = fix.FreshAt(c.mod.Pass.Pkg, gf.decl.Body.Pos(), map[string]bool{gf.req: true}, "key")
	if replace >= 0 || existing >= 0 {
		after = -1
	}
	var ps []int
	if after < 0 && replace < 0 && existing < 0 {
		ps = append(ps, model.ParamRequest, model.ParamKey)
	}
	for i := 0; i < params.Len(); i++ {
		switch {
		case i == replace:
			ps = append(ps, model.ParamRequest, model.ParamKey)
		case i == existing:
			ps = append(ps, i, model.ParamKey)
		case i == after:
			ps = append(ps, i, model.ParamRequest, model.ParamKey)
		default:
			ps = append(ps, i)
		}
	}
	gf.fact = &model.AskGateFact{Module: c.sdk.Module, Request: c.sdk.RoundTrip.ToolRequest, Result: c.sdk.RoundTrip.ToolResult, Params: ps, Results: askResults(sig.Results())}
	if c.gate != nil && gf.decl == c.gate.fn {
		c.gate.req = gf.req
		c.gate.gate = &gateBody{c: c, fn: gf, key: gf.key}
		if !c.gate.gosdk() && c.gate.ctxName == "" {
			c.gate.ctxName = source.ContextParam(sig)
		}
	}
	return ""
}

// askResults places the result that asks before a last error, else last.
func askResults(res *types.Tuple) []int {
	var rs []int
	for i := 0; i < res.Len(); i++ {
		if i == res.Len()-1 && source.IsError(res.At(i).Type()) {
			rs = append(rs, model.ResultAsk)
		}
		rs = append(rs, i)
	}
	if res.Len() == 0 || !source.IsError(res.At(res.Len()-1).Type()) {
		rs = append(rs, model.ResultAsk)
	}
	return rs
}

// plainResults checks that fn's results are unnamed (a bare return would
// not return the request) and have zero values the fix can write.
func (c *chain) plainResults(f *chainFn) string {
	res := f.obj.Type().(*types.Signature).Results()
	qual := c.mod.Qualifier(c.mod.FileOf(f.obj.Pos()))
	for i := 0; i < res.Len(); i++ {
		if res.At(i).Name() != "" {
			return f.obj.Name() + " has named results"
		}
		if _, ok := fix.ZeroValue(res.At(i).Type(), qual); !ok && !source.IsError(res.At(i).Type()) {
			return f.obj.Name() + "'s results have no zero value the fix can write"
		}
	}
	return ""
}

// isToolRequest reports whether t is the SDK's tool request type, as tool
// handlers take it (go-sdk *mcp.CallToolRequest, mcp-go mcp.CallToolRequest).
func (c *chain) isToolRequest(t types.Type) bool {
	rtd := c.sdk.RoundTrip
	obj, _ := c.mod.LookupSDK(c.sdk.TypesPath(), rtd.ToolRequest).(*types.TypeName)
	if obj == nil {
		return false
	}
	want := obj.Type()
	if rtd.ToolRequestPtr {
		want = types.NewPointer(want)
	}
	return types.Identical(t, want)
}

// onlyReceiver reports whether the parameter v is used in fn only as
// recv (the session that asks), so that the request can take its place.
func (c *chain) onlyReceiver(fn *ast.FuncDecl, v *types.Var, recv ast.Expr) bool {
	only := true
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.mod.Info.Uses[id] == v && id != recv {
			only = false
		}
		return only
	})
	return only
}

// reqName is the name a new request parameter gets, as the SDK's handlers
// name it.
func reqName(sdk *mcpsdk.SDK) string {
	if sdk.RoundTrip.ToolRequestPtr {
		return "req"
	}
	return "request"
}

// gateBody is what a gate's migration needs to write its body: its key
// parameter, and its results around the one that asks.
type gateBody struct {
	c   *chain
	fn  *chainFn
	key string
	// copied are the edits of the gate's returns inside its error check,
	// which moves into the capability guard as a copy (see
	// fix.BodyLines).
	copied []analysis.TextEdit
}

// around spells what the gate's return that asks has before and after the
// result that asks: zero values of its other results, nil for its error.
func (gb *gateBody) around() (string, string) {
	m := gb.c.gate
	qual := m.mod.Qualifier(m.file)
	res := gb.fn.obj.Type().(*types.Signature).Results()
	var before, after []string
	seen := false
	for _, i := range gb.fn.fact.Results {
		if i == model.ResultAsk {
			seen = true
			continue
		}
		z := "nil"
		if !source.IsError(res.At(i).Type()) {
			z, _ = fix.ZeroValue(res.At(i).Type(), qual)
		}
		if seen {
			after = append(after, z)
		} else {
			before = append(before, z)
		}
	}
	pre, post := strings.Join(before, ", "), strings.Join(after, ", ")
	if pre != "" {
		pre += ", "
	}
	if post != "" {
		post = ", " + post
	}
	return pre, post
}

// passReturn spells the return of a gate that passes the answer on (see
// matchPass): res for the answer, nil for the result that asks, err for
// the error.
func (gb *gateBody) passReturn(res, err string) string {
	var vals []string
	for _, i := range gb.fn.fact.Results {
		switch i {
		case model.ResultAsk:
			vals = append(vals, "nil")
		case 0:
			vals = append(vals, res)
		default:
			vals = append(vals, err)
		}
	}
	return "return " + strings.Join(vals, ", ")
}

// related names the handlers that return the request, for the finding.
func (c *chain) relate(root ast.Node) {
	name := c.mod.HandlerName(root)
	at := root.Pos()
	if d, ok := root.(*ast.FuncDecl); ok {
		at = d.Name.Pos()
	}
	for _, r := range c.related {
		if r.Pos == at {
			return
		}
	}
	c.related = append(c.related, analysis.RelatedInformation{Pos: at, End: at, Message: name + " returns the request"})
}

// chainOf returns the chain function of obj, or nil.
func (c *chain) chainOf(obj *types.Func) *chainFn {
	for _, f := range c.fns {
		if f.obj == obj {
			return f
		}
	}
	return nil
}

// sortSites orders the sites by position, for keys and edits.
func (c *chain) sortSites() {
	slices.SortFunc(c.sites, func(a, b *site) int { return int(a.call.Pos() - b.call.Pos()) })
}

// copied are the edits a gate's error check gets where it moves into the
// guard: none outside a gate.
func (m *migration) copied() []analysis.TextEdit {
	if m.gate == nil {
		return nil
	}
	return m.gate.copied
}
