package roundtrip

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// This file reports a round that asks under the RequestState it was
// given, in a step that the state selects and that never reads the
// answer it asks for: the next call comes back to the same step, which
// asks the same question again, for ever (one of the mistakes the
// official conformance suite catches on go-sdk's conformance server).

// unchangedStates reports each such asking return.
func (rt *roundTripCheck) unchangedStates() {
	for _, f := range rt.Pass.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			ret, ok := n.(*ast.ReturnStmt)
			if !ok {
				return true
			}
			echo := rt.echoedState(ret)
			if echo == nil {
				return true
			}
			path, _ := astutil.PathEnclosingInterval(f, ret.Pos(), ret.End())
			value, step := rt.stepOf(path)
			if step == nil {
				return true
			}
			keys := rt.askedIn(ret)
			if len(keys) == 0 {
				return true
			}
			for _, k := range keys {
				if rt.mentions(step, k, ret) {
					return true // it reads the answer: asking again is how it waits
				}
			}
			rt.Report(echo, "this round asks for %q under the RequestState it was given (%q, which selects this step): the next call comes back to the same step, which never reads the answer to %q, so the client is asked the same question for ever; set RequestState to the state of the step that reads it",
				keys[0], value, keys[0])
			return true
		})
	}
}

// echoedState returns the state a return's result gives back unchanged
// (RequestState: req.Params.RequestState in a literal, or the state
// passed to mcp-go's builder), or nil.
func (rt *roundTripCheck) echoedState(ret *ast.ReturnStmt) ast.Expr {
	var echoes ast.Expr
	for _, r := range ret.Results {
		ast.Inspect(r, func(n ast.Node) bool {
			if echoes != nil {
				return false // found: a later call (the params' maker) must not undo it
			}
			switch x := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CompositeLit:
				if sdk := rt.sdkOfType(rt.Info.TypeOf(x)); sdk != nil {
					if kv := source.LitField(x, sdk.Duties().StateField); kv != nil && rt.receivedState(kv.Value) {
						echoes = kv.Value
					}
				}
			case *ast.CallExpr:
				echoes = rt.builderState(x)
			case *ast.Ident:
				// b := server.NewInputRequestBuilder(state), given once
				if v, ok := rt.Info.Uses[x].(*types.Var); ok && source.IsLocal(v) {
					if a := rt.Assignments()[v]; a != nil && a.Writes == 1 && !a.Tuple {
						if call, ok := ast.Unparen(a.Def).(*ast.CallExpr); ok {
							echoes = rt.builderState(call)
						}
					}
				}
			}
			return echoes == nil
		})
	}
	return echoes
}

// builderState returns the state of a call of mcp-go's builder
// constructor when it is the one the request carries, or nil.
func (rt *roundTripCheck) builderState(call *ast.CallExpr) ast.Expr {
	fn, _ := typeutil.Callee(rt.Info, call).(*types.Func)
	if fn == nil || len(call.Args) != 1 {
		return nil
	}
	if sdk := rt.SDKs.OfPkg(fn); sdk != nil && sdk.RoundTrip != nil && sdk.RoundTrip.NewBuilder == fn.Name() && rt.receivedState(call.Args[0]) {
		return call.Args[0]
	}
	return nil
}

// receivedState reports the state the request carries, or a variable
// given it once and never again.
func (rt *roundTripCheck) receivedState(e ast.Expr) bool {
	if rt.isStateRead(e) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := rt.Info.Uses[id].(*types.Var)
	if v == nil || !source.IsLocal(v) {
		return false
	}
	a := rt.Assignments()[v]
	return a != nil && a.Writes == 1 && !a.Tuple && a.Def != nil && rt.isStateRead(a.Def)
}

// stepOf returns the body of the innermost branch on path that the
// state selects, and the constant that selects it: an if whose
// condition holds state == "V" (alone or joined by &&), a case "V" of a
// switch on the state, a case of a tagless switch that holds it.
func (rt *roundTripCheck) stepOf(path []ast.Node) (string, ast.Node) {
	for i := 1; i < len(path); i++ {
		switch p := path[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return "", nil
		case *ast.IfStmt:
			if path[i-1] != ast.Node(p.Body) {
				continue
			}
			if v, ok := rt.stateEquals(p.Cond); ok {
				return v, p.Body
			}
		case *ast.CaseClause:
			if i+2 >= len(path) {
				continue
			}
			sw, ok := path[i+2].(*ast.SwitchStmt)
			if !ok || len(p.List) != 1 {
				continue
			}
			if sw.Tag == nil {
				if v, ok := rt.stateEquals(p.List[0]); ok {
					return v, p
				}
			} else if rt.receivedState(sw.Tag) {
				if v, ok := source.ConstString(rt.Info, p.List[0]); ok {
					return v, p
				}
			}
		}
	}
	return "", nil
}

// stateEquals reads a condition that holds only when the request's state
// equals a constant: state == "V", or a && with such a term.
func (rt *roundTripCheck) stateEquals(cond ast.Expr) (string, bool) {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return "", false
	}
	switch b.Op {
	case token.LAND:
		if v, ok := rt.stateEquals(b.X); ok {
			return v, true
		}
		return rt.stateEquals(b.Y)
	case token.EQL:
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if v, ok := source.ConstString(rt.Info, pair[1]); ok && rt.receivedState(pair[0]) {
				return v, true
			}
		}
	}
	return "", false
}

// askedIn returns the constant keys the return asks for: in the return
// itself, or filed in the local variable its result's requests field
// holds (reqs := mcp.InputRequestMap{...}; reqs["k"] = ...).
func (rt *roundTripCheck) askedIn(ret *ast.ReturnStmt) []string {
	var keys []string
	vars := map[*types.Var]bool{}
	for _, r := range ret.Results {
		ast.Inspect(r, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok {
				if sdk := rt.sdkOfType(rt.Info.TypeOf(lit)); sdk != nil {
					if kv := source.LitField(lit, sdk.RoundTrip.RequestsField); kv != nil {
						if id, ok := ast.Unparen(kv.Value).(*ast.Ident); ok {
							if v, ok := rt.Info.Uses[id].(*types.Var); ok && source.IsLocal(v) {
								vars[v] = true
							}
						}
					}
				}
			}
			return true
		})
	}
	for _, r := range rt.D.RT.Requests {
		if r.Key == "" {
			continue
		}
		switch {
		case source.Within(r.At, ret):
			keys = append(keys, r.Key)
		case len(vars) > 0 && r.Fn != nil && source.Within(ret, r.Fn) && rt.filedIn(r, vars):
			keys = append(keys, r.Key)
		}
	}
	return keys
}

// filedIn reports a request filed in one of vars: in the literal that
// defines it, or by an index assignment to it.
func (rt *roundTripCheck) filedIn(r *model.KeyUse, vars map[*types.Var]bool) bool {
	file := rt.FileOf(r.At.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, r.At.Pos(), r.At.End())
	for _, n := range path[1:] {
		switch n := n.(type) {
		case *ast.IndexExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				v, _ := rt.Info.Uses[id].(*types.Var)
				return vars[v]
			}
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && i < len(n.Rhs) && r.At.Pos() >= n.Rhs[i].Pos() && r.At.End() <= n.Rhs[i].End() {
					v, _ := rt.Info.ObjectOf(id).(*types.Var)
					return vars[v]
				}
			}
			return false
		case ast.Stmt:
			return false
		}
	}
	return false
}

// mentions reports the constant key anywhere in step but the asking
// return and the requests it files: a read of its answer, directly or
// through a helper it is given to.
func (rt *roundTripCheck) mentions(step ast.Node, key string, ret *ast.ReturnStmt) bool {
	filed := map[ast.Node]bool{}
	for _, r := range rt.D.RT.Requests {
		filed[r.At] = true
	}
	found := false
	ast.Inspect(step, func(n ast.Node) bool {
		if n == ast.Node(ret) || found || filed[n] {
			return false // the return, a key the step files a request under, a state it sets
		}
		// The state a result sets names a step, not an answer, though it
		// may be spelled as a key (RequestState: "beneficiary").
		switch x := n.(type) {
		case *ast.CompositeLit:
			if sdk := rt.sdkOfType(rt.Info.TypeOf(x)); sdk != nil {
				if kv := source.LitField(x, sdk.Duties().StateField); kv != nil {
					filed[kv.Value] = true
				}
			}
		case *ast.CallExpr:
			if fn, _ := typeutil.Callee(rt.Info, x).(*types.Func); fn != nil && len(x.Args) == 1 {
				if sdk := rt.SDKs.OfPkg(fn); sdk != nil && sdk.RoundTrip != nil && sdk.RoundTrip.NewBuilder == fn.Name() {
					filed[x.Args[0]] = true
				}
			}
		}
		if e, ok := n.(ast.Expr); ok {
			if s, ok := source.ConstString(rt.Info, e); ok && s == key {
				if _, lit := e.(*ast.BasicLit); lit || isIdent(e) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func isIdent(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.Ident)
	return ok
}
