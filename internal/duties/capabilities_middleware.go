package duties

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// This file reads the receiving middleware a package registers (go-sdk's
// AddReceivingMiddleware, mcp-go's tool and prompt middleware): the
// capabilities it tests before it hands a request on to next guard every
// handler that request reaches (issue 36 §2).

// mwHeld is what one registered middleware holds whenever it hands a
// request of type typ on (typ is the request parameter's type, an
// interface for go-sdk's every method, or the type a branch asserts).
type mwHeld struct {
	sdk   *mcpsdk.SDK
	outer ast.Node // the middleware: the handler it returns is not guarded by itself
	// server is the variable of the server it is registered on, nil when
	// that cannot be told.
	server types.Object
	typ    types.Type
	h      Held
}

// mwIndex is what the package's middleware hold, and the servers its
// handlers are registered on.
type mwIndex struct {
	held []mwHeld
	// servers are the server variables each handler (a function, or a
	// literal) is registered on; unsure holds those also registered where
	// the server cannot be told.
	servers map[ast.Node][]types.Object
	unsure  map[ast.Node]bool
}

// middlewareHeld returns what the package's registered middleware hold
// whenever a request reaches the handler fn of sdk.
func (pc *Pkg) middlewareHeld(fn ast.Node, sdk *mcpsdk.SDK) Held {
	pc.mwOnce.Do(func() { pc.mw = pc.indexMiddleware() })
	if len(pc.mw.held) == 0 {
		return Held{}
	}
	sig := pc.SignatureOf(fn)
	if sig == nil {
		return Held{}
	}
	var h Held
	for _, m := range pc.mw.held {
		if m.sdk == sdk && source.Takes(sig, m.typ) && (fn.Pos() < m.outer.Pos() || fn.End() > m.outer.End()) && pc.mw.mayServe(fn, m.server) {
			h = h.union(m.h)
		}
	}
	return h
}

// mayServe reports whether the middleware of server may see the requests
// of handler fn: unless fn is known to be registered only on other
// servers (where it is not known, the middleware is taken to guard it:
// precision first).
func (ix *mwIndex) mayServe(fn ast.Node, server types.Object) bool {
	servers := ix.servers[fn]
	return server == nil || len(servers) == 0 || ix.unsure[fn] || slices.Contains(servers, server)
}

// indexMiddleware finds the middleware the package registers and what
// each holds when it hands a request on.
func (pc *Pkg) indexMiddleware() *mwIndex {
	ix := &mwIndex{}
	servers := pc.serverVars()
	for _, f := range pc.Pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
			if fn == nil {
				return true
			}
			sdk := pc.SDKs.OfPkg(fn)
			if sdk == nil {
				return true
			}
			if d := sdk.Duties(); d != nil && mcpsdk.MatchesAny(d.Middleware, sdk, fn.Origin(), nil) {
				server := pc.middlewareServer(call, stack, servers)
				for _, arg := range call.Args {
					for _, outer := range pc.middlewareFuncs(arg) {
						for _, h := range pc.handsOn(sdk, outer) {
							h.server = server
							ix.held = append(ix.held, h)
						}
					}
				}
			}
			pc.registration(ix, call, servers)
			return true
		})
	}
	return ix
}

// serverVars returns the variables (and fields) of the package given a
// new server: s := mcp.NewServer(...), s.srv = server.NewMCPServer(...).
func (pc *Pkg) serverVars() map[types.Object]bool {
	vars := map[types.Object]bool{}
	for _, f := range pc.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, r := range as.Rhs {
				if pc.isNewServer(r) {
					if obj := pc.varOf(as.Lhs[i]); obj != nil {
						vars[obj] = true
					}
				}
			}
			return true
		})
	}
	return vars
}

// isNewServer reports a call of an SDK's server constructor.
func (pc *Pkg) isNewServer(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	if fn == nil {
		return false
	}
	sdk := pc.SDKs.OfPkg(fn)
	return sdk != nil && sdk.Duties() != nil && sdk.Duties().NewServer.Matches(sdk, fn, nil)
}

// varOf returns the variable or field e names.
func (pc *Pkg) varOf(e ast.Expr) types.Object {
	if id := source.IdentOf(ast.Unparen(e)); id != nil {
		if v, ok := pc.Info.ObjectOf(id).(*types.Var); ok {
			return v
		}
	}
	return nil
}

// middlewareServer returns the server variable a middleware registration
// is made on: the receiver of go-sdk's AddReceivingMiddleware, or the
// variable given the server whose constructor takes mcp-go's option.
func (pc *Pkg) middlewareServer(call *ast.CallExpr, stack []ast.Node, servers map[types.Object]bool) types.Object {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if obj := pc.varOf(sel.X); obj != nil && servers[obj] {
			return obj
		}
	}
	for i := len(stack) - 2; i >= 1; i-- {
		if pc.isNewServer(asExpr(stack[i])) {
			if as, ok := stack[i-1].(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for j, r := range as.Rhs {
					if r == asExpr(stack[i]) {
						return pc.varOf(as.Lhs[j])
					}
				}
			}
			return nil
		}
	}
	return nil
}

func asExpr(n ast.Node) ast.Expr {
	e, _ := n.(ast.Expr)
	return e
}

// registration records the handlers a call of an SDK function registers
// on a server variable (s.AddTool(tool, h), mcp.AddTool(s, tool, h)).
func (pc *Pkg) registration(ix *mwIndex, call *ast.CallExpr, servers map[types.Object]bool) {
	var server types.Object
	exprs := slices.Clone(call.Args)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		exprs = append(exprs, sel.X)
	}
	serverTyped := false
	for _, e := range exprs {
		if obj := pc.varOf(e); obj != nil && servers[obj] {
			server = obj
		}
		if t := pc.Info.TypeOf(e); t != nil && pc.isServerType(t) {
			serverTyped = true
		}
	}
	if !serverTyped {
		return
	}
	for _, a := range call.Args {
		var h ast.Node
		switch x := ast.Unparen(a).(type) {
		case *ast.FuncLit:
			h = x
		case *ast.Ident, *ast.SelectorExpr:
			if fn, ok := pc.Info.Uses[source.IdentOf(x)].(*types.Func); ok {
				if decl := pc.FuncDecl(fn); decl != nil {
					h = decl
				}
			}
		}
		if h == nil {
			continue
		}
		if ix.servers == nil {
			ix.servers, ix.unsure = map[ast.Node][]types.Object{}, map[ast.Node]bool{}
		}
		if server == nil {
			ix.unsure[h] = true
		} else {
			ix.servers[h] = append(ix.servers[h], server)
		}
	}
}

// isServerType reports an SDK's server type (Duties.ServerType).
func (pc *Pkg) isServerType(t types.Type) bool {
	for _, sdk := range pc.SDKs.All {
		if d := sdk.Duties(); d != nil && mcpsdk.IsNamed(t, sdk.ServerPath(), d.ServerType) {
			return true
		}
	}
	return false
}

// middlewareFuncs resolves a middleware argument to the functions that
// take next: a literal, a function of the package, or the literals a
// function of the package returns (a middleware factory).
func (pc *Pkg) middlewareFuncs(arg ast.Expr) []ast.Node {
	switch x := ast.Unparen(arg).(type) {
	case *ast.FuncLit:
		return []ast.Node{x}
	case *ast.Ident, *ast.SelectorExpr:
		if fn, ok := pc.Info.Uses[source.IdentOf(x)].(*types.Func); ok {
			if decl := pc.FuncDecl(fn); decl != nil {
				return []ast.Node{decl}
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(pc.Info, x).(*types.Func)
		if fn == nil {
			return nil
		}
		decl := pc.FuncDecl(fn)
		if decl == nil || decl.Body == nil {
			return nil
		}
		var lits []ast.Node
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				if lit, ok := ast.Unparen(ret.Results[0]).(*ast.FuncLit); ok {
					lits = append(lits, lit)
				}
			}
			return true
		})
		return lits
	}
	return nil
}

// handsOn reads a middleware outer(next): every call of next, and what
// holds there, for every request and for each request type a branch
// before it asserts. A next used other than by calling it gives nothing.
func (pc *Pkg) handsOn(sdk *mcpsdk.SDK, outer ast.Node) []mwHeld {
	sig := pc.SignatureOf(outer)
	body := source.FuncBody(outer)
	if sig == nil || body == nil || sig.Params().Len() != 1 {
		return nil
	}
	next := sig.Params().At(0)
	hsig, ok := next.Type().Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	var reqType types.Type // the request parameter of the handler type
	for i := range hsig.Params().Len() {
		t := hsig.Params().At(i).Type()
		if pc.SDKs.InTypes(t) != nil || types.IsInterface(t) && !source.IsContext(t) {
			reqType = t
		}
	}
	if reqType == nil {
		return nil
	}
	file := pc.FileOf(body.Pos())
	if file == nil {
		return nil
	}
	var all *Held
	typed := map[types.Type]*Held{}
	var order []types.Type
	bad := false
	ast.Inspect(body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || pc.Info.Uses[id] != types.Object(next) {
			return true
		}
		path, _ := astutil.PathEnclosingInterval(file, id.Pos(), id.End())
		if len(path) < 2 {
			bad = true
			return false
		}
		call, ok := path[1].(*ast.CallExpr)
		if !ok || call.Fun != ast.Expr(id) {
			bad = true // next handed elsewhere: what runs it is not known
			return false
		}
		down := slices.Clone(path[1:]) // from the file to the call
		slices.Reverse(down)
		at := pc.HeldAt(down)
		byType := pc.assertedBefore(down)
		if all == nil {
			all = &at
			for _, a := range byType {
				u := at.union(a.h)
				typed[a.typ] = &u
				order = append(order, a.typ)
			}
			return true
		}
		*all = all.intersect(at)
		for _, t := range order {
			h := at
			for _, a := range byType {
				if a.typ == t {
					h = h.union(a.h)
				}
			}
			*typed[t] = typed[t].intersect(h)
		}
		return true
	})
	if bad || all == nil {
		return nil
	}
	out := []mwHeld{{sdk: sdk, outer: outer, typ: reqType, h: *all}}
	for _, t := range order {
		out = append(out, mwHeld{sdk: sdk, outer: outer, typ: t, h: *typed[t]})
	}
	return out
}

// asserted is what a branch that asserts the request's type leaves
// holding for requests of that type.
type asserted struct {
	typ types.Type
	h   Held
}

// assertedBefore returns, in source order, for each branch before the last
// node of path that asserts the request's type (if r, ok := req.(*T); ok
// { ... }, with no else), what the tests in it that leave leave holding
// for requests of that type.
func (pc *Pkg) assertedBefore(path []ast.Node) []asserted {
	var out []asserted
	for i := len(path) - 1; i > 0; i-- {
		child := path[i]
		var list []ast.Stmt
		switch p := path[i-1].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return out
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		default:
			continue
		}
		for _, s := range list {
			if ast.Node(s) == child {
				break
			}
			is, ok := s.(*ast.IfStmt)
			if !ok || is.Else != nil || pc.Terminates(is.Body) {
				continue
			}
			t := pc.assertedType(is)
			if t == nil {
				continue
			}
			if h := pc.exitsBefore(is.Body.List, nil, nil); h != (Held{}) {
				out = append(out, asserted{t, h})
			}
		}
	}
	return out
}

// assertedType returns T of if r, ok := x.(T); ok, or nil.
func (pc *Pkg) assertedType(is *ast.IfStmt) types.Type {
	as, ok := is.Init.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil
	}
	ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	if !ok || ta.Type == nil {
		return nil
	}
	okID, _ := as.Lhs[1].(*ast.Ident)
	cond, _ := ast.Unparen(is.Cond).(*ast.Ident)
	if okID == nil || cond == nil || pc.Info.Defs[okID] == nil || pc.Info.Uses[cond] != pc.Info.Defs[okID] {
		return nil
	}
	return pc.Info.TypeOf(ta.Type)
}
