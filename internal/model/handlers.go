package model

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// HasRoundTrip reports whether the SDK version the package is built
// against has the round trip: the package of the direct method declares
// the marker type.
func HasRoundTrip(sdk *mcpsdk.SDK, fn *types.Func) bool {
	return sdk.RoundTrip != nil && fn.Pkg() != nil && fn.Pkg().Scope().Lookup(sdk.RoundTrip.Marker) != nil
}

// FuncBody returns the body of a function declaration or literal.
func FuncBody(fn ast.Node) *ast.BlockStmt { return source.FuncBody(fn) }

// TakesRequest reports whether fn has a parameter of a request of sdk
// that can carry answers (its params have the responses field): it is a
// handler, not a helper that builds a result for one.
func (pc *Model) TakesRequest(fn ast.Node, sdk *mcpsdk.SDK) bool {
	sig := pc.SignatureOf(fn)
	if sig == nil {
		return false
	}
	rtd := sdk.RoundTrip
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if !pc.FromSDK(t) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, rtd.ParamsField)
		params, ok := obj.(*types.Var)
		if !ok || !params.IsField() {
			continue
		}
		if f, _, _ := types.LookupFieldOrMethod(params.Type(), true, nil, rtd.ResponsesField); f != nil {
			return true
		}
	}
	return false
}

// FromSDK reports whether t (or *t) is a named type of an SDK.
func (pc *Model) FromSDK(t types.Type) bool {
	obj := mcpsdk.NamedObj(t)
	return obj != nil && pc.SDKs.OfPkg(obj) != nil
}

// RoundTripHandler reports a handler of an SDK that has the round trip:
// what it is given is the call's, and what it writes through its
// receiver outlives the call.
func (pc *Model) RoundTripHandler(fn ast.Node) bool {
	for _, sdk := range pc.SDKs.All {
		if sdk.RoundTrip != nil && pc.IsHandler(fn, sdk) {
			return true
		}
	}
	return false
}

// IsHandler reports whether fn handles a request whose result can carry
// requests: it takes such a request, or it has the signature of one of the
// SDK's handler types (the inner function of a middleware).
func (pc *Model) IsHandler(fn ast.Node, sdk *mcpsdk.SDK) bool {
	if pc.TakesRequest(fn, sdk) {
		return true
	}
	sig := pc.SignatureOf(fn)
	if sig == nil {
		return false
	}
	for _, name := range sdk.RoundTrip.HandlerTypes {
		if obj, ok := pc.lookupSDK(sdk.ServerPath(), name).(*types.TypeName); ok {
			if hs, ok := obj.Type().Underlying().(*types.Signature); ok && types.Identical(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()), hs) {
				return true
			}
		}
	}
	return false
}

// lookupSDK finds name in the package path among the package's imports,
// direct or not.
func (pc *Model) lookupSDK(path, name string) types.Object {
	pc.importedOnce.Do(func() {
		pc.imported = map[string]*types.Package{}
		var visit func(p *types.Package)
		visit = func(p *types.Package) {
			for _, imp := range p.Imports() {
				if _, ok := pc.imported[imp.Path()]; !ok {
					pc.imported[imp.Path()] = imp
					if pc.SDKs.IsSDKPath(imp.Path()) {
						visit(imp)
					}
				}
			}
		}
		visit(pc.Pass.Pkg)
	})
	if p := pc.imported[path]; p != nil {
		return p.Scope().Lookup(name)
	}
	return nil
}

// NotificationFunc reports whether fn takes an SDK message whose params
// carry no answers: a notification handler (go-sdk's InitializedHandler,
// mcp-go's notification handlers), where there is no result to return a
// request in.
func (pc *Model) NotificationFunc(fn ast.Node) bool {
	sig := pc.SignatureOf(fn)
	if sig == nil {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		tn := mcpsdk.NamedObj(t)
		if tn == nil {
			continue
		}
		sdk := pc.SDKs.OfPkg(tn)
		if sdk == nil || sdk.RoundTrip == nil {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, sdk.RoundTrip.ParamsField)
		params, ok := obj.(*types.Var)
		if !ok || !params.IsField() {
			continue
		}
		if f, _, _ := types.LookupFieldOrMethod(params.Type(), true, nil, sdk.RoundTrip.ResponsesField); f == nil {
			return true
		}
	}
	return false
}

// ReachingHandlers returns the handlers and middleware of the package that
// call fn, directly or through other functions of the package (up to a few
// calls away), in source order.
func (pc *Model) ReachingHandlers(fn ast.Node, sdk *mcpsdk.SDK) []ast.Node {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return nil
	}
	obj, _ := pc.Info.Defs[decl.Name].(*types.Func)
	if obj == nil {
		return nil
	}
	callers := pc.Calls().callers
	seen := map[ast.Node]bool{fn: true}
	var found []ast.Node
	frontier := []*types.Func{obj}
	for depth := 0; depth < 4 && len(frontier) > 0; depth++ {
		var next []*types.Func
		for _, f := range frontier {
			for _, c := range callers[f] {
				if seen[c] {
					continue
				}
				seen[c] = true
				if pc.IsHandler(c, sdk) {
					found = append(found, c)
					continue
				}
				if d, ok := c.(*ast.FuncDecl); ok {
					if o, _ := pc.Info.Defs[d.Name].(*types.Func); o != nil {
						next = append(next, o)
					}
				}
			}
		}
		frontier = next
	}
	slices.SortFunc(found, func(a, b ast.Node) int { return int(a.Pos() - b.Pos()) })
	return found
}

// callIndex is what the round-trip check needs to know of the package's
// calls, gathered in one walk on first need (most packages never need
// it): who calls each function of the package, and whether the package
// serves an SDK's servers in process or over a transport.
type callIndex struct {
	callers              map[*types.Func][]ast.Node
	InProcess, Transport map[*mcpsdk.SDK]bool
}

func (pc *Model) Calls() *callIndex {
	pc.callOnce.Do(func() { pc.callIx = pc.indexCalls() })
	return pc.callIx
}

func (pc *Model) indexCalls() *callIndex {
	ix := &callIndex{callers: map[*types.Func][]ast.Node{}, InProcess: map[*mcpsdk.SDK]bool{}, Transport: map[*mcpsdk.SDK]bool{}}
	for _, f := range pc.Pass.Files {
		// How the package's tests serve its servers (in process) is not
		// how it is deployed; go vet analyses a package with its tests.
		test := pc.TestFile(f)
		source.WalkWithPath(f, func(n ast.Node, stack []ast.Node) {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return
			}
			callee, _ := typeutil.Callee(pc.Info, call).(*types.Func)
			if callee == nil || callee.Pkg() == nil {
				return
			}
			if callee.Pkg() == pc.Pass.Pkg {
				if caller, _ := source.Enclosing(stack); caller != nil && !slices.Contains(ix.callers[callee.Origin()], caller) {
					ix.callers[callee.Origin()] = append(ix.callers[callee.Origin()], caller)
				}
				return
			}
			if test || !pc.SDKs.IsSDKPath(callee.Pkg().Path()) {
				return
			}
			for _, sdk := range pc.SDKs.All {
				if sdk.RoundTrip == nil {
					continue
				}
				for _, m := range sdk.RoundTrip.InProcess {
					ix.InProcess[sdk] = ix.InProcess[sdk] || m.Is(sdk, callee)
				}
				if _, ok := sdk.ServingOf(callee); ok {
					ix.Transport[sdk] = true
				}
			}
		})
	}
	return ix
}

// HandlerName names a handler for messages: a declared function by its
// name, a literal registered as a tool by the tool's name, another literal
// by the function it is written in.
func (pc *Model) HandlerName(fn ast.Node) string {
	if d, ok := fn.(*ast.FuncDecl); ok {
		return d.Name.Name
	}
	if name := pc.ToolNameOf(fn); name != "" {
		return fmt.Sprintf("the handler of tool %q", name)
	}
	if file := pc.FileOf(fn.Pos()); file != nil {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= fn.Pos() && fn.End() <= fd.End() {
				return "the handler in " + fd.Name.Name
			}
		}
	}
	return fmt.Sprintf("the handler at line %d", pc.Pass.Fset.Position(fn.Pos()).Line)
}

// ToolNameOf returns the constant name of the tool a function literal is
// registered for: the literal is an argument of a call whose other
// argument is a tool built with a constant name (mcp-go
// s.AddTool(mcp.NewTool("name", ...), func...), go-sdk
// mcp.AddTool(s, &mcp.Tool{Name: "name"}, func...)); "" when there is none.
func (pc *Model) ToolNameOf(fn ast.Node) string {
	lit, ok := fn.(*ast.FuncLit)
	if !ok {
		return ""
	}
	call := pc.enclosingCall(lit)
	if call == nil {
		return ""
	}
	for _, a := range call.Args {
		if a == ast.Expr(lit) {
			continue
		}
		if name := pc.toolName(a); name != "" {
			return name
		}
	}
	return ""
}

// enclosingCall returns the call that takes lit as an argument, or nil.
func (pc *Model) enclosingCall(lit *ast.FuncLit) *ast.CallExpr {
	file := pc.FileOf(lit.Pos())
	if file == nil {
		return nil
	}
	var found *ast.CallExpr
	ast.Inspect(file, func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() > lit.Pos() || n.End() < lit.End() {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && slices.Contains(call.Args, ast.Expr(lit)) {
			found = call
			return false
		}
		return true
	})
	return found
}

// toolName returns the constant name of a tool expression: a call of an SDK
// constructor whose first argument is a constant string, or a literal of an
// SDK type with a constant Name field.
func (pc *Model) toolName(e ast.Expr) string {
	e = source.UnAddr(e)
	switch x := e.(type) {
	case *ast.CallExpr:
		if fn, _ := typeutil.Callee(pc.Info, x).(*types.Func); fn != nil && pc.SDKs.OfPkg(fn) != nil && len(x.Args) > 0 {
			if s, ok := source.ConstString(pc.Info, x.Args[0]); ok {
				return s
			}
		}
	case *ast.CompositeLit:
		if pc.FromSDK(pc.Info.TypeOf(x)) {
			if kv := source.LitField(x, "Name"); kv != nil {
				if s, ok := source.ConstString(pc.Info, kv.Value); ok {
					return s
				}
			}
		}
	}
	return ""
}
