// Package failopen is elicitlint's fail-open check: it reports code that
// goes ahead when the question could not be asked. docs/fail-open.md
// explains the check.
//
// It reads the model's answers, decisions, gates and handlers, and runs
// internal/failflow's dataflow on internal/flow's SSA form of the
// functions that hold a request. Like every check, it reaches no other
// check.
package failopen

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// Check is the fail-open check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckFailOpen, Doc: "report code that goes ahead when the question could not be asked", Run: Run}

// Analyzer is the fail-open check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// Run implements the fail-open check: a path on which the question was
// not answered (the error of a request, a round-trip answer that is
// missing) must not reach what only an accepted answer reaches. It
// reports
//
//   - in a function that returns a decision (a bool, an error, an answer),
//     the path that returns what the accept path returns and what no
//     refusal returns;
//   - in any other function, a handler typically, the path that falls into
//     the code only accept reaches (the refusals have left before it), or
//     that calls what the accept branch alone calls.
//
// Paths that also depend on something other than the answer (an operator's
// setting) are left alone, and so is everything the flow cannot read. The
// flow (internal/failflow) runs on the SSA form of the functions that hold
// a request with an error or a round-trip answer.
func Run(c *check.Pass) {
	env := c.FailEnv()
	var sites, all []*model.ResultSite
	for _, site := range slices.Concat(c.D.Results, c.D.Decisions) {
		site = c.AnswerRead(site)
		if site.Obj == nil || site.Body == nil || site.Discarded {
			continue
		}
		all = append(all, site)
		if c.ErrorSite(site) && mayFailOpen(c, env, site) {
			sites = append(sites, site)
		}
	}
	if len(sites) == 0 {
		return
	}
	at := make([]ast.Node, len(sites))
	for i, s := range sites {
		at[i] = s.Expr
	}
	pkg := flow.BuildSSAFor(c.Pass.Fset, c.Pass.Pkg, c.Pass.Files, c.Info, at)
	accepted := &acceptedBySite{c: c, env: env, pkg: pkg, of: map[*model.ResultSite]map[ssa.Instruction]bool{}}
	for _, site := range sites {
		fn := flow.SSAFunc(c.Package, pkg, site.Expr)
		if fn == nil {
			continue
		}
		if f := failflow.New(env, fn, c.FailSite(site)); f != nil {
			f.Elsewhere = accepted.elsewhere(fn, site, all)
			(&failOpen{Flow: f, c: c, site: site}).check()
		}
	}
}

// acceptedBySite holds, per answer read, the instructions only its accept
// reaches, each flow run once however many other reads of its function
// ask for it.
type acceptedBySite struct {
	c   *check.Pass
	env *failflow.Env
	pkg *ssa.Package
	of  map[*model.ResultSite]map[ssa.Instruction]bool
}

// elsewhere returns the instructions of fn that only the accept of
// another answer read in fn reaches, or nil.
func (a *acceptedBySite) elsewhere(fn *ssa.Function, site *model.ResultSite, all []*model.ResultSite) map[ssa.Instruction]bool {
	var out map[ssa.Instruction]bool
	for _, other := range all {
		if other == site || other.Body != site.Body {
			continue
		}
		acc, done := a.of[other]
		if !done {
			if flow.SSAFunc(a.c.Package, a.pkg, other.Expr) == fn {
				if g := failflow.New(a.env, fn, a.c.FailSite(other)); g != nil {
					acc = g.Accepted()
				}
			}
			a.of[other] = acc
		}
		if len(acc) > 0 {
			if out == nil {
				out = map[ssa.Instruction]bool{}
			}
			maps.Copy(out, acc)
		}
	}
	return out
}

// failOpen is the fail-open analysis of one answer in one function.
type failOpen struct {
	*failflow.Flow
	c    *check.Pass
	site *model.ResultSite
}

// check reports what the flow finds: returns first, then the work
// reached.
func (fo *failOpen) check() {
	if fo.returns() {
		return
	}
	if r := fo.WorkReached(failflow.None); r != nil {
		fo.reportWork(r.At, r.Into)
		return
	}
	fo.forged()
}

// returns reports the returns on which the answer is missing and that
// give what accept gets and no refusal gets, in a function that returns a
// decision. It reports whether it reported anything.
func (fo *failOpen) returns() bool {
	d := fo.Decisions()
	if d == nil {
		return false
	}
	reported := false
	for _, r := range d.Rets {
		if r.Set&failflow.None == 0 {
			continue
		}
		vals := fo.Values(r, failflow.Missing)
		if !d.GoesAhead(vals) || fo.stopsInCallers(vals, d) {
			continue
		}
		fo.reportReturn(r, vals, d)
		reported = true
	}
	return reported
}

// mayFailOpen reports whether the function holding the site may have a
// path without an answer that the flow must read. It has none when every
// test for a missing answer is the whole condition of an if (err != nil,
// !ok, res == nil) whose body leaves, calls no work and, in a function
// that returns a decision, returns a non-nil error: the common shape,
// decided here without building SSA. A round-trip answer that is compared
// with a refusal may also carry an action that is none of the three,
// which the flow must follow (forged.go), and an if before the request
// that tests whether the client declared elicitation has a path where
// the question cannot be asked.
func mayFailOpen(c *check.Pass, env *failflow.Env, site *model.ResultSite) bool {
	if site.RoundTrip && comparesRefusal(c, site) || testsDeclared(c, site) {
		return true
	}
	errVar, okVar := missingVars(c.Model, site)
	decision := false
	if site.Sig != nil {
		_, decision = failflow.MayDecide(c.Package, site.Sig)
	}
	is := func(e ast.Expr, v *types.Var) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && v != nil && c.Info.Uses[id] == v
	}
	// missing reads `err != nil`, `!ok` and `res == nil`.
	missing := func(cond ast.Expr) bool {
		switch x := ast.Unparen(cond).(type) {
		case *ast.BinaryExpr:
			return x.Op == token.NEQ && is(x.X, errVar) && source.IsNil(c.Info, x.Y) ||
				x.Op == token.EQL && is(x.X, site.Obj) && source.IsNil(c.Info, x.Y)
		case *ast.UnaryExpr:
			return x.Op == token.NOT && is(x.X, okVar)
		}
		return false
	}
	may := false
	var stack []ast.Node
	ast.Inspect(site.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if may {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if missing(n.Cond) {
				may = n.Else != nil || !closes(c, env, n.Body, decision, errVar)
				return false
			}
		case *ast.Ident:
			v := c.Info.Uses[n]
			if v == nil || v != errVar && v != okVar && v != site.Obj {
				break
			}
			switch p := stack[len(stack)-1].(type) {
			case *ast.ReturnStmt:
			case *ast.CallExpr:
				may = v != site.Obj && !flow.IsPrintCall(c.Info, p)
			case *ast.BinaryExpr:
				may = source.IsNil(c.Info, p.X) || source.IsNil(c.Info, p.Y) || v != site.Obj
			default:
				may = v != site.Obj
			}
		}
		stack = append(stack, n)
		return true
	})
	return may
}

// missingVars returns the variables that tell whether a site's answer is
// missing: the error of its call, the comma-ok of its assertion.
func missingVars(pc *model.Model, site *model.ResultSite) (errVar, okVar *types.Var) {
	var lhs []ast.Expr
	ast.Inspect(site.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == site.Expr {
				lhs = n.Lhs
			}
		case *ast.ValueSpec:
			if len(n.Values) == 1 && ast.Unparen(n.Values[0]) == site.Expr {
				for _, name := range n.Names {
					lhs = append(lhs, name)
				}
			}
		}
		return lhs == nil
	})
	if len(lhs) < 2 {
		return nil, nil
	}
	id, _ := lhs[len(lhs)-1].(*ast.Ident)
	if id == nil {
		return nil, nil
	}
	v, _ := pc.Info.ObjectOf(id).(*types.Var)
	if _, assert := site.Expr.(*ast.TypeAssertExpr); assert || v != nil && source.IsBool(v.Type()) {
		return nil, v // the comma-ok of an assertion, or of an answer helper
	}
	return v, nil
}

// closes reports whether the body of a test for a missing answer fails
// closed as far as syntax tells: it leaves, calls nothing that is work,
// and in a function that returns a decision, returns a non-nil error.
func closes(c *check.Pass, env *failflow.Env, body *ast.BlockStmt, decision bool, errVar *types.Var) bool {
	if !c.Terminates(body) {
		return false
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, isType := c.Info.Types[n.Fun]; isType && tv.IsType() {
				break
			}
			switch fn := typeutil.Callee(c.Info, n).(type) {
			case *types.Builtin:
			case *types.Func:
				ok = ok && !failflow.WorkFunc(env, fn.Origin())
			default:
				ok = false // a function value: anything
			}
		}
		return ok
	})
	if !ok || !decision {
		return ok
	}
	if _, jumps := body.List[len(body.List)-1].(*ast.BranchStmt); jumps {
		return false // continue, break, goto: what follows decides
	}
	// Every return in it, the last and those of inner branches (an
	// error it tells apart and lets through), returns a non-nil error.
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 || !failflow.IsErrorType(c.Info.TypeOf(n.Results[len(n.Results)-1])) || !nonNilError(c.Info, n.Results[len(n.Results)-1], errVar) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// nonNilError reports an error expression that is not nil: the request's
// error (in the body of err != nil), a call of errors.New or fmt.Errorf or
// of anything wrapping the error, a package-level error variable.
func nonNilError(info *types.Info, e ast.Expr, errVar *types.Var) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		return v != nil && (v == errVar || !source.IsLocal(v))
	case *ast.SelectorExpr:
		v, _ := info.Uses[x.Sel].(*types.Var)
		return v != nil && !v.IsField() && !source.IsLocal(v)
	case *ast.CallExpr:
		if fn, _ := typeutil.Callee(info, x).(*types.Func); fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "errors" && fn.Name() == "New" || fn.Pkg().Path() == "fmt" && fn.Name() == "Errorf") {
			return true
		}
		for _, a := range x.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && errVar != nil && info.Uses[id] == errVar {
				return true
			}
		}
	}
	return false
}

// comparesRefusal reports whether the function holding a site compares
// a value with "decline" or "cancel" (a case of a switch, an == or !=).
func comparesRefusal(c *check.Pass, site *model.ResultSite) bool {
	found := false
	refusal := func(e ast.Expr) bool {
		s, ok := source.ConstString(c.Info, e)
		return ok && (s == flow.ActDecline || s == flow.ActCancel)
	}
	ast.Inspect(site.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CaseClause:
			found = found || slices.ContainsFunc(x.List, refusal)
		case *ast.BinaryExpr:
			found = found || (x.Op == token.EQL || x.Op == token.NEQ) && (refusal(x.X) || refusal(x.Y))
		}
		return !found
	})
	return found
}

// testsDeclared reports an if or a tagless switch's case before the site,
// in its function, whose condition tests whether the client declared
// elicitation.
func testsDeclared(c *check.Pass, site *model.ResultSite) bool {
	found := false
	ast.Inspect(site.Body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= site.Expr.Pos() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			t, f := c.Undeclared(n.Cond)
			found = t || f
		case *ast.SwitchStmt:
			if n.Tag != nil {
				break
			}
			for _, cc := range n.Body.List {
				for _, e := range cc.(*ast.CaseClause).List {
					t, f := c.Undeclared(e)
					found = found || t || f
				}
			}
		}
		return !found
	})
	return found
}
