package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// discover walks the package once and finds every request and every answer.
// One walk does not pay for an inspector.Inspector, whose event list was the
// largest allocation of a pass after SSA (issue #12).
func discover(pc *Model) *Discovery {
	d := walk(pc)
	markURLErrorElements(pc, d)
	ifaceRequests(pc, d)
	return d
}

// markURLErrorElements marks the params held in variables that are listed
// in a URLElicitationRequiredError (the elements written in place are
// marked during the walk): p := &mcp.ElicitParams{...};
// URLElicitationRequiredError([]*mcp.ElicitParams{p}), or the list itself
// in a variable assigned once.
func markURLErrorElements(pc *Model, d *Discovery) {
	if len(d.urlErrorLists) == 0 {
		return
	}
	byLit, byVar := map[*ast.CompositeLit]*ParamsSite{}, map[*types.Var]*ParamsSite{}
	for _, p := range d.Params {
		if p.Lit != nil {
			byLit[p.Lit] = p
		}
		if p.V != nil {
			byVar[p.V] = p
		}
	}
	for _, l := range d.urlErrorLists {
		list := ast.Unparen(l.list)
		if id, ok := list.(*ast.Ident); ok {
			list, _ = pc.SingleAssignment(id)
		}
		lit, ok := list.(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, elt := range lit.Elts {
			e := source.UnAddr(elt)
			var site *ParamsSite
			switch e := e.(type) {
			case *ast.CompositeLit:
				site = byLit[e]
			case *ast.Ident:
				if v, ok := pc.Info.Uses[e].(*types.Var); ok {
					site = byVar[v]
				}
			}
			if site != nil && site.SDK != nil {
				site.InURLError = true
			}
		}
	}
}

// walk is the one walk over the package's syntax.
func walk(pc *Model) *Discovery {
	ds := &discoverer{pc: pc, D: &Discovery{}}
	// The package's own result-like types by declaration come first: calls
	// that return them are answers.
	mirrorTypes(pc)
	var stack []ast.Node
	for _, f := range pc.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.CompositeLit:
				ds.compositeLit(n, stack)
				ds.roundTripLit(n, stack)
			case *ast.CallExpr:
				ds.call(n, stack)
			case *ast.TypeAssertExpr:
				if n.Type != nil {
					if sdk := pc.ResultSDK(pc.Info.TypeOf(n.Type)); sdk != nil {
						ds.result(sdk, n, stack, 0)
					}
				}
				ds.answerAssert(n, stack)
			case *ast.IndexExpr:
				ds.roundTripIndex(n, stack)
			case *ast.ReturnStmt:
				ds.actionReturn(n, stack)
				ds.messageReturns(n, stack)
			}
			return true
		})
	}
	return ds.D
}

type discoverer struct {
	pc *Model
	D  *Discovery
	// globalUses holds, for each package-level variable, whether every
	// use of it is one safeUse allows; indexed in one walk when a params
	// literal kept in such a variable first asks (fixedGlobal).
	globalUses map[*types.Var]bool
}

// callResult records result idx of a call when it is an answer: of an
// SDK result type or a result-like type, or (decided by the result-types
// summary) of a type of this package that may be result-like.
func (ds *discoverer) callResult(call *ast.CallExpr, stack []ast.Node, idx int, t types.Type) {
	pc := ds.pc
	if sdk := pc.ResultSDK(t); sdk != nil {
		ds.result(sdk, call, stack, idx)
		return
	}
	if obj := mcpsdk.NamedObj(t); obj != nil && obj.Pkg() == pc.Pass.Pkg && hasStringField(obj.Type()) {
		ds.D.typedCalls = append(ds.D.typedCalls, typedCall{call: call, stack: slices.Clone(stack), idx: idx, t: t})
	}
}

// fillLit records a literal of a type of this package that takes an
// answer's action into one of its fields.
func (ds *discoverer) fillLit(lit *ast.CompositeLit) {
	pc := ds.pc
	obj := mcpsdk.NamedObj(pc.Info.TypeOf(lit))
	if obj == nil || obj.Pkg() != pc.Pass.Pkg {
		return
	}
	fl := fill{obj: obj}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if pc.answerField(kv.Value, func(s *mcpsdk.SDK) string { return s.ActionField }) != nil {
			fl.action = key.Name
		}
		if pc.answerField(kv.Value, func(s *mcpsdk.SDK) string { return s.ContentField }) != nil {
			fl.content = key.Name
		}
	}
	if fl.action != "" {
		ds.D.fills = append(ds.D.fills, fl)
	}
}

// actionReturn records a function declaration that returns an answer's
// action (return res.Action, nil).
func (ds *discoverer) actionReturn(ret *ast.ReturnStmt, stack []ast.Node) {
	fn, _ := source.Enclosing(stack)
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return
	}
	for i, r := range ret.Results {
		if ds.pc.answerField(r, func(s *mcpsdk.SDK) string { return s.ActionField }) != nil {
			ds.D.actionReturns = append(ds.D.actionReturns, actionReturn{decl: decl, idx: i})
		}
	}
}

func (ds *discoverer) compositeLit(lit *ast.CompositeLit, stack []ast.Node) {
	pc := ds.pc
	sdk := pc.SDKs.Params(pc.Info.TypeOf(lit))
	if sdk == nil {
		ds.fillLit(lit)
		return
	}
	site := &ParamsSite{SDK: sdk, Lit: lit, Fields: map[string]*FieldVal{}, Complete: true, fn: source.OuterDecl(stack)}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			site.Complete = false // positional fields: we do not guess
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			site.Fields[id.Name] = &FieldVal{key: kv.Key, Value: kv.Value}
		}
	}
	site.InURLError = ds.inURLError(sdk, stack)
	site.RequestKey = ds.requestKeyOf(stack)
	ds.trackVariable(site, stack)
	ds.D.Params = append(ds.D.Params, site)
}

// requestKeyOf returns the round-trip key a params literal is filed under:
// its key in a map literal (InputRequestMap, InputRequests), or the key
// argument of the SDK's request builder (builder.Elicit("key", params)).
func (ds *discoverer) requestKeyOf(stack []ast.Node) string {
	pc := ds.pc
	child := stack[len(stack)-1]
	for i := len(stack) - 2; i >= 0 && i >= len(stack)-5; i-- {
		switch p := stack[i].(type) {
		case *ast.UnaryExpr, *ast.ParenExpr:
		case *ast.KeyValueExpr:
			if p.Value == child {
				if k, ok := source.ConstString(pc.Info, p.Key); ok {
					return k
				}
			}
			return ""
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(pc.Info, p).(*types.Func)
			if fn == nil {
				return ""
			}
			if k := pc.SDKs.BuilderMethod(fn); k != nil && k.Kind == mcpsdk.KindElicitation && len(p.Args) == 2 && p.Args[1] == child {
				k, _ := source.ConstString(pc.Info, p.Args[0])
				return k
			}
			// The SDK's request constructor inside a map literal.
			if pc.SDKs.RequestConstructor(fn) == nil {
				return ""
			}
		default:
			return ""
		}
		child = stack[i]
	}
	return ""
}

// inURLError reports whether the literal on top of the stack is an element
// of the params list of a URLElicitationRequiredError.
func (ds *discoverer) inURLError(sdk *mcpsdk.SDK, stack []ast.Node) bool {
	pc := ds.pc
	// stack: ... parent(s) ..., lit. Skip a & and the slice literal.
	i := len(stack) - 2
	if i >= 0 {
		if u, ok := stack[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i--
		}
	}
	if i < 0 {
		return false
	}
	slice, ok := stack[i].(*ast.CompositeLit)
	if !ok {
		return false
	}
	if _, ok := pc.Info.TypeOf(slice).Underlying().(*types.Slice); !ok {
		return false
	}
	i--
	if i < 0 {
		return false
	}
	switch p := stack[i].(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(pc.Info, p).(*types.Func)
		return sdk.IsURLErrorFunc(fn)
	case *ast.KeyValueExpr:
		if i-1 < 0 {
			return false
		}
		outer, ok := stack[i-1].(*ast.CompositeLit)
		if !ok {
			return false
		}
		id, ok := p.Key.(*ast.Ident)
		return ok && id.Name == sdk.URLErrorField && sdk.IsURLErrorType(pc.Info.TypeOf(outer))
	}
	return false
}

// trackVariable follows a params literal stored in a local variable and
// picks up fields set on it later in the same function
// (`p := &mcp.ElicitParams{}; p.Message = "..."`). When the variable is used
// in a way that might change it behind our back, the site is marked
// incomplete so that no missing-field finding is made.
func (ds *discoverer) trackVariable(site *ParamsSite, stack []ast.Node) {
	pc := ds.pc
	i := len(stack) - 2
	if i >= 0 {
		if u, ok := stack[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i--
		}
	}
	if i < 0 {
		return
	}
	var v *types.Var
	var declBlock ast.Node
	switch p := stack[i].(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == len(p.Rhs) {
			for k, r := range p.Rhs {
				if ast.Unparen(r) == stack[i+1] {
					if id, ok := p.Lhs[k].(*ast.Ident); ok {
						v, _ = pc.Info.ObjectOf(id).(*types.Var)
					}
				}
			}
		}
		if i > 0 {
			declBlock = stack[i-1]
		}
	case *ast.ValueSpec:
		for k, r := range p.Values {
			if r == stack[i+1] && k < len(p.Names) {
				v, _ = pc.Info.ObjectOf(p.Names[k]).(*types.Var)
			}
		}
		if i >= 3 {
			declBlock = stack[i-3] // ValueSpec < GenDecl < DeclStmt < Block
		}
	default:
		return
	}
	if v == nil {
		return
	}
	if !source.IsLocal(v) {
		if ds.fixedGlobal(v) {
			site.V = v // nothing sets it: its fields are as written
			return
		}
		site.Complete = false // package-level: anything may set it
		return
	}
	_, body := source.Enclosing(stack)
	if body == nil {
		return
	}
	site.V = v
	blk, _ := declBlock.(*ast.BlockStmt)
	source.WalkWithPath(body, func(n ast.Node, path []ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for k, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				id, ok := ast.Unparen(sel.X).(*ast.Ident)
				if !ok || pc.Info.Uses[id] != v {
					continue
				}
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[k]
				}
				if rhs == nil || n.Tok != token.ASSIGN {
					site.Complete = false
					continue
				}
				maybe := blk == nil || !source.StmtIn(blk, n)
				site.Fields[sel.Sel.Name] = &FieldVal{key: sel.Sel, Value: rhs, maybe: maybe, scope: assignScope(path)}
			}
		case *ast.Ident:
			if pc.Info.Uses[n] == v && !ds.safeUse(n, path) {
				site.Complete = false
			}
		}
	})
	// A field set on some paths only is not known; neither is the mode.
	for _, f := range site.Fields {
		if f.maybe {
			site.Complete = false
		}
	}
}

// fixedGlobal reports a package-level params variable nothing changes: no
// other package can reach it (unexported, or of package main), its
// declaration is its one write (source's Assignments), and every use is
// one safeUse allows.
func (ds *discoverer) fixedGlobal(v *types.Var) bool {
	pc := ds.pc
	if a := pc.Assignments()[v]; a == nil || a.Writes != 1 || v.Exported() && pc.Pass.Pkg.Name() != "main" {
		return false
	}
	if ds.globalUses == nil {
		ds.globalUses = map[*types.Var]bool{}
		for _, f := range pc.Pass.Files {
			source.WalkWithPath(f, func(n ast.Node, path []ast.Node) {
				id, ok := n.(*ast.Ident)
				if !ok {
					return
				}
				if g, _ := pc.Info.Uses[id].(*types.Var); g != nil && !g.IsField() && !source.IsLocal(g) {
					safe, seen := ds.globalUses[g]
					ds.globalUses[g] = (safe || !seen) && ds.safeUse(id, path)
				}
			})
		}
	}
	safe, seen := ds.globalUses[v]
	return safe || !seen
}

// safeUse reports whether a use of a tracked params variable cannot change
// its fields: a field selection, or handing it to an SDK function, a
// composite literal, a return or an assignment.
func (ds *discoverer) safeUse(id *ast.Ident, path []ast.Node) bool {
	if len(path) < 2 {
		return false
	}
	parent := path[len(path)-2]
	if u, ok := parent.(*ast.UnaryExpr); ok && u.Op == token.AND && len(path) >= 3 {
		parent = path[len(path)-3]
	}
	switch p := parent.(type) {
	case *ast.SelectorExpr:
		return true
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(ds.pc.Info, p).(*types.Func)
		return fn != nil && ds.pc.SDKs.OfPkg(fn) != nil
	case *ast.CompositeLit, *ast.KeyValueExpr, *ast.ReturnStmt:
		return true
	case *ast.AssignStmt:
		for _, r := range p.Rhs {
			if ast.Unparen(r) == id {
				return true
			}
		}
	}
	return false
}

func (ds *discoverer) call(call *ast.CallExpr, stack []ast.Node) {
	pc := ds.pc
	// Results: any call whose results include a result type.
	if tv, ok := pc.Info.Types[call]; ok && tv.IsValue() {
		switch t := tv.Type.(type) {
		case *types.Tuple:
			for i := 0; i < t.Len(); i++ {
				ds.callResult(call, stack, i, t.At(i).Type())
			}
		default:
			ds.callResult(call, stack, 0, t)
		}
	}
	// Wrappers and positional SDK functions.
	fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	if fn == nil {
		ds.methodValueRequest(call, stack)
		return
	}
	if sdk := pc.SDKs.OfPkg(fn); sdk != nil {
		ds.roundTripCall(sdk, fn, call, stack)
	}
	ds.actionCall(fn, call, stack)
	ds.decisionCall(fn, call, stack)
	w := importedWrapper(pc, fn)
	if w == nil {
		if fn.Pkg() == pc.Pass.Pkg && len(call.Args) > 0 {
			// Maybe a wrapper declared in this package: decided by the
			// wrapper summary.
			ds.D.LocalCalls = append(ds.D.LocalCalls, source.LocalCall{Call: call, Fn: fn, Decl: source.OuterDecl(stack)})
		}
		return
	}
	ds.D.wrapperCalls = append(ds.D.wrapperCalls, w.site(call, source.OuterDecl(stack)))
}

// result records a result site; idx is the position of the result in the
// call's results.
func (ds *discoverer) result(sdk *mcpsdk.SDK, e ast.Expr, stack []ast.Node, idx int) {
	if site := ds.resultSite(sdk, e, stack, idx); site != nil {
		ds.D.Results = append(ds.D.Results, site)
	}
}

// resultSite makes the site of result idx of e, or returns nil when e only
// tests whether an answer is there, or its value goes to a package-level
// variable.
func (ds *discoverer) resultSite(sdk *mcpsdk.SDK, e ast.Expr, stack []ast.Node, idx int) *ResultSite {
	pc := ds.pc
	fn, body := source.Enclosing(stack)
	site := &ResultSite{SDK: sdk, Expr: e, Idx: idx, Body: body, Sig: pc.SignatureOf(fn)}
	switch x := e.(type) {
	case *ast.TypeAssertExpr:
		if ix, ok := ast.Unparen(x.X).(*ast.IndexExpr); ok {
			site.RequestKey, _ = source.ConstString(pc.Info, ix.Index)
		}
		site.RoundTrip = pc.rtTypeIn(pc.Info.TypeOf(x.X), func(rt *mcpsdk.RoundTrip) string { return rt.ResponseIface }) != nil
	case *ast.CallExpr:
		if f, _ := typeutil.Callee(pc.Info, x).(*types.Func); f != nil && len(x.Args) == 2 {
			if _, k := pc.SDKs.ResponseFunc(f); k == nil || k.Kind != mcpsdk.KindElicitation {
				break
			}
			site.RequestKey, _ = source.ConstString(pc.Info, x.Args[1])
			site.RoundTrip = true
		}
	}
	switch p := stack[len(stack)-2].(type) {
	case *ast.ExprStmt:
		site.Discarded = true
	case *ast.AssignStmt:
		if _, ok := e.(*ast.TypeAssertExpr); ok && len(p.Lhs) == 2 && len(p.Rhs) == 1 {
			if id, ok := p.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
				return nil // _, ok := x.(*Result) tests whether an answer is there
			}
		}
		ds.assigned(site, p, e, idx)
	case *ast.ValueSpec:
		if _, ok := e.(*ast.TypeAssertExpr); ok && len(p.Names) == 2 && len(p.Values) == 1 && p.Names[0].Name == "_" {
			return nil // var _, ok = x.(*Result)
		}
		ds.declared(site, p, idx)
	}
	if site.Obj != nil && !source.IsLocal(site.Obj) {
		return nil // a package-level variable: stay silent
	}
	return site
}

// assigned records the variable a result is assigned to (or that it is
// discarded with _).
func (ds *discoverer) assigned(site *ResultSite, p *ast.AssignStmt, e ast.Expr, idx int) {
	var lhs ast.Expr
	if len(p.Rhs) == 1 && len(p.Lhs) > idx && ast.Unparen(p.Rhs[0]) == e {
		lhs = p.Lhs[idx]
	} else {
		for k, r := range p.Rhs {
			if ast.Unparen(r) == e && k < len(p.Lhs) {
				lhs = p.Lhs[k]
			}
		}
	}
	if id, ok := lhs.(*ast.Ident); ok {
		if id.Name == "_" {
			site.Discarded = true
		} else {
			site.Obj, _ = ds.pc.Info.ObjectOf(id).(*types.Var)
		}
	}
}

// declared records the variable a result is declared with (var x = ...).
func (ds *discoverer) declared(site *ResultSite, p *ast.ValueSpec, idx int) {
	if len(p.Values) == 1 && len(p.Names) > idx {
		if p.Names[idx].Name == "_" {
			site.Discarded = true
		} else {
			site.Obj, _ = ds.pc.Info.ObjectOf(p.Names[idx]).(*types.Var)
		}
	}
}

// The round trip.

// rtTypeIn returns the SDK whose types package declares t (or *t) under the
// name its RoundTrip picks.
func (pc *Model) rtTypeIn(t types.Type, pick func(*mcpsdk.RoundTrip) string) *mcpsdk.SDK {
	return pc.SDKs.NamedIn(t, func(sdk *mcpsdk.SDK) []string {
		if sdk.RoundTrip == nil || pick(sdk.RoundTrip) == "" {
			return nil
		}
		return []string{pick(sdk.RoundTrip)}
	})
}

// roundTripCall records calls of SDK functions the round-trip check needs.
func (ds *discoverer) roundTripCall(sdk *mcpsdk.SDK, fn *types.Func, call *ast.CallExpr, stack []ast.Node) {
	rt, d := sdk.RoundTrip, &ds.D.RT
	if sdk.IsURLErrorFunc(fn) {
		d.Removed = append(d.Removed, removedUse{sdk, call, sdk.URLErrorFunc})
		if len(call.Args) == 1 {
			ds.D.urlErrorLists = append(ds.D.urlErrorLists, urlErrorList{call.Args[0], slices.Clone(stack)})
		}
	}
	if rt == nil {
		return
	}
	if k, m := sdk.DirectKind(fn); k != nil {
		d.Direct = append(d.Direct, &DirectCall{SDK: sdk, Kind: k, Method: m, Fn: fn, Call: call, Stack: slices.Clone(stack)})
	} else if k, m := sdk.UnstoppedKind(fn); k != nil {
		d.Unstopped = append(d.Unstopped, &DirectCall{SDK: sdk, Kind: k, Method: m, Fn: fn, Call: call, Stack: slices.Clone(stack)})
	}
	for _, m := range rt.Removed {
		if m.Is(sdk, fn) {
			d.Removed = append(d.Removed, removedUse{sdk, call, m.String()})
		}
	}
	fnNode, _ := source.Enclosing(stack)
	key := func(i int) string {
		k, _ := source.ConstString(ds.pc.Info, call.Args[i])
		return k
	}
	if k := ds.pc.SDKs.BuilderMethod(fn); k != nil && len(call.Args) >= 1 {
		d.Requests = append(d.Requests, &KeyUse{sdk, key(0), call.Args[0], fnNode, k})
	}
	if s, k := ds.pc.SDKs.ResponseFunc(fn); s != nil && len(call.Args) == 2 {
		d.Reads = append(d.Reads, &KeyUse{sdk, key(1), call.Args[1], fnNode, k})
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil && mcpsdk.IsNamed(recv.Type(), sdk.ServerPath(), rt.Builder) && slices.Contains(slices.Collect(maps.Values(rt.Finishers)), fn.Name()) {
		d.Finishers = append(d.Finishers, &finisherCall{sdk, call, fnNode})
	}
}

// roundTripLit records request map literals (their keys), result literals
// that can carry requests, and literals of the SDK's URL error.
func (ds *discoverer) roundTripLit(lit *ast.CompositeLit, stack []ast.Node) {
	pc, d := ds.pc, &ds.D.RT
	t := pc.Info.TypeOf(lit)
	if sdk := pc.rtTypeIn(t, func(rt *mcpsdk.RoundTrip) string { return rt.RequestMap }); sdk != nil {
		fnNode, _ := source.Enclosing(stack)
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				k, _ := source.ConstString(pc.Info, kv.Key)
				d.Requests = append(d.Requests, &KeyUse{sdk, k, kv.Key, fnNode, pc.requestKind(sdk, kv.Value)})
			}
		}
		return
	}
	if sdk := pc.SDKs.NamedIn(t, func(sdk *mcpsdk.SDK) []string {
		if sdk.RoundTrip == nil {
			return nil
		}
		return slices.Collect(maps.Keys(sdk.RoundTrip.Results))
	}); sdk != nil {
		d.Results = append(d.Results, &ResultLit{SDK: sdk, Lit: lit, Stack: slices.Clone(stack)})
		return
	}
	if sdk := pc.SDKs.NamedIn(t, func(sdk *mcpsdk.SDK) []string { return []string{sdk.URLErrorType} }); sdk != nil && sdk.URLErrorType != "" {
		d.Removed = append(d.Removed, removedUse{sdk, lit, sdk.URLErrorType})
		if kv := source.LitField(lit, sdk.URLErrorField); kv != nil {
			ds.D.urlErrorLists = append(ds.D.urlErrorLists, urlErrorList{kv.Value, slices.Clone(stack)})
		}
	}
}

// answerAssert records a type assertion on one answer (go-sdk's
// InputResponse interface).
func (ds *discoverer) answerAssert(ta *ast.TypeAssertExpr, stack []ast.Node) {
	if ta.Type == nil {
		return // a type switch: every case is checked
	}
	sdk := ds.pc.rtTypeIn(ds.pc.Info.TypeOf(ta.X), func(rt *mcpsdk.RoundTrip) string { return rt.ResponseIface })
	if sdk == nil {
		ds.answerContentAssert(ta, stack)
		return
	}
	a := &AnswerAssert{SDK: sdk, TA: ta, CommaOK: source.IsCommaOK(stack), Stack: slices.Clone(stack)}
	if ix, ok := ast.Unparen(ta.X).(*ast.IndexExpr); ok {
		a.Key, _ = source.ConstString(ds.pc.Info, ix.Index)
	}
	ds.D.RT.Asserts = append(ds.D.RT.Asserts, a)
}

// answerContentAssert records a type assertion on the Content of a
// sampling answer, or on one element of it: res.Content.(T),
// res.Content[i].(T). What the client's model wrote decides its type.
// (Elicitation answers' Content is followed by the content and
// content-schema checks, through the answer's variable.)
func (ds *discoverer) answerContentAssert(ta *ast.TypeAssertExpr, stack []ast.Node) {
	x := ast.Unparen(ta.X)
	if ix, ok := x.(*ast.IndexExpr); ok {
		x = ast.Unparen(ix.X)
	}
	sel, ok := x.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != mcpsdk.FieldContent {
		return
	}
	obj := mcpsdk.NamedObj(ds.pc.Info.TypeOf(sel.X))
	if obj == nil {
		return
	}
	sdk := ds.pc.SDKs.OfPkg(obj)
	if sdk == nil {
		return
	}
	k := sdk.KindOfType(ds.pc.Info.TypeOf(sel.X), func(k *mcpsdk.RequestKind) []string { return k.Results })
	if k == nil || k.Kind != mcpsdk.KindSampling {
		return
	}
	ds.D.RT.ContentAsserts = append(ds.D.RT.ContentAsserts, &AnswerAssert{SDK: sdk, Kind: k, TA: ta, CommaOK: source.IsCommaOK(stack), Stack: slices.Clone(stack)})
}

// roundTripIndex records answers read by key (InputResponses["key"]),
// requests filed by key (requests["key"] = ...), and reads of an answer's
// raw field (mcp-go InputResponses["key"].Elicitation).
func (ds *discoverer) roundTripIndex(ix *ast.IndexExpr, stack []ast.Node) {
	pc, d := ds.pc, &ds.D.RT
	t := pc.Info.TypeOf(ix.X)
	fnNode, _ := source.Enclosing(stack)
	key, _ := source.ConstString(pc.Info, ix.Index)
	if sdk := pc.rtTypeIn(t, func(rt *mcpsdk.RoundTrip) string { return rt.ResponseMap }); sdk != nil {
		d.Reads = append(d.Reads, &KeyUse{sdk, key, ix.Index, fnNode, pc.readKind(sdk, stack)})
		if sdk.RoundTrip.ResponseStruct == "" {
			return
		}
		_, body := source.Enclosing(stack)
		switch p := source.ParentOf(stack).(type) {
		case *ast.SelectorExpr:
			if k := sdk.RawFieldKind(p.Sel.Name); k != nil {
				d.Raw = append(d.Raw, rawField{SDK: sdk, Kind: k, Sel: p, Body: body})
			}
		case *ast.AssignStmt:
			// r := responses["k"] or r, ok := responses["k"]
			if len(p.Rhs) == 1 && p.Rhs[0] == ast.Expr(ix) {
				if id, ok := p.Lhs[0].(*ast.Ident); ok {
					if v, ok := pc.Info.ObjectOf(id).(*types.Var); ok && source.IsLocal(v) {
						d.RawVars = append(d.RawVars, rawVar{SDK: sdk, V: v, Index: ix, Body: body})
					}
				}
			}
		}
		return
	}
	if sdk := pc.rtTypeIn(t, func(rt *mcpsdk.RoundTrip) string { return rt.RequestMap }); sdk != nil {
		if as, ok := source.ParentOf(stack).(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				if l == ast.Expr(ix) {
					d.Requests = append(d.Requests, &KeyUse{sdk, key, ix.Index, fnNode, pc.requestKind(sdk, as.Rhs[i])})
				}
			}
		}
	}
}

// requestKind returns the kind of request e asks for as a value of a
// request map: a params value of a kind's type (go-sdk), or a call of a
// kind's constructor (mcp-go); nil when that cannot be told.
func (pc *Model) requestKind(sdk *mcpsdk.SDK, e ast.Expr) *mcpsdk.RequestKind {
	if k := sdk.KindOfType(pc.Info.TypeOf(e), func(k *mcpsdk.RequestKind) []string { return k.Params }); k != nil {
		return k
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if fn, _ := typeutil.Callee(pc.Info, call).(*types.Func); fn != nil {
			return pc.SDKs.RequestConstructor(fn)
		}
	}
	return nil
}

// readKind returns the kind of answer the read of an answers map on top
// of stack expects: the result type it is asserted to (go-sdk), or the
// raw field it selects (mcp-go); nil when that cannot be told.
func (pc *Model) readKind(sdk *mcpsdk.SDK, stack []ast.Node) *mcpsdk.RequestKind {
	switch p := source.ParentOf(stack).(type) {
	case *ast.TypeAssertExpr:
		if p.Type != nil {
			return sdk.KindOfType(pc.Info.TypeOf(p.Type), func(k *mcpsdk.RequestKind) []string { return k.Results })
		}
	case *ast.SelectorExpr:
		return sdk.RawFieldKind(p.Sel.Name)
	}
	return nil
}

// actionCall records the results of a call of a function that returns an
// answer's action: another package's, by its fact; this package's are
// decided by the result-types summary.
func (ds *discoverer) actionCall(fn *types.Func, call *ast.CallExpr, stack []ast.Node) {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return
	}
	if fn.Pkg() == ds.pc.Pass.Pkg {
		if fn.Type().(*types.Signature).Results().Len() > 0 {
			ds.D.localActionCalls = append(ds.D.localActionCalls, localActionCall{fn: fn, call: call, stack: slices.Clone(stack)})
		}
		return
	}
	f := new(ActionFuncFact)
	if ds.pc.Pass.ImportObjectFact(fn, f) {
		ds.actionResults(f, call, stack)
	}
}

// actionResults records the action results of a call as action-only
// answers.
func (ds *discoverer) actionResults(f *ActionFuncFact, call *ast.CallExpr, stack []ast.Node) {
	for _, idx := range f.Results {
		n := len(ds.D.Results)
		ds.result(actionSDK, call, stack, idx)
		if len(ds.D.Results) > n {
			ds.D.Results[n].ActionOnly = true
		}
	}
}
