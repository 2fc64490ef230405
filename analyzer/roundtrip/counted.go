package roundtrip

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
)

// countedAnswers reports a handler that asks, and goes ahead when its call
// carries any answer at all, without reading one (issue #38 §3): a test of
// len(req.Params.InputResponses) whose answered side returns and never
// looks at the answers. Any client can send inputResponses on any call,
// and a decline is an answer too, so the work runs on a call that answers
// nothing that was asked, or says no. Where the answered side reads the
// answers, by key or through a helper given the request, the count is
// only a first-round test; where it does no work (it only replies, as the
// SDK's conformance server does), nothing goes ahead: nothing is said.
func (rt *roundTripCheck) countedAnswers() {
	_, fns := rt.askers()
	// A function that files its requests and hands them to a builder of
	// another package (return kit.Ask(mcp.InputRequestMap{...})) asks too.
	for _, r := range rt.D.RT.Requests {
		if _, ok := fns[r.Fn]; !ok && r.Fn != nil {
			fns[r.Fn] = r.SDK
		}
	}
	rt.counted = map[ast.Node]bool{}
	for fn, sdk := range fns {
		body := model.FuncBody(fn)
		if body == nil {
			continue
		}
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // a function of its own
			case *ast.BlockStmt:
				rt.countedIn(fn, n.List, sdk)
			case *ast.CaseClause:
				rt.countedIn(fn, n.Body, sdk)
			case *ast.CommClause:
				rt.countedIn(fn, n.Body, sdk)
			}
			return true
		})
	}
}

// countedIn checks the if statements of one statement list.
func (rt *roundTripCheck) countedIn(fn ast.Node, list []ast.Stmt, sdk *mcpsdk.SDK) {
	for i, st := range list {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Init != nil {
			continue
		}
		count, nonEmpty := rt.answerCount(ifs.Cond, sdk)
		if count == nil {
			continue
		}
		// The side where the call carries answers.
		var answered []ast.Stmt
		switch {
		case nonEmpty:
			answered = ifs.Body.List
		case ifs.Else != nil:
			if b, ok := ifs.Else.(*ast.BlockStmt); ok {
				answered = b.List
			}
		case rt.Terminates(ifs.Body):
			answered = list[i+1:]
		}
		if len(answered) == 0 || !source.HasReturn(&ast.BlockStmt{List: answered}) || rt.readsAnswers(answered, count, sdk) || !rt.works(fn, answered) {
			continue
		}
		rt.counted[fn] = true
		rt.Report(count, "the handler goes ahead when %s carries any answer, and reads none: any client can send %s on any call, and a decline is an answer too, so the work runs on a call that answers nothing that was asked, or says no; look up the answer by its key, check its action, and ask again when it is missing",
			source.ExprString(count.Args[0]), sdk.RoundTrip.ResponsesField)
	}
}

// works reports whether the statements do work beyond the values of the
// call: a write, a call that is not replay-safe (source.ImpureIn). A side
// that only builds its reply, or logs, goes ahead with nothing.
func (rt *roundTripCheck) works(fn ast.Node, list []ast.Stmt) bool {
	for _, st := range list {
		if rt.ImpureIn(st, fn, true) != nil {
			return true
		}
	}
	return false
}

// answerCount returns the len call when cond compares the number of
// answers with 0 or 1, and whether cond holds when there are answers.
func (rt *roundTripCheck) answerCount(cond ast.Expr, sdk *mcpsdk.SDK) (*ast.CallExpr, bool) {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil, false
	}
	call, other, op := rt.lenOfAnswers(b.X, sdk), b.Y, b.Op
	if call == nil {
		call, other, op = rt.lenOfAnswers(b.Y, sdk), b.X, source.Mirror(op) // 0 < len(x) is len(x) > 0
	}
	tv, ok := rt.Info.Types[other]
	if call == nil || !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return nil, false
	}
	v, _ := constant.Int64Val(tv.Value)
	switch {
	case v == 0 && (op == token.GTR || op == token.NEQ), v == 1 && op == token.GEQ:
		return call, true
	case v == 0 && (op == token.EQL || op == token.LEQ), v == 1 && op == token.LSS:
		return call, false
	}
	return nil, false
}

// lenOfAnswers returns e when it is len(x.InputResponses), the field of
// the SDK's params.
func (rt *roundTripCheck) lenOfAnswers(e ast.Expr, sdk *mcpsdk.SDK) *ast.CallExpr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !source.IsLen(rt.Info, call) {
		return nil
	}
	sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != sdk.RoundTrip.ResponsesField || rt.SDKs.OfPkg(rt.Info.Uses[sel.Sel]) != sdk {
		return nil
	}
	return call
}

// readsAnswers reports whether the statements may read the answers: they
// name the answers' field, or a value of its type, or hand the value the
// answers hang off (the request, its params) to a function.
func (rt *roundTripCheck) readsAnswers(list []ast.Stmt, count *ast.CallExpr, sdk *mcpsdk.SDK) bool {
	answers := ast.Unparen(count.Args[0]).(*ast.SelectorExpr)
	mapType := rt.Info.TypeOf(answers)
	holders := map[types.Object]bool{} // req and req.Params in req.Params.InputResponses
	for x := ast.Unparen(answers.X); x != nil; {
		switch e := x.(type) {
		case *ast.SelectorExpr:
			holders[rt.Info.Uses[e.Sel]] = true
			x = ast.Unparen(e.X)
		case *ast.Ident:
			holders[rt.Info.Uses[e]] = true
			x = nil
		default:
			x = nil
		}
	}
	handsOn := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && holders[rt.Info.Uses[id]] && rt.Info.Uses[id] != nil {
				found = true
			}
			return !found
		})
		return found
	}
	reads := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			return n.Sel.Name == sdk.RoundTrip.ResponsesField
		case *ast.Ident:
			obj := rt.Info.Uses[n]
			return obj != nil && types.Identical(obj.Type(), mapType)
		case *ast.CallExpr:
			return handsOn(n.Fun) || slices.ContainsFunc(n.Args, handsOn)
		}
		return false
	}
	found := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			found = found || reads(n)
			return !found
		})
	}
	return found
}
