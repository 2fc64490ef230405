package ifaces

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file finds direct requests made through a function that asks
// through an interface its caller gives it (issue 36 §2: nokey's
// approval.Request(ctx, requester Requester, ...) calls
// requester.RequestElicitation, and another package passes its
// *server.MCPServer). The function's own package shows nothing of the
// interface's values, so the call inside is not known to be a request
// (Find); the caller that passes an SDK value is where it is made, and
// where it is reported.

// ParamCall is a method a function calls on one of its parameters, of an
// interface type: by a name of the SDKs' direct requests.
type ParamCall struct {
	Param  int
	Method string
}

// ParamCallsFact lists the ParamCalls of an exported function.
type ParamCallsFact struct {
	Calls []ParamCall
}

func (*ParamCallsFact) AFact() {}

func (f *ParamCallsFact) String() string {
	var parts []string
	for _, c := range f.Calls {
		parts = append(parts, fmt.Sprintf("%d.%s", c.Param, c.Method))
	}
	return "paramCalls(" + strings.Join(parts, ", ") + ")"
}

// directNames are the method names of the SDKs' direct requests.
func directNames(pc *source.Package) map[string]bool {
	names := map[string]bool{}
	for _, sdk := range pc.SDKs.All {
		if sdk.RoundTrip == nil {
			continue
		}
		for _, k := range sdk.RoundTrip.Kinds {
			for _, m := range k.Direct {
				names[m.Name] = true
			}
		}
	}
	return names
}

// paramCalls summarises the package's functions: the methods of a
// direct request's name each calls on an interface parameter it never
// assigns, itself or by passing it on to a function that does (of this
// package, or of another through its fact). The calls made through an
// interface that internal/ifaces already knows (known) are not counted:
// those are reported where they are made.
func paramCalls(pc *source.Package, known map[*ast.CallExpr]bool) map[*types.Func][]ParamCall {
	names := directNames(pc)
	if len(names) == 0 {
		return nil
	}
	decls := map[*types.Func]*ast.FuncDecl{}
	var order []*types.Func // source order: a cycle's partial summary is the same every run
	for decl, fn := range pc.FuncDecls() {
		if !strings.HasSuffix(pc.Pass.Fset.File(decl.Pos()).Name(), "_test.go") {
			decls[fn] = decl
			order = append(order, fn)
		}
	}
	out := map[*types.Func][]ParamCall{}
	done := map[*types.Func]bool{}
	var summarise func(fn *types.Func, depth int) []ParamCall
	summarise = func(fn *types.Func, depth int) []ParamCall {
		if done[fn] || depth > 3 {
			return out[fn]
		}
		done[fn] = true
		decl := decls[fn]
		sig := fn.Type().(*types.Signature)
		params := map[*types.Var]int{}
		for i := range sig.Params().Len() {
			if p := sig.Params().At(i); types.IsInterface(p.Type()) {
				params[p] = i
			}
		}
		if len(params) == 0 {
			return nil
		}
		var calls []ParamCall
		add := func(c ParamCall) {
			if !slices.Contains(calls, c) {
				calls = append(calls, c)
			}
		}
		paramOf := func(e ast.Expr) (int, bool) {
			id, ok := ast.Unparen(e).(*ast.Ident)
			if !ok {
				return 0, false
			}
			v, _ := pc.Info.Uses[id].(*types.Var)
			i, ok := params[v]
			if !ok || pc.Assignments()[v] != nil && pc.Assignments()[v].Writes > 0 {
				return 0, false // not a parameter, or one given another value
			}
			return i, true
		}
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && names[sel.Sel.Name] && !known[call] {
				if i, ok := paramOf(sel.X); ok {
					add(ParamCall{i, sel.Sel.Name})
				}
			}
			callee := typeutil.StaticCallee(pc.Info, call)
			if callee == nil {
				return true
			}
			var inner []ParamCall
			if decls[callee] != nil {
				inner = summarise(callee, depth+1)
			} else if f := new(ParamCallsFact); callee.Pkg() != pc.Pass.Pkg && pc.Pass.ImportObjectFact(callee, f) {
				inner = f.Calls
			}
			for _, c := range inner {
				if c.Param < len(call.Args) {
					if i, ok := paramOf(call.Args[c.Param]); ok {
						add(ParamCall{i, c.Method})
					}
				}
			}
			return true
		})
		out[fn] = calls
		return calls
	}
	for _, fn := range order {
		summarise(fn, 0)
	}
	for _, fn := range order {
		if calls := out[fn]; len(calls) > 0 && fn.Exported() {
			pc.Pass.ExportObjectFact(fn, &ParamCallsFact{Calls: calls})
		}
	}
	return out
}

// ParamCallSite is a call that gives a function of the package (or of
// another, by its ParamCallsFact) an SDK value whose method the function
// calls is one of the SDK's direct requests.
type ParamCallSite struct {
	Call  *ast.CallExpr
	Stack []ast.Node // the path from the file to the call
	// Fn is the SDK's method the callee calls on the value.
	Fn *types.Func
	// Callee names the function called, as messages do; for a function
	// value, as the package writes it (h.approvalFn), and As names the
	// interface the value is passed as.
	Callee, As string
}

// ParamCallSites summarises the package's functions that call a direct
// request's method on an interface parameter (exporting ParamCallsFact
// for the exported ones), and returns the calls that give one of them,
// or another package's, an SDK value. The calls in known (Find's own
// findings) are not counted inside the functions.
func ParamCallSites(pc *source.Package, known map[*ast.CallExpr]bool) []ParamCallSite {
	local := paramCalls(pc, known)
	names := directNames(pc)
	var sites []ParamCallSite
	for _, f := range pc.Pass.Files {
		if pc.TestFile(f) {
			continue
		}
		source.WalkWithPath(f, func(n ast.Node, stack []ast.Node) {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return
			}
			callee := typeutil.StaticCallee(pc.Info, call)
			if callee == nil {
				if site, ok := dynamicSite(pc, names, call); ok {
					site.Stack = slices.Clone(stack)
					sites = append(sites, site)
				}
				return
			}
			calls := local[callee]
			if f := new(ParamCallsFact); callee.Pkg() != pc.Pass.Pkg && pc.Pass.ImportObjectFact(callee, f) {
				calls = f.Calls
			}
			for _, c := range calls {
				if c.Param >= len(call.Args) {
					continue
				}
				t := pc.Info.TypeOf(call.Args[c.Param])
				if t == nil || types.IsInterface(t) {
					continue // the value is not known here
				}
				obj, _, _ := types.LookupFieldOrMethod(t, true, nil, c.Method)
				fn, _ := obj.(*types.Func)
				if fn == nil {
					continue
				}
				if sdk := pc.SDKs.OfPkg(fn); sdk != nil {
					if k, _ := sdk.DirectKind(fn); k != nil {
						sites = append(sites, ParamCallSite{Call: call, Stack: slices.Clone(stack), Fn: fn, Callee: calleeName(pc, callee)})
						break
					}
				}
			}
		})
	}
	return sites
}

// calleeName names a function as messages do: approval.Request,
// (*store.Store).Ask; a function of this package without its package.
func calleeName(pc *source.Package, fn *types.Func) string {
	name := source.ShortName(fn)
	if fn.Pkg() == pc.Pass.Pkg {
		name = strings.Replace(name, fn.Pkg().Name()+".", "", 1)
	}
	return name
}

// dynamicSite reads a call of a function value (or of an interface's
// method) that passes an SDK value as a parameter of an interface type
// of the module whose every method is one of the SDK value's direct
// requests (nokey's h.approvalFn(ctx, h.mcpSrv, ...), whose parameter is
// approval.Requester { RequestElicitation(...) }): such an interface is
// there for that request alone, whatever function the value holds.
func dynamicSite(pc *source.Package, names map[string]bool, call *ast.CallExpr) (ParamCallSite, bool) {
	sig, ok := types.Unalias(pc.Info.TypeOf(call.Fun)).Underlying().(*types.Signature)
	if !ok || len(names) == 0 {
		return ParamCallSite{}, false
	}
	for i := range min(sig.Params().Len(), len(call.Args)) {
		if sig.Variadic() && i == sig.Params().Len()-1 {
			break
		}
		named, ok := types.Unalias(sig.Params().At(i).Type()).(*types.Named)
		if !ok || named.Obj().Pkg() == nil || pc.SDKs.OfPkg(named.Obj()) != nil {
			continue
		}
		iface, ok := named.Underlying().(*types.Interface)
		if !ok || iface.NumMethods() == 0 {
			continue
		}
		t := pc.Info.TypeOf(call.Args[i])
		if t == nil || types.IsInterface(t) {
			continue
		}
		var first *types.Func
		all := true
		for m := range iface.Methods() {
			obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m.Name())
			fn, _ := obj.(*types.Func)
			var sdk *mcpsdk.SDK
			if fn != nil {
				sdk = pc.SDKs.OfPkg(fn)
			}
			if !names[m.Name()] || sdk == nil {
				all = false
				break
			}
			if k, _ := sdk.DirectKind(fn); k == nil {
				all = false
				break
			}
			if first == nil {
				first = fn
			}
		}
		if all && first != nil {
			return ParamCallSite{Call: call, Fn: first, Callee: types.ExprString(call.Fun), As: typeName(pc, named.Obj())}, true
		}
	}
	return ParamCallSite{}, false
}

// typeName names a type as the package writes it.
func typeName(pc *source.Package, obj *types.TypeName) string {
	if obj.Pkg() == pc.Pass.Pkg {
		return obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}
