package roundtrip

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file reads a handler's steps: the RequestState values a request's
// state is compared with, and the values the package's results set. A step
// selected by a state that no result sets never runs: the round before it
// forgot to set the state (one of the mistakes the official conformance
// suite catches in go-sdk's conformance server).

// stateStep is a comparison of a request's RequestState with a constant.
type stateStep struct {
	at    ast.Node
	value string
}

// mintSet is the states a part of the package sets: constants and
// constant prefixes, and whether one cannot be read.
type mintSet struct {
	minted   []string
	prefixes map[int]bool
	unknown  bool
}

func (m *mintSet) reaches(value string) bool {
	for i, s := range m.minted {
		if s == value || m.prefixes[i] && strings.HasPrefix(value, s) {
			return true
		}
	}
	return false
}

// unreachableSteps reports comparisons of a request's state with a
// constant that no result of the package sets, when every state the
// package sets can be read: a constant, or text that starts with a
// constant (which cannot equal a value that starts otherwise). A handler
// gets its states from its own results only, so its steps are read against
// those, whatever other handlers set, where ownMints says they are all it
// can be given.
func (rt *roundTripCheck) unreachableSteps() {
	var steps []stateStep
	all := &mintSet{prefixes: map[int]bool{}}
	byFn := map[*ast.FuncDecl]*mintSet{}
	mint := func(e ast.Expr, path []ast.Node) {
		if rt.receivedState(e) {
			return // the state it was given: no new value (states_unchanged.go)
		}
		sets := []*mintSet{all}
		if fn := source.OuterDecl(path); fn != nil {
			if byFn[fn] == nil {
				byFn[fn] = &mintSet{prefixes: map[int]bool{}}
			}
			sets = append(sets, byFn[fn])
		}
		for _, m := range sets {
			if s, ok := source.ConstString(rt.Info, e); ok {
				m.minted = append(m.minted, s)
			} else if p, ok := source.ConstPrefix(rt.Info, e); ok && p != "" {
				m.prefixes[len(m.minted)] = true
				m.minted = append(m.minted, p)
			} else {
				m.unknown = true
			}
		}
	}
	for _, f := range rt.Pass.Pass.Files {
		source.WalkWithPath(f, func(n ast.Node, path []ast.Node) {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if sdk := rt.sdkOfType(rt.Info.TypeOf(x)); sdk != nil {
					if kv := source.LitField(x, sdk.Duties().StateField); kv != nil {
						mint(kv.Value, path)
					}
				}
			case *ast.CallExpr:
				if callee, _ := typeutil.Callee(rt.Info, x).(*types.Func); callee != nil && len(x.Args) == 1 {
					if sdk := rt.SDKs.OfPkg(callee); sdk != nil && sdk.RoundTrip != nil && sdk.RoundTrip.NewBuilder == callee.Name() {
						mint(x.Args[0], path)
					}
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if len(x.Lhs) != len(x.Rhs) {
						break
					}
					if sel, ok := l.(*ast.SelectorExpr); ok {
						if sdk := rt.sdkOfType(rt.Info.TypeOf(sel.X)); sdk != nil && sel.Sel.Name == sdk.Duties().StateField && rt.paramsSDK(sel.X) == nil {
							mint(x.Rhs[i], path)
						}
					}
				}
			}
		})
	}
	if len(all.minted) == 0 && !all.unknown {
		return
	}
	isState := rt.receivedState // the state, or a copy given once (states_unchanged.go)
	for _, f := range rt.Pass.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BinaryExpr:
				if x.Op != token.EQL && x.Op != token.NEQ {
					break
				}
				for _, pair := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
					if s, ok := source.ConstString(rt.Info, pair[1]); ok && s != "" && isState(pair[0]) {
						steps = append(steps, stateStep{x, s})
					}
				}
			case *ast.SwitchStmt:
				if x.Tag == nil || !isState(x.Tag) {
					break
				}
				for _, c := range x.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						if s, ok := source.ConstString(rt.Info, e); ok && s != "" {
							steps = append(steps, stateStep{e, s})
						}
					}
				}
			}
			return true
		})
	}
	for _, st := range steps {
		m := all
		if own := rt.ownMints(st.at, byFn); own != nil {
			m = own
		}
		if len(m.minted) == 0 || m.unknown || m.reaches(st.value) {
			continue
		}
		rt.Report(st.at, "RequestState is compared with %q, which no result of this package sets: the step it selects never runs, since the client echoes only the state a result gave it; set RequestState to %q in the result of the round before", st.value, st.value)
	}
}

// ownMints returns the states the function holding n sets, when they are
// the only ones its requests can carry back: it sets one, it calls no
// function of the package that sets one, and it is a handler, registered
// as it is or called only by a dispatcher for its tool's name (a case of
// switch req.Params.Name). Otherwise nil.
func (rt *roundTripCheck) ownMints(n ast.Node, byFn map[*ast.FuncDecl]*mintSet) *mintSet {
	path := rt.PathTo(n)
	fn := source.OuterDecl(path)
	own := byFn[fn]
	if own == nil {
		return nil
	}
	obj, _ := rt.Info.Defs[fn.Name].(*types.Func)
	if obj == nil {
		return nil
	}
	for _, c := range rt.CallsOf(obj) {
		if !rt.byToolName(c.Expr) {
			return nil
		}
	}
	calls := false
	ast.Inspect(fn.Body, func(x ast.Node) bool {
		call, ok := x.(*ast.CallExpr)
		if !ok || calls {
			return !calls
		}
		if callee, _ := typeutil.Callee(rt.Info, call).(*types.Func); callee != nil && callee.Pkg() == rt.Pass.Pass.Pkg {
			if decl := rt.FuncDecl(callee); decl != nil && byFn[decl] != nil {
				calls = true
			}
		}
		return !calls
	})
	if calls {
		return nil
	}
	return own
}

// sdkOfType returns the SDK with the round trip and its duties whose
// types package declares t (or *t).
func (rt *roundTripCheck) sdkOfType(t types.Type) *mcpsdk.SDK {
	if sdk := rt.SDKs.InTypes(t); sdk != nil && sdk.RoundTrip != nil && sdk.Duties() != nil {
		return sdk
	}
	return nil
}

// paramsSDK returns the SDK when e is a request's params: a struct of the
// SDK with the answers field (mcp-go's in an embedded struct).
func (rt *roundTripCheck) paramsSDK(e ast.Expr) *mcpsdk.SDK {
	t := rt.Info.TypeOf(e)
	sdk := rt.sdkOfType(t)
	if sdk == nil {
		return nil
	}
	if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, sdk.RoundTrip.ResponsesField); obj == nil {
		return nil
	} else if _, isField := obj.(*types.Var); !isField {
		return nil
	}
	return sdk
}

// isStateRead reports a read of the state a request carries:
// req.Params.RequestState.
func (rt *roundTripCheck) isStateRead(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	sdk := rt.paramsSDK(sel.X)
	return sdk != nil && sel.Sel.Name == sdk.Duties().StateField
}

// byToolName reports a call in a case of a switch on the SDK request's
// tool name (switch req.Params.Name { case "rename": return w.rename(...) }).
func (rt *roundTripCheck) byToolName(call *ast.CallExpr) bool {
	path := rt.PathTo(call)
	for i := len(path) - 1; i >= 2; i-- {
		cc, ok := path[i].(*ast.CaseClause)
		if !ok {
			continue
		}
		sw, ok := path[i-2].(*ast.SwitchStmt) // CaseClause < BlockStmt < SwitchStmt
		if !ok || sw.Tag == nil || len(cc.List) == 0 {
			return false
		}
		sel, ok := ast.Unparen(sw.Tag).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Name" && rt.SDKs.InTypes(rt.Info.TypeOf(sel.X)) != nil
	}
	return false
}
