package roundtrip

import (
	"cmp"
	"go/ast"
	"go/types"
	"maps"
	"slices"

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

// answerHelper is a function of the package that reads the answer to the
// key given as its parameter param, and says so when it is missing in
// the way shape tells: a non-nil error, false, or a nil answer.
type answerHelper struct {
	read  *model.KeyUse
	param int
	shape readShape
}

// helperCall is a call of an answerHelper with a key, in a function that
// asks: use is the read it stands for, at the key argument.
type helperCall struct {
	use   *model.KeyUse
	shape readShape
}

// helperReads returns the calls of the package's answer helpers in the
// functions that ask.
func (rt *roundTripCheck) helperReads(asked map[ast.Node]map[string]bool) []helperCall {
	helpers := rt.answerHelpers()
	if len(helpers) == 0 {
		return nil
	}
	var calls []helperCall
	fns := slices.SortedFunc(maps.Keys(asked), func(a, b ast.Node) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns { // in source order: which read reports a return is stable
		body := source.FuncBody(fn)
		if body == nil {
			continue
		}
		ast.Inspect(body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && ast.Node(lit) != fn {
				return false // its own function, walked if it asks
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			callee := typeutil.StaticCallee(rt.Info, call)
			h := helpers[callee]
			if h == nil || h.param >= len(call.Args) {
				return true
			}
			key, _ := source.ConstString(rt.Info, call.Args[h.param])
			use := &model.KeyUse{SDK: h.read.SDK, Key: key, At: call.Args[h.param], Fn: fn, Kind: h.read.Kind}
			calls = append(calls, helperCall{use, h.shape})
			return true
		})
	}
	return calls
}

// answerHelpers finds the package's functions that read the answer to a
// key they are given and leave, whenever it is missing, by a return that
// says so.
func (rt *roundTripCheck) answerHelpers() map[*types.Func]*answerHelper {
	var helpers map[*types.Func]*answerHelper
	for _, r := range rt.D.RT.Reads {
		decl, ok := r.Fn.(*ast.FuncDecl)
		if !ok || r.Key != "" {
			continue
		}
		id, ok := ast.Unparen(keyExpr(r.At)).(*ast.Ident)
		if !ok {
			continue
		}
		fn, _ := rt.Info.Defs[decl.Name].(*types.Func)
		if fn == nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		param := -1
		for i := range sig.Params().Len() {
			if sig.Params().At(i) == rt.Info.Uses[id] {
				param = i
			}
		}
		if param < 0 || helpers[fn] != nil {
			continue
		}
		shape, fails := resultShape(rt.Info, sig)
		if fails == nil || !rt.returnsRead(r, shape) && rt.failsWhenMissing(r, directRead, fails) == nil {
			continue
		}
		if helpers == nil {
			helpers = map[*types.Func]*answerHelper{}
		}
		helpers[fn] = &answerHelper{read: r, param: param, shape: shape}
	}
	return helpers
}

// returnsRead reports a helper that returns the SDK's read itself as its
// only result, nil when the answer is missing: return
// server.ElicitationResponse(req.Params.InputResponses, id).
func (rt *roundTripCheck) returnsRead(r *model.KeyUse, shape readShape) bool {
	if shape != (readShape{res: 0, ok: -1, err: -1}) {
		return false
	}
	file := rt.FileOf(r.At.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, r.At.Pos(), r.At.End())
	for i, n := range path {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			// The key, its index or call, and the return of that.
			return len(n.Results) == 1 && i >= 2 && ast.Unparen(n.Results[0]) == path[i-1] && path[i-2] == r.At
		case ast.Stmt, *ast.FuncLit:
			return false
		}
	}
	return false
}

// resultShape reads a helper's results: (T, error) or error, a non-nil
// error when the answer is missing; (T, bool), false; a single pointer or
// interface, nil. It returns the shape of an assignment of its results
// and the test of a return that says the answer is missing.
func resultShape(info *types.Info, sig *types.Signature) (readShape, func(*ast.ReturnStmt) bool) {
	res := sig.Results()
	n := res.Len()
	isErr := func(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }
	isBool := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	result := func(ret *ast.ReturnStmt, i int) ast.Expr {
		if len(ret.Results) != n {
			return nil
		}
		return ret.Results[i]
	}
	switch {
	case n >= 1 && n <= 2 && isErr(res.At(n-1).Type()):
		shape := readShape{res: -1, ok: -1, err: n - 1}
		if n == 2 {
			shape.res = 0
		}
		return shape, func(ret *ast.ReturnStmt) bool {
			e := result(ret, n-1)
			return e != nil && !source.IsNil(info, e)
		}
	case n == 2 && isBool(res.At(1).Type()):
		return readShape{res: 0, ok: 1, err: -1}, func(ret *ast.ReturnStmt) bool {
			e := result(ret, 1)
			if e == nil {
				return false
			}
			tv, ok := info.Types[e]
			return ok && tv.Value != nil && tv.Value.ExactString() == "false"
		}
	case n == 1:
		switch res.At(0).Type().Underlying().(type) {
		case *types.Pointer, *types.Interface:
			return readShape{res: 0, ok: -1, err: -1}, func(ret *ast.ReturnStmt) bool {
				e := result(ret, 0)
				return e != nil && source.IsNil(info, e)
			}
		}
	}
	return readShape{}, nil
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
	decl, ok := u.Fn.(*ast.FuncDecl)
	if !ok || u.Key != "" {
		return nil
	}
	id, ok := ast.Unparen(keyExpr(u.At)).(*ast.Ident)
	if !ok {
		return nil
	}
	fn, _ := rt.Info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	param := -1
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if params.At(i) == rt.Info.Uses[id] {
			param = i
		}
	}
	if param < 0 {
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
