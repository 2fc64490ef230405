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

// unreachableSteps reports comparisons of a request's state with a
// constant that no result of the package sets, when every state the
// package sets can be read: a constant, or text that starts with a
// constant (which cannot equal a value that starts otherwise).
func (rt *roundTripCheck) unreachableSteps() {
	var steps []stateStep
	var minted []string // constants and constant prefixes
	prefixes := map[int]bool{}
	unknown := false
	mint := func(e ast.Expr) {
		if rt.receivedState(e) {
			return // the state it was given: no new value (states_unchanged.go)
		}
		if s, ok := source.ConstString(rt.Info, e); ok {
			minted = append(minted, s)
			return
		}
		if p, ok := source.ConstPrefix(rt.Info, e); ok && p != "" {
			prefixes[len(minted)] = true
			minted = append(minted, p)
			return
		}
		unknown = true
	}
	for _, f := range rt.Pass.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if sdk := rt.sdkOfType(rt.Info.TypeOf(x)); sdk != nil {
					if kv := source.LitField(x, sdk.Duties().StateField); kv != nil {
						mint(kv.Value)
					}
				}
			case *ast.CallExpr:
				if fn, _ := typeutil.Callee(rt.Info, x).(*types.Func); fn != nil && len(x.Args) == 1 {
					if sdk := rt.SDKs.OfPkg(fn); sdk != nil && sdk.RoundTrip != nil && sdk.RoundTrip.NewBuilder == fn.Name() {
						mint(x.Args[0])
					}
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if len(x.Lhs) != len(x.Rhs) {
						break
					}
					if sel, ok := l.(*ast.SelectorExpr); ok {
						if sdk := rt.sdkOfType(rt.Info.TypeOf(sel.X)); sdk != nil && sel.Sel.Name == sdk.Duties().StateField && rt.paramsSDK(sel.X) == nil {
							mint(x.Rhs[i])
						}
					}
				}
			}
			return true
		})
	}
	if unknown || len(minted) == 0 {
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
		reached := false
		for i, m := range minted {
			if m == st.value || prefixes[i] && strings.HasPrefix(st.value, m) {
				reached = true
				break
			}
		}
		if !reached {
			rt.Report(st.at, "RequestState is compared with %q, which no result of this package sets: the step it selects never runs, since the client echoes only the state a result gave it; set RequestState to %q in the result of the round before", st.value, st.value)
		}
	}
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
