package roundtrip

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/answers"
	"github.com/elicitlint/elicitlint/internal/duties"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// This file finds answers read where the key is not written at the read:
// a range over the keys the handler asks for, and a helper of the package
// that reads the answer to the key it is given and says when it is
// missing (an error, false, or nil).

// keysOf returns the keys a request or read names: its constant key, or
// each of the constant strings a range over a literal gives the variable
// it is indexed with. nil when they cannot be told.
func (rt *roundTripCheck) keysOf(u *model.KeyUse) []string {
	if u.Key != "" {
		return []string{u.Key}
	}
	id, ok := ast.Unparen(keyExpr(u.At)).(*ast.Ident)
	if !ok {
		return nil
	}
	return rt.rangeKeys(id, u.Fn)
}

// keyExpr is the key expression of a use (At is the key itself).
func keyExpr(at ast.Node) ast.Expr {
	e, _ := at.(ast.Expr)
	return e
}

// rangeKeys returns the constant strings the range that declares id
// gives it: `for _, k := range []string{"a", "b"}`, or over a local
// variable given such a literal once and never again. fn is the function
// holding the use.
func (rt *roundTripCheck) rangeKeys(id *ast.Ident, fn ast.Node) []string {
	v, ok := rt.Info.Uses[id].(*types.Var)
	if !ok || fn == nil || !inFunc(v, fn) || rt.Assignments()[v] != nil {
		return nil // not a local of fn, or given another value in the loop
	}
	file := rt.FileOf(v.Pos())
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, v.Pos(), v.Pos())
	for _, n := range path {
		if rs, ok := n.(*ast.RangeStmt); ok {
			if val, ok := rs.Value.(*ast.Ident); !ok || rt.Info.Defs[val] != v {
				return nil
			}
			return rt.constStrings(rs.X, fn, 0)
		}
	}
	return nil
}

// inFunc reports a variable declared in fn.
func inFunc(v *types.Var, fn ast.Node) bool { return v.Pos() >= fn.Pos() && v.Pos() < fn.End() }

// constStrings returns the elements of a slice or array literal of
// constant strings, or of a local variable of fn given one once and never
// written again.
func (rt *roundTripCheck) constStrings(e ast.Expr, fn ast.Node, depth int) []string {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		var keys []string
		for _, el := range x.Elts {
			k, ok := source.ConstString(rt.Info, el)
			if !ok {
				return nil
			}
			keys = append(keys, k)
		}
		return keys
	case *ast.Ident:
		v, ok := rt.Info.Uses[x].(*types.Var)
		if !ok || depth > 0 || !source.IsLocal(v) || !inFunc(v, fn) {
			return nil
		}
		if a := rt.Assignments()[v]; a != nil && a.Writes == 1 && !a.Tuple && a.Def != nil {
			return rt.constStrings(a.Def, fn, depth+1)
		}
	}
	return nil
}

// helperCall is a call of an answer helper (internal/answers) with a
// key, in a function that asks: use is the read it stands for, at the key
// argument.
type helperCall struct {
	use *model.KeyUse
	h   *answers.Helper
}

// helperReads returns the calls of answer helpers in the functions that
// ask.
func (rt *roundTripCheck) helperReads(asked map[ast.Node]map[string]bool) []helperCall {
	var calls []helperCall
	for _, c := range rt.helperUses() {
		if asked[c.use.Fn] != nil {
			calls = append(calls, c)
		}
	}
	return calls
}

// helperUses returns every call of an answer helper, the package's or
// another package's (internal/answers), in the order of the source: each
// a read of the key it gives, in the function that makes the call.
func (rt *roundTripCheck) helperUses() []helperCall {
	rt.helpersOnce.Do(func() {
		for _, f := range rt.Package.Pass.Files {
			source.WalkWithPath(f, func(n ast.Node, path []ast.Node) {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return
				}
				callee := typeutil.StaticCallee(rt.Info, call)
				h := rt.AnswerHelper(callee)
				if h == nil && rt.keyedCall(callee, call, path) {
					return
				}
				if h == nil && rt.handsAnswersOn(callee, call) {
					rt.opaque = true
				}
				if h == nil || h.Param >= len(call.Args) {
					return
				}
				fn, _ := source.Enclosing(path)
				sdk := rt.sdkNamed(h.SDK)
				if fn == nil || sdk == nil {
					return
				}
				key, _ := source.ConstString(rt.Info, call.Args[h.Param])
				use := &model.KeyUse{SDK: sdk, Key: key, At: call.Args[h.Param], Fn: fn}
				rt.helpers = append(rt.helpers, helperCall{use, h})
			})
		}
	})
	return rt.helpers
}

// keyedCall reads a call of another package's function with a KeyedFact
// (internal/answers): given a constant key, a read of that key, or
// nothing where it asks for the key too; given any other key, keys that
// cannot be told (opaque).
func (rt *roundTripCheck) keyedCall(callee *types.Func, call *ast.CallExpr, path []ast.Node) bool {
	k := new(answers.KeyedFact)
	if callee == nil || callee.Pkg() == rt.Package.Pass.Pkg || !rt.Package.Pass.ImportObjectFact(callee.Origin(), k) || k.Param >= len(call.Args) {
		return false
	}
	key, ok := source.ConstString(rt.Info, call.Args[k.Param])
	fn, _ := source.Enclosing(path)
	var sdk *mcpsdk.SDK
	for v := range callee.Type().(*types.Signature).Params().Variables() {
		if s := rt.SDKs.InTypes(v.Type()); s != nil && s.RoundTrip != nil {
			sdk = s
		}
	}
	switch {
	case !ok || fn == nil || sdk == nil:
		rt.opaque = true
	case !k.Asks:
		rt.keyedReads = append(rt.keyedReads, &model.KeyUse{SDK: sdk, Key: key, At: call.Args[k.Param], Fn: fn})
	}
	return true
}

// sdkNamed returns the SDK of the set named name, or nil.
func (rt *roundTripCheck) sdkNamed(name string) *mcpsdk.SDK {
	for _, sdk := range rt.SDKs.All {
		if sdk.Name == name && sdk.RoundTrip != nil {
			return sdk
		}
	}
	return nil
}

// keyCall is a call, in fn, that gives a helper the constant key.
type keyCall struct {
	fn  ast.Node
	key string
}

// keyParamCalls returns, for a use of a key that is a parameter of the
// function declaration holding it, the calls of that function that give
// the parameter a constant, each in the function that makes it.
func (rt *roundTripCheck) keyParamCalls(u *model.KeyUse) []keyCall {
	if u.Key != "" {
		return nil
	}
	fn, param := answers.KeyParam(rt.Package, u.Fn, u.At)
	if fn == nil {
		return nil
	}
	sites, _ := rt.CallSites(fn)
	var out []keyCall
	for _, path := range sites {
		call, ok := path[len(path)-1].(*ast.CallExpr)
		encl, _ := source.Enclosing(path)
		if !ok || encl == nil || param >= len(call.Args) {
			continue
		}
		if key, ok := source.ConstString(rt.Info, call.Args[param]); ok {
			out = append(out, keyCall{encl, key})
		}
	}
	return out
}

// handsAnswersOn reports a call of another package's function (not an
// SDK's) that is not an answer helper and takes the answers by a
// parameter's type (the request, its params or their answers): what keys
// it reads cannot be told. A capability test of its package (its fact
// says so) reads none.
func (rt *roundTripCheck) handsAnswersOn(callee *types.Func, call *ast.CallExpr) bool {
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == rt.Package.Pass.Pkg || rt.SDKs.OfPkg(callee) != nil {
		return false
	}
	if rt.Package.Pass.ImportObjectFact(callee.Origin(), new(duties.CapabilityFact)) {
		return false // a capability test (or source) of its package: it reads no answer
	}
	params := callee.Type().(*types.Signature).Params()
	for v := range params.Variables() {
		for _, sdk := range rt.SDKs.All {
			if sdk.RoundTrip == nil {
				continue
			}
			if mcpsdk.IsNamed(v.Type(), sdk.TypesPath(), sdk.RoundTrip.ResponseMap) {
				return true // the answers themselves (not the requests: a result builder reads none)
			}
			if carriesAnswers(v.Type(), sdk.RoundTrip.ResponsesField, 0) {
				return true
			}
		}
	}
	return false
}

// carriesAnswers reports a type that is, or holds in its fields, a field
// named responses (the answers of a call).
func carriesAnswers(t types.Type, responses string, depth int) bool {
	if t == nil || depth > 3 {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Name() == responses || carriesAnswers(f.Type(), responses, depth+1) {
			return true
		}
	}
	return false
}

// askerCalls returns the functions of this package that call the
// function declaration fn, which makes a request.
func (rt *roundTripCheck) askerCalls(fn ast.Node) []ast.Node {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return nil
	}
	obj, _ := rt.Info.Defs[decl.Name].(*types.Func)
	if obj == nil {
		return nil
	}
	sites, _ := rt.CallSites(obj)
	var out []ast.Node
	for _, path := range sites {
		if encl, _ := source.Enclosing(path); encl != nil && encl != fn {
			out = append(out, encl)
		}
	}
	return out
}
