package model

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"golang.org/x/tools/go/types/typeutil"
)

// Confirmation gates hand their callers a decision, not the answer:
//
//	confirmed, err := confirmDelete(ctx, ss, name)
//	if err != nil {
//		log.Printf("cannot ask: %v", err) // and go ahead
//	} else if !confirmed {
//		return cancelled()
//	}
//	store.Delete(name)
//
// A function that makes a request (or calls such a gate) and returns a
// decision with an error that is never nil where the request failed gets
// a decision fact (failflow.DecisionFact), made with the fail-open flow
// on its SSA form. Its calls, in this package and in those that import it,
// are the decision sites the fail-open check follows like requests: their
// error is the question not asked.

// decisionCall is a call of a function of this package that may turn out
// to return a decision.
type decisionCall = localActionCall

// decisionCall records a call of a function of another package that
// returns a decision, by its fact.
func (ds *discoverer) decisionCall(fn *types.Func, call *ast.CallExpr, stack []ast.Node) {
	fn = fn.Origin()
	if fn.Pkg() == nil || fn.Pkg() == ds.pc.Pass.Pkg {
		return
	}
	f := new(failflow.DecisionFact)
	if ds.pc.Pass.ImportObjectFact(fn, f) {
		ds.decisionSite(f, call, stack)
	}
}

// decisionSite records a call of a decision function as a decision site.
func (ds *discoverer) decisionSite(f *failflow.DecisionFact, call *ast.CallExpr, stack []ast.Node) {
	idx := f.Result
	if idx < 0 {
		idx = 0 // the error, the only result
	}
	if site := ds.resultSite(actionSDK, call, stack, idx); site != nil {
		site.Idx, site.Decision = f.Result, f
		ds.D.Decisions = append(ds.D.Decisions, site)
	}
}

// ErrorSite reports whether an answer can be missing in a way the code
// tests: a round-trip answer, or the answer of a call that also returns an
// error, or a decision.
func (pc *Model) ErrorSite(site *ResultSite) bool {
	if site.RoundTrip || site.Decision != nil {
		return true
	}
	call, ok := site.Expr.(*ast.CallExpr)
	if !ok {
		return false
	}
	tup, ok := pc.Info.TypeOf(call).(*types.Tuple)
	return ok && tup.Len() >= 2 && site.Idx < tup.Len()-1 && failflow.IsErrorType(tup.At(tup.Len()-1).Type())
}

// summariseDecisions makes the decision facts of the package's functions
// and records the calls of those functions as decision sites. A function
// may get its fact from the call of another's (a wrapper of a gate), so
// the facts are made in rounds, each on the sites the last one found.
func summariseDecisions(pc *Model, d *Discovery, gates map[*types.Func]*flow.GateFact) map[*types.Func]*failflow.DecisionFact {
	facts := map[*types.Func]*failflow.DecisionFact{}
	// The candidates: declared functions that return an error last and
	// hold a request with an error, a decision site, or a call of another
	// candidate.
	decls := map[*types.Func]*ast.FuncDecl{}
	holds := map[*types.Func][]*ResultSite{}
	for _, f := range pc.Pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, _ := pc.Info.Defs[fd.Name].(*types.Func); fn != nil && returnsError(fn) && !returnsHandlerResult(pc, fn) {
				decls[fn] = fd
			}
		}
	}
	if len(decls) == 0 {
		return facts
	}
	owner := func(e ast.Node) *types.Func {
		for fn, fd := range decls {
			if fd.Body.Pos() <= e.Pos() && e.End() <= fd.Body.End() {
				return fn
			}
		}
		return nil
	}
	for _, site := range slices.Concat(d.Results, d.Decisions) {
		if site.RoundTrip || !pc.ErrorSite(site) {
			continue
		}
		if fn := owner(site.Expr); fn != nil {
			holds[fn] = append(holds[fn], site)
		}
	}
	// Calls of the package's own functions that return an error: the
	// candidates among their callees are known once holds is.
	var local []decisionCall
	for _, lc := range d.localActionCalls {
		if decls[lc.fn] != nil {
			local = append(local, lc)
		}
	}
	cands := map[*types.Func]bool{}
	for fn := range holds {
		cands[fn] = true
	}
	for changed := true; changed; {
		changed = false
		for _, lc := range local {
			if caller := owner(lc.call); caller != nil && cands[lc.fn] && !cands[caller] {
				cands[caller] = true
				changed = true
			}
		}
	}
	if len(cands) == 0 {
		return facts
	}
	var bodies []ast.Node
	for fn := range cands {
		bodies = append(bodies, decls[fn].Body)
	}
	pkg := flow.BuildSSAFor(pc.Pass.Fset, pc.Pass.Pkg, pc.Pass.Files, pc.Info, bodies)
	env := pc.FailEnv()
	env.SF.Gates = maps.Clone(gates)
	ds := &discoverer{pc: pc, D: d}
	for round := 0; round < 4; round++ {
		made := false
		for fn := range cands {
			if facts[fn] != nil {
				continue
			}
			ssaFn := pkg.Prog.FuncValue(fn)
			if ssaFn == nil || len(ssaFn.Blocks) == 0 {
				continue
			}
			for _, site := range holds[fn] {
				if flow.SSAFunc(pc.Package, pkg, site.Expr) != ssaFn {
					continue // in a function literal
				}
				f := failflow.New(env, ssaFn, pc.FailSite(site))
				if f == nil {
					continue
				}
				request, direct, always := pc.requestOf(site)
				if fact := f.Decision(request, direct, always); fact != nil {
					facts[fn] = fact
					made = true
					break
				}
			}
		}
		if !made {
			break
		}
		// The calls of the functions that got a fact are decision sites,
		// for the next round and for the check.
		for _, lc := range local {
			f := facts[lc.fn]
			if f == nil || slices.ContainsFunc(d.Decisions, func(s *ResultSite) bool { return s.Expr == lc.call }) {
				continue
			}
			n := len(d.Decisions)
			ds.decisionSite(f, lc.call, lc.stack)
			if len(d.Decisions) > n {
				if caller := owner(lc.call); caller != nil {
					holds[caller] = append(holds[caller], d.Decisions[n])
				}
			}
		}
	}
	// Other packages can call only the exported functions.
	for fn, f := range facts {
		if fn.Exported() {
			pc.Pass.ExportObjectFact(fn, f)
		}
	}
	// Calls in function literals and in functions that return no error
	// are decision sites too, for the check.
	for _, lc := range local {
		if f := facts[lc.fn]; f != nil && !slices.ContainsFunc(d.Decisions, func(s *ResultSite) bool { return s.Expr == lc.call }) {
			ds.decisionSite(f, lc.call, lc.stack)
		}
	}
	return facts
}

// returnsHandlerResult reports a function that returns a handler's result
// (a handler, or a helper that builds its result): it hands its caller no
// decision (failflow.Flow.Decision), so it needs no SSA here.
func returnsHandlerResult(pc *Model, fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		if failflow.HandlerResult(pc.Package, res.At(i).Type()) {
			return true
		}
	}
	return false
}

// returnsError reports a function whose last result is an error.
func returnsError(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() > 0 && failflow.IsErrorType(res.At(res.Len()-1).Type())
}

// requestOf names the request whose failure a site's error reports, and
// tells whether it is an SDK's direct request and whether the SDK has the
// round trip (on 2026-07-28 sessions it always fails).
func (pc *Model) requestOf(site *ResultSite) (name string, direct, always bool) {
	if f := site.Decision; f != nil {
		return f.Request, f.Direct, f.Always
	}
	call, _ := site.Expr.(*ast.CallExpr)
	for _, dc := range pc.D.RT.Direct {
		if dc.Call == call {
			return dc.Method.String(), true, HasRoundTrip(dc.SDK, dc.Fn)
		}
	}
	return CalleeName(pc.Info, call), false, false
}

// CalleeName names the function a call calls, for messages: a function
// by its name, a method by its receiver's type and name.
func CalleeName(info *types.Info, call *ast.CallExpr) string {
	if call == nil {
		return "the request"
	}
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if sel := info.Selections[f]; sel != nil {
			if obj := mcpsdk.NamedObj(sel.Recv()); obj != nil {
				return obj.Name() + "." + f.Sel.Name
			}
		}
		return types.ExprString(f)
	case *ast.IndexExpr:
		return CalleeName(info, &ast.CallExpr{Fun: f.X})
	}
	if fn, _ := typeutil.Callee(info, call).(*types.Func); fn != nil {
		return fn.Name()
	}
	return "the request"
}
