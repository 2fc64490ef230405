package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// discovery is what one walk over a package's syntax finds. Every check
// reads it; none walks the syntax again for elicitations.
type discovery struct {
	params  []*paramsSite
	results []*resultSite
	// wrapperCalls are calls of wrappers (user functions with a wrapper
	// fact, and SDK functions that take the fields as arguments).
	wrapperCalls []*paramsSite
	// localCalls are calls of functions of this package that may turn out
	// to be wrappers once the package's own wrappers are known.
	localCalls []localCall
}

type localCall struct {
	call *ast.CallExpr
	fn   *types.Func
	decl *ast.FuncDecl
}

// fieldVal is one params field as written in the source.
type fieldVal struct {
	key   ast.Expr // the key in a literal, the selector of an assignment, nil for an argument
	value ast.Expr
	// maybe is set when the field is assigned on some paths only.
	maybe bool
}

// at is where findings about this field are reported: its key when there is
// one, else its value.
func (f *fieldVal) at() ast.Node {
	if f.key != nil {
		return f.key
	}
	return f.value
}

// paramsSite is one elicitation request: a params literal (with the fields
// set on it later, where that is clear), or a call to a wrapper or SDK
// function that takes the fields as arguments.
type paramsSite struct {
	sdk    *SDK
	lit    *ast.CompositeLit // nil for wrapper calls
	call   *ast.CallExpr     // the wrapper call, for wrapper sites
	fields map[string]*fieldVal
	// complete is true when every field the request will carry is in
	// fields: missing-field checks run only then.
	complete bool
	// fixedMode is the mode a wrapper or SDK function always uses.
	fixedMode string
	// inURLError is set on params listed in a URLElicitationRequiredError.
	inURLError bool
	// fn is the function declaration that holds the site, if any.
	fn *ast.FuncDecl
	// v is the local variable the literal is stored in, if any.
	v *types.Var
	// requestKey is the key of a 2026-07-28 round-trip input request
	// (InputRequestMap{"key": &params}, builder.Elicit("key", params)).
	requestKey string
}

// anchor is where findings about missing fields are reported.
func (p *paramsSite) anchor() ast.Node {
	if p.lit != nil {
		if p.lit.Type != nil {
			return p.lit.Type
		}
		return p.lit
	}
	return p.call
}

// resultSite is a value holding a user's answer that comes from outside the
// function: a call returning a result type, or a type assertion to one.
type resultSite struct {
	sdk  *SDK
	expr ast.Expr // the call or type assertion
	// obj is the variable the result is assigned to; nil when discarded or
	// used directly.
	obj *types.Var
	// discarded is set for `_ =` and expression statements.
	discarded bool
	// body is the body of the innermost function holding the site.
	body *ast.BlockStmt
	// sig is the signature of the innermost function holding the site.
	sig *types.Signature
	// requestKey is the key of a round-trip answer
	// (InputResponses["key"].(*mcp.ElicitResult), ElicitationResponse(r, "key")).
	requestKey string
}

type discoverer struct {
	pass *passCtx
	d    *discovery
}

// discover walks the package once.
func discover(pc *passCtx) *discovery {
	ds := &discoverer{pass: pc, d: &discovery{}}
	insp := pc.inspect
	filter := []ast.Node{(*ast.CompositeLit)(nil), (*ast.CallExpr)(nil), (*ast.TypeAssertExpr)(nil)}
	insp.WithStack(filter, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		switch n := n.(type) {
		case *ast.CompositeLit:
			ds.compositeLit(n, stack)
		case *ast.CallExpr:
			ds.call(n, stack)
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				if sdk := pc.resultSDK(pc.info.TypeOf(n.Type)); sdk != nil {
					ds.result(sdk, n, stack, 0)
				}
			}
		}
		return true
	})
	return ds.d
}

// enclosing returns the innermost function (declaration or literal)
// holding the top of the stack.
func enclosing(stack []ast.Node) (fn ast.Node, body *ast.BlockStmt) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncLit:
			return f, f.Body
		case *ast.FuncDecl:
			return f, f.Body
		}
	}
	return nil, nil
}

// signatureOf returns the signature of a function declaration or literal.
func (pc *passCtx) signatureOf(fn ast.Node) *types.Signature {
	switch f := fn.(type) {
	case *ast.FuncDecl:
		if obj, ok := pc.info.Defs[f.Name].(*types.Func); ok {
			return obj.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		sig, _ := pc.info.TypeOf(f).(*types.Signature)
		return sig
	}
	return nil
}

func outerDecl(stack []ast.Node) *ast.FuncDecl {
	for _, n := range stack {
		if d, ok := n.(*ast.FuncDecl); ok {
			return d
		}
	}
	return nil
}

func (ds *discoverer) compositeLit(lit *ast.CompositeLit, stack []ast.Node) {
	pc := ds.pass
	sdk := pc.paramsSDK(pc.info.TypeOf(lit))
	if sdk == nil {
		return
	}
	site := &paramsSite{sdk: sdk, lit: lit, fields: map[string]*fieldVal{}, complete: true, fn: outerDecl(stack)}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			site.complete = false // positional fields: we do not guess
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			site.fields[id.Name] = &fieldVal{key: kv.Key, value: kv.Value}
		}
	}
	site.inURLError = ds.inURLError(sdk, stack)
	site.requestKey = ds.requestKeyOf(stack)
	ds.trackVariable(site, stack)
	ds.d.params = append(ds.d.params, site)
}

// requestKeyOf returns the round-trip key a params literal is filed under:
// its key in a map literal (InputRequestMap, InputRequests), or the id
// argument of a builder's Elicit(id, params).
func (ds *discoverer) requestKeyOf(stack []ast.Node) string {
	child := stack[len(stack)-1]
	for i := len(stack) - 2; i >= 0 && i >= len(stack)-5; i-- {
		switch p := stack[i].(type) {
		case *ast.UnaryExpr, *ast.ParenExpr:
		case *ast.KeyValueExpr:
			if p.Value == child {
				if k, ok := constString(ds.pass.info, p.Key); ok {
					return k
				}
			}
			return ""
		case *ast.CallExpr:
			if sel, ok := p.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Elicit" && len(p.Args) == 2 && p.Args[1] == child {
				k, _ := constString(ds.pass.info, p.Args[0])
				return k
			}
			// mcp.NewElicitationInputRequest(params) inside a map literal.
			fn, _ := typeutil.Callee(ds.pass.info, p).(*types.Func)
			if fn == nil || fn.Name() != "NewElicitationInputRequest" {
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
func (ds *discoverer) inURLError(sdk *SDK, stack []ast.Node) bool {
	pc := ds.pass
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
	if _, ok := pc.info.TypeOf(slice).Underlying().(*types.Slice); !ok {
		return false
	}
	i--
	if i < 0 {
		return false
	}
	switch p := stack[i].(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(pc.info, p).(*types.Func)
		return sdk.URLErrorFunc != "" && isPkgFunc(fn, sdk.typesPath(), sdk.URLErrorFunc)
	case *ast.KeyValueExpr:
		if i-1 < 0 {
			return false
		}
		outer, ok := stack[i-1].(*ast.CompositeLit)
		if !ok || sdk.URLErrorType == "" {
			return false
		}
		id, ok := p.Key.(*ast.Ident)
		return ok && id.Name == sdk.URLErrorField && isNamed(pc.info.TypeOf(outer), sdk.typesPath(), sdk.URLErrorType)
	}
	return false
}

// trackVariable follows a params literal stored in a local variable and
// picks up fields set on it later in the same function
// (`p := &mcp.ElicitParams{}; p.Message = "..."`). When the variable is used
// in a way that might change it behind our back, the site is marked
// incomplete so that no missing-field finding is made.
func (ds *discoverer) trackVariable(site *paramsSite, stack []ast.Node) {
	pc := ds.pass
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
						v, _ = pc.info.ObjectOf(id).(*types.Var)
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
				v, _ = pc.info.ObjectOf(p.Names[k]).(*types.Var)
			}
		}
		if i >= 3 {
			declBlock = stack[i-3] // ValueSpec < GenDecl < DeclStmt < Block
		}
	default:
		return
	}
	if v == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		if v != nil {
			site.complete = false // package-level: anything may set it
		}
		return
	}
	_, body := enclosing(stack)
	if body == nil {
		return
	}
	site.v = v
	blk, _ := declBlock.(*ast.BlockStmt)
	walkWithPath(body, func(n ast.Node, path []ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for k, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				id, ok := ast.Unparen(sel.X).(*ast.Ident)
				if !ok || pc.info.Uses[id] != v {
					continue
				}
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[k]
				}
				if rhs == nil || n.Tok != token.ASSIGN {
					site.complete = false
					continue
				}
				maybe := blk == nil || !stmtIn(blk, n)
				site.fields[sel.Sel.Name] = &fieldVal{key: sel.Sel, value: rhs, maybe: maybe}
			}
		case *ast.Ident:
			if pc.info.Uses[n] == v && !ds.safeUse(n, path) {
				site.complete = false
			}
		}
	})
	// A field set on some paths only is not known; neither is the mode.
	for _, f := range site.fields {
		if f.maybe {
			site.complete = false
		}
	}
}

// stmtIn reports whether s is one of blk's top-level statements.
func stmtIn(blk *ast.BlockStmt, s ast.Stmt) bool {
	for _, x := range blk.List {
		if x == s {
			return true
		}
	}
	return false
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
		fn, _ := typeutil.Callee(ds.pass.info, p).(*types.Func)
		return fn != nil && fn.Pkg() != nil && ds.pass.sdks.byPkg[fn.Pkg().Path()] != nil
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
	pc := ds.pass
	// Results: any call whose results include a result type.
	if tv, ok := pc.info.Types[call]; ok && tv.IsValue() {
		switch t := tv.Type.(type) {
		case *types.Tuple:
			for i := 0; i < t.Len(); i++ {
				if sdk := pc.resultSDK(t.At(i).Type()); sdk != nil {
					ds.result(sdk, call, stack, i)
				}
			}
		default:
			if sdk := pc.resultSDK(t); sdk != nil {
				ds.result(sdk, call, stack, 0)
			}
		}
	}
	// Wrappers and positional SDK functions.
	fn, _ := typeutil.Callee(pc.info, call).(*types.Func)
	if fn == nil {
		return
	}
	w := pc.wrapperOf(fn)
	if w == nil {
		if fn.Pkg() == pc.pass.Pkg && len(call.Args) > 0 {
			// Maybe a wrapper declared in this package: decided after the walk.
			ds.d.localCalls = append(ds.d.localCalls, localCall{call: call, fn: fn, decl: outerDecl(stack)})
		}
		return
	}
	site := &paramsSite{sdk: w.sdk, call: call, fields: map[string]*fieldVal{}, fixedMode: w.fact.Mode, fn: outerDecl(stack)}
	for _, a := range w.fact.Args {
		if a.Index < len(call.Args) && !(call.Ellipsis.IsValid() && a.Index == len(call.Args)-1) {
			site.fields[a.Field] = &fieldVal{value: call.Args[a.Index]}
		}
	}
	ds.d.wrapperCalls = append(ds.d.wrapperCalls, site)
}

// result records a result site; idx is the position of the result in the
// call's results.
func (ds *discoverer) result(sdk *SDK, e ast.Expr, stack []ast.Node, idx int) {
	pc := ds.pass
	fn, body := enclosing(stack)
	site := &resultSite{sdk: sdk, expr: e, body: body, sig: pc.signatureOf(fn)}
	switch x := e.(type) {
	case *ast.TypeAssertExpr:
		if ix, ok := ast.Unparen(x.X).(*ast.IndexExpr); ok {
			site.requestKey, _ = constString(pc.info, ix.Index)
		}
	case *ast.CallExpr:
		if f, _ := typeutil.Callee(pc.info, x).(*types.Func); f != nil && f.Name() == "ElicitationResponse" && len(x.Args) == 2 {
			site.requestKey, _ = constString(pc.info, x.Args[1])
		}
	}
	parent := stack[len(stack)-2]
	switch p := parent.(type) {
	case *ast.ExprStmt:
		site.discarded = true
	case *ast.AssignStmt:
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
				site.discarded = true
			} else {
				site.obj, _ = pc.info.ObjectOf(id).(*types.Var)
			}
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && len(p.Names) > idx {
			if p.Names[idx].Name == "_" {
				site.discarded = true
			} else {
				site.obj, _ = pc.info.ObjectOf(p.Names[idx]).(*types.Var)
			}
		}
	}
	if site.obj != nil && (site.obj.Parent() == nil || site.obj.Parent() == site.obj.Pkg().Scope()) {
		site.obj = nil // a package-level variable: stay silent
		return
	}
	ds.d.results = append(ds.d.results, site)
}

// isNamed reports whether t (or *t) is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == path
}

func isPkgFunc(fn *types.Func, path, name string) bool {
	return fn != nil && fn.Name() == name && fn.Pkg() != nil && fn.Pkg().Path() == path &&
		fn.Type().(*types.Signature).Recv() == nil
}
