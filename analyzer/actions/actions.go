// Package actions is elicitlint's actions check: it reports elicitation
// answers whose Action is not handled as three outcomes: accept, decline
// and cancel. docs/actions.md explains the check.
//
// It reads the model's answers and handler summary, and branches on the
// action with internal/flow's ActionFlow; its fix adds the missing cases
// (internal/fix). Like every check, it reaches no other check.
package actions

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/report"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// Check is the actions check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckActions, Doc: "report elicitation answers whose Action is not handled as three outcomes: accept, decline and cancel", Run: Run}

// Analyzer is the actions check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// checkActions implements the actions check: every answer must be looked
// at, and "accept", "decline" and "cancel" must each get a path of their own.
func Run(c *check.Pass) {
	misspelledActions(c)
	af := c.Sum.Handlers.Flow(c.Model)
	// A helper that tells accept from not-accept and nothing more is where
	// decline and cancel get merged; its callers stay silent, so report it
	// here.
	for _, hc := range c.Sum.Handlers.Cands {
		if c.Sum.Handlers.FullyHandled(hc) {
			continue
		}
		r := af.AnalyzeUses(hc.V, hc.Decl.Body, hc.SDK)
		switch {
		case r.Verdict != flow.VPartial:
		case r.AcceptOnly:
			c.ReportFix(r.At.Pos(), r.At.End(), nil, acceptOnlyMsg)
		case !r.Bare && !slices.Contains(r.Missing, flow.ActAccept) && leftToHelper(c, hc.Func(), hc.Param(), hc.SDK):
			// A helper that takes the answer on: accept has its path there,
			// and a refusal shares it or has none (a state machine's
			// step that names only "decline"). Its callers leave the
			// action to it.
			c.Report(r.At, "%s", notHandledMsg(r.Missing))
		}
	}
	for _, site := range c.D.Results {
		switch {
		case site.Discarded:
			c.Report(site.Expr, "elicitation result is discarded: the user may have declined or cancelled; check its Action for \"accept\", \"decline\" and \"cancel\"")
			continue
		case site.Obj == nil:
			continue // returned to the caller, or used in a way we do not follow
		}
		r := af.AnalyzeUses(site.Obj, site.Body, site.SDK)
		if site.ActionOnly {
			r = af.AnalyzeAction(site.Obj, site.Body)
		}
		switch r.Verdict {
		case flow.VNeverRead:
			if r.Printed {
				c.Report(site.Expr, "elicitation result's Action is only printed, never checked: the user may have declined or cancelled; branch on \"accept\", \"decline\" and \"cancel\"")
			} else {
				c.Report(site.Expr, "elicitation result's Action is never read: the user may have declined or cancelled; branch on \"accept\", \"decline\" and \"cancel\"")
			}
		case flow.VPartial:
			msg := notHandledMsg(r.Missing)
			if r.AcceptOnly {
				msg = acceptOnlyMsg
			}
			var fixes []analysis.SuggestedFix
			if name := c.Rewritten(site.Body); name != "" {
				if r.Sw != nil && ast.Node(r.Sw) == r.At {
					msg += "; no automatic fix: the round-trip fix changes the results of " + name + "; run -fix again once it is applied"
				}
			} else {
				fixes = missingCaseFix(c, site, r)
			}
			c.ReportFix(r.At.Pos(), r.At.End(), fixes, "%s", msg)
		}
	}
}

// notHandledMsg says which actions have no path of their own.
func notHandledMsg(missing []string) string {
	return fmt.Sprintf("elicitation result is not handled for %s: the user may answer \"accept\", \"decline\" or \"cancel\"; give each its own path", quoteList(missing))
}

// leftToHelper reports a helper that the package calls, where every call
// passes an answer (parameter idx) whose action the caller does not read
// itself: the helper alone decides what each action does.
func leftToHelper(c *check.Pass, fn *types.Func, idx int, sdk *mcpsdk.SDK) bool {
	passed := 0
	for _, call := range c.CallsOf(fn) {
		if idx >= len(call.Expr.Args) {
			continue
		}
		arg, _ := ast.Unparen(call.Expr.Args[idx]).(*ast.Ident)
		v, _ := c.Info.Uses[arg].(*types.Var)
		if v == nil || call.Body == nil || readsAction(c, call.Body, v, sdk) {
			return false
		}
		passed++
	}
	return passed > 0
}

// readsAction reports a read of v's action in body.
func readsAction(c *check.Pass, body ast.Node, v *types.Var, sdk *mcpsdk.SDK) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == sdk.ActionField {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && c.Info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

const acceptOnlyMsg = "elicitation result is only checked for \"accept\": \"decline\" (the user refused) and \"cancel\" (the user dismissed) take the same path; handle each"

// quoteList renders ["a" "b" "c"] as `"a", "b" and "c"`.
func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = `"` + x + `"`
	}
	return report.AndList(q)
}

// missingCaseFix offers, for a switch on the action that lacks cases, a
// fix that adds them with a fail-safe body: in a function whose last result
// is an error, return zero values and an error saying what the user did; in
// a function without results, return. Anything else gets no fix, and so
// does an action that is already named in a joined case (a second case
// would not compile).
func missingCaseFix(c *check.Pass, site *model.ResultSite, r flow.ActionReport) []analysis.SuggestedFix {
	sw := r.Sw
	if sw == nil || ast.Node(sw) != r.At || site.Sig == nil {
		return nil
	}
	named := map[string]bool{}
	var sample ast.Expr
	var dflt *ast.CaseClause
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		if cc.List == nil {
			dflt = cc
		}
		for _, e := range cc.List {
			if s, ok := source.ConstString(c.Info, e); ok {
				named[s] = true
				if sample == nil {
					sample = e
				}
			}
		}
	}
	var add []string
	for _, a := range r.Missing {
		if !named[a] {
			add = append(add, a)
		}
	}
	if len(add) == 0 {
		return nil
	}
	file := c.FileOf(sw.Pos())
	if file == nil {
		return nil
	}
	indent := c.IndentOf(sw.Pos())
	var b strings.Builder
	var importEdits []analysis.TextEdit
	for _, a := range add {
		ret, edits, ok := fix.FailReturn(c.Package, site.Sig, file, "the user "+pastTense(a)+" the request")
		if !ok {
			return nil
		}
		importEdits = edits // the same for every action
		fmt.Fprintf(&b, "%scase %s:\n", indent, actionExpr(c, site.SDK, a, sample))
		fmt.Fprintf(&b, "%s\t%s\n", indent, ret)
	}
	at := sw.Body.Rbrace
	if dflt != nil {
		at = dflt.Pos()
	}
	// Insert at the start of the line holding the closing brace or default
	// when nothing else is on that line before it; otherwise (a switch on
	// one line, an empty switch) right before it, on a line of its own.
	insertAt, text := c.LineStart(at), b.String()
	if !c.OnlySpaceBefore(at) {
		insertAt, text = at, "\n"+text
	}
	edits := append([]analysis.TextEdit{{Pos: insertAt, End: insertAt, NewText: []byte(text)}}, importEdits...)
	return []analysis.SuggestedFix{{
		Message:   "Add cases for " + quoteList(add),
		TextEdits: edits,
	}}
}

func pastTense(a string) string {
	switch a {
	case flow.ActDecline:
		return "declined"
	case flow.ActCancel:
		return "cancelled"
	}
	return "accepted"
}

// actionExpr spells action a the way the switch's other cases do: the SDK
// constant when they use one, else a string literal.
func actionExpr(c *check.Pass, sdk *mcpsdk.SDK, a string, sample ast.Expr) string {
	if sel, ok := sample.(*ast.SelectorExpr); ok {
		if k, ok := c.Info.Uses[sel.Sel].(*types.Const); ok && sdk.IsActionConst(k) {
			if x, ok := sel.X.(*ast.Ident); ok {
				return x.Name + "." + sdk.ActionConstName(a)
			}
		}
	}
	return fmt.Sprintf("%q", a)
}
