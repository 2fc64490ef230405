package mode

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"
	"sync"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
)

// This file reports a url-mode answer whose accept is taken for the end
// of the out-of-band interaction (issue 38 §2). The spec: "The response
// with action: "accept" indicates that the user has consented to the
// interaction. It does not mean that the interaction is complete." A
// branch that, on accept, reports success and looks at nothing else has
// not checked that the sign-in, the payment or the key entry happened.

// acceptedAsDone reports, for each url-mode answer, the accept branch
// that only returns a success and says so: no call but the SDK's,
// formatting and logging, no test, no read of anything but the answer and
// locals, and text that says the step is done ("Successfully
// connected"), not that it is under way ("Waiting for the bank to
// confirm").
func acceptedAsDone(c *check.Pass) {
	for _, site := range c.D.Results {
		if site.Obj == nil || site.Body == nil || !urlModeAnswer(c, site) {
			continue
		}
		for _, b := range acceptBranches(c, site) {
			if bare(c, site, b.list) && successful(c, b.list) && claimsDone(c, b.list) {
				c.Report(b.at, "a url-mode accept means only that the user agreed to open the URL, not that what happens there is done, yet this branch reports success on it: check your own record of the out-of-band step (the callback's token, the payment's status) or the RequestState, and ask again while it is pending")
			}
		}
	}
}

// urlModeAnswer reports an answer to a request sent in url mode: the
// round trip's under a key every request the package files under is url
// mode, or a direct request's whose params are url mode.
func urlModeAnswer(c *check.Pass, site *model.ResultSite) bool {
	call, _ := ast.Unparen(site.Expr).(*ast.CallExpr)
	url := false
	for _, p := range c.D.Requests() {
		isURL := c.ModeOf(p) == mcpsdk.ModeURL
		switch {
		case site.RequestKey != "":
			// Every request the package files under the key is url mode.
			if p.RequestKey == site.RequestKey {
				if !isURL {
					return false
				}
				url = true
			}
		case call != nil && p.RequestKey == "" && isURL:
			if at := p.Anchor(); at != nil && source.Within(at, call) || p.V != nil && usesVar(c, call, p.V) {
				return true
			}
		}
	}
	return url
}

func usesVar(c *check.Pass, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.Info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// actionOf reports the answer's action: its field, also through parens
// and conversions to a type of the project (Choice(res.Action)), or a
// local variable given nothing else (a := res.Action).
func actionOf(c *check.Pass, site *model.ResultSite, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return c.IsResultField(site, x, mcpsdk.FieldAction)
	case *ast.CallExpr:
		tv, ok := c.Info.Types[x.Fun]
		return ok && tv.IsType() && len(x.Args) == 1 && actionOf(c, site, x.Args[0], depth+1)
	case *ast.Ident:
		v, _ := c.Info.Uses[x].(*types.Var)
		if v == nil || !source.IsLocal(v) {
			return false
		}
		defs := c.Defs(v)
		for _, d := range defs {
			if d.Unknown || d.Tuple || d.Rhs == nil || !actionOf(c, site, d.Rhs, depth+1) {
				return false
			}
		}
		return len(defs) > 0
	}
	return false
}

// branch is the code that runs on accept, and where its test is.
type branch struct {
	at   ast.Node
	list []ast.Stmt
}

// acceptBranches finds the code that runs when the answer's action is
// accept: the body of if res.Action == "accept" (alone or joined by &&),
// of a case "accept" of a switch on the action, and what follows
// if res.Action != "accept" { ...leave... }.
func acceptBranches(c *check.Pass, site *model.ResultSite) []branch {
	var out []branch
	isAction := func(e ast.Expr) bool { return actionOf(c, site, e, 0) }
	isAccept := func(e ast.Expr) bool {
		s, ok := source.ConstString(c.Info, e)
		return ok && s == flow.ActAccept
	}
	var test func(e ast.Expr, op token.Token) bool
	test = func(e ast.Expr, op token.Token) bool {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		if b.Op == token.LAND && op == token.EQL {
			return test(b.X, op) || test(b.Y, op)
		}
		return b.Op == op && (isAction(b.X) && isAccept(b.Y) || isAction(b.Y) && isAccept(b.X))
	}
	ast.Inspect(site.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if test(x.Cond, token.EQL) {
				out = append(out, branch{x.Cond, x.Body.List})
			}
		case *ast.SwitchStmt:
			if x.Tag == nil || !isAction(x.Tag) {
				break
			}
			for _, s := range x.Body.List {
				cc := s.(*ast.CaseClause)
				for _, e := range cc.List {
					if isAccept(e) {
						out = append(out, branch{e, cc.Body})
					}
				}
			}
		case *ast.BlockStmt:
			for i, s := range x.List {
				if is, ok := s.(*ast.IfStmt); ok && is.Else == nil && !(is.Init != nil) && test(is.Cond, token.NEQ) && c.Terminates(is.Body) {
					out = append(out, branch{is.Cond, x.List[i+1:]})
				}
			}
		}
		return true
	})
	return out
}

// bare reports statements that look at nothing but the answer and local
// values: no call but the SDK's, fmt's, strings', errors' and logging, no
// if, switch or loop, no read of a field or a package-level variable of
// the program.
func bare(c *check.Pass, site *model.ResultSite, list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	ok := true
	for _, s := range list {
		switch s.(type) {
		case *ast.ReturnStmt, *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt:
		default:
			return false // a test, a loop, a block: it may be the check
		}
		ast.Inspect(s, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit:
				ok = false
			case *ast.CallExpr:
				if !quietCall(c, x) {
					ok = false
				}
			case *ast.SelectorExpr:
				if v, isVar := c.Info.Uses[x.Sel].(*types.Var); isVar && (v.IsField() || !source.IsLocal(v)) {
					if !fromSDKOrAnswer(c, site, x, v) {
						ok = false
					}
				}
			case *ast.Ident:
				if v, isVar := c.Info.Uses[x].(*types.Var); isVar && !v.IsField() && !source.IsLocal(v) {
					ok = false // a package-level variable: it may hold the record
				}
			}
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}

// fromSDKOrAnswer reports a field read of the answer, of an SDK value, of
// a struct the function was given by value (the tool's own input, in.Invoice:
// what the client sent, no record of the out-of-band step), or a
// package-level variable of an SDK.
func fromSDKOrAnswer(c *check.Pass, site *model.ResultSite, sel *ast.SelectorExpr, v *types.Var) bool {
	if v.Pkg() != nil && c.SDKs.ByPkg[v.Pkg().Path()] != nil {
		return v.Name() != "RequestState" // the state may hold the record
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	obj, _ := c.Info.Uses[id].(*types.Var)
	return obj != nil && (obj == site.Obj || inputParam(site, obj))
}

// inputParam reports a parameter of the function holding the site that
// is a struct passed by value.
func inputParam(site *model.ResultSite, v *types.Var) bool {
	if _, isStruct := v.Type().Underlying().(*types.Struct); !isStruct || site.Sig == nil {
		return false
	}
	for p := range site.Sig.Params().Variables() {
		if p == v {
			return true
		}
	}
	return false
}

// quietCall reports a call that checks nothing: a conversion, a builtin,
// an SDK function (a result's constructor), formatting and logging, a
// function of the package that reads nothing.
func quietCall(c *check.Pass, call *ast.CallExpr) bool {
	if tv, ok := c.Info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	fn, ok := c.Info.Uses[calleeIdent(call.Fun)].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	if sdk := c.SDKs.ByPkg[fn.Pkg().Path()]; sdk != nil {
		return fn.Signature().Recv() == nil // a constructor, not a method of a session
	}
	switch fn.Pkg().Path() {
	case "fmt", "strings", "errors", "strconv", "log", "log/slog":
		return true
	}
	// A function of the package that only computes (a result's
	// builder): it reads nothing, so it checks nothing.
	return fn.Pkg() == c.Pass.Pkg && c.FuncEffect(fn) == effect.None
}

func calleeIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.IndexExpr:
		return calleeIdent(x.X)
	}
	return nil
}

// successful reports statements that end in a return that does not fail
// the call.
func successful(c *check.Pass, list []ast.Stmt) bool {
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	return ok && c.KindOfReturn(ret) == model.ReturnFinal
}

// doneWords say that an out-of-band step is over; underwayWords that it
// is not, or may not be. Compiled on first use: go vet starts elicitlint
// once per package, and init stays at the floor.
var (
	doneWords = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(success\w*|connected|complete[d]?|done|paid|linked|signed in|logged in|authori[sz]ed|authenticated|finished|confirmed|verified|approved)\b`)
	})
	underwayWords = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(wait\w*|pending|once|not yet|until|when|after|check|soon|still|will|not)\b`)
	})
)

// claimsDone reports constant text in the statements that says the step
// is done, and none that says it is under way.
func claimsDone(c *check.Pass, list []ast.Stmt) bool {
	done, underway := false, false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			e, ok := n.(ast.Expr)
			if !ok {
				return true
			}
			text, ok := source.ConstString(c.Info, e)
			if !ok {
				return true
			}
			text = strings.ToLower(text)
			if underwayWords().MatchString(text) {
				underway = true
				return false
			}
			if doneWords().MatchString(text) {
				done = true
			}
			return false
		})
	}
	return done && !underway
}
