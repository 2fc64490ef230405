// Package requeststate is elicitlint's request-state check: it reports
// RequestState, which the client echoes back and can change, used to
// decide what a handler does with no integrity check before it.
// docs/request-state.md explains the check.
//
// It reads the model's state functions (internal/reqstate, through the model).
// Like every check, it reaches no other check.
package requeststate

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// Check is the request-state check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckRequestState, Doc: "report RequestState that decides what a handler does with no integrity check", Run: Run}

// Analyzer is the request-state check as an analyzer of its own, for go
// vet, nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// tail ends every finding: what the spec asks and what to do.
const tail = "the client echoes the state back and can send any value, so where it influences authorization, resource access or business logic protocol 2026-07-28 requires an integrity check: seal it with an HMAC or AEAD under a server key (binding the user and an expiry), and reject state that fails"

// Run reports, in each function that reads a request's RequestState, the
// first use that decides something before any integrity check.
func Run(c *check.Pass) {
	for _, sf := range c.StateFuncs() {
		for _, u := range sf.Uses {
			if msg := decides(c, sf, u); msg != "" {
				related := mints(c, sf)
				if u.TestAt.IsValid() {
					related = append([]analysis.RelatedInformation{{Pos: u.TestAt, Message: "the test " + u.Via.Name() + " makes is here: " + u.Test}}, related...)
				}
				c.Record(u.At.Pos(), u.At.End(), nil, related, msg+"; "+tail+"; no automatic fix: the key and what the state holds are the server's to choose")
				break
			}
		}
	}
}

// decides returns the finding for a use that decides something, or "".
func decides(c *check.Pass, sf *model.StateFunc, u model.StateUse) string {
	what := "RequestState"
	if u.Decoded {
		what = "RequestState, decoded with no integrity check,"
	}
	switch u.Kind {
	case model.UseTest, model.UseWeak, model.UseHash:
		gates, rejects := gatesWork(c, model.FuncBody(sf.Fn), u)
		if !gates || rejects && checkedLater(sf, u) {
			return "" // only picks the next question, or rejects ahead of the real check
		}
		if u.Presence && !failsOtherwise(c, u) || firstRoundSwitch(c, u) {
			return "" // tells the first call from a retry
		}
		switch {
		case u.Via != nil:
			return fmt.Sprintf("%s decides what the tool does, checked only by %s, which makes %s of it: any client can make state that passes", what, u.Via.Name(), u.Test)
		case u.Kind == model.UseHash:
			return fmt.Sprintf("%s is checked against an unkeyed hash, which any client can compute", what)
		case u.Kind == model.UseWeak:
			return fmt.Sprintf("%s decides what the tool does through %s, which any client can pass", what, u.Test)
		}
		return fmt.Sprintf("%s decides what the tool does through %s", what, u.Test)
	case model.UseResult:
		return fmt.Sprintf("a value read from %s goes into the tool's result unchecked", what)
	case model.UseArg:
		return fmt.Sprintf("a value read from %s is passed to %s unchecked", what, u.Callee)
	case model.UseIndex:
		return fmt.Sprintf("a value read from %s is used as an index unchecked", what)
	}
	return ""
}

// checkedLater reports whether a test that rejects the state may stand
// ahead of the function's real check: an integrity check, or a call that
// cannot be seen into. An HMAC keyed from the request, or an unkeyed
// hash, is the function's own attempt at the check; only a real one
// after it excuses it, not a call that passes the state on (a result
// builder of another package that echoes it).
func checkedLater(sf *model.StateFunc, u model.StateUse) bool {
	if u.Cryptographic() {
		return sf.Verified
	}
	return sf.Checked
}

// firstRoundSwitch reports a switch on the state (u is its tag) whose
// case "" only asks, and whose every other case with work reads answers,
// and only answers that case "" asks for: the state says no more than
// that the questions were asked. A forged state reaches the reads, which
// find no answer and ask again; one that skipped a question to reach a
// later round's reads (case "" reads an answer and asks the next
// question) is reported.
func firstRoundSwitch(c *check.Pass, u model.StateUse) bool {
	var sw *ast.SwitchStmt
	if n := len(u.Path); n >= 2 {
		sw, _ = u.Path[n-2].(*ast.SwitchStmt)
	}
	if sw == nil || sw.Tag != u.At {
		return false
	}
	keys := func(uses []*model.KeyUse, in ast.Node) map[string]bool {
		out := map[string]bool{}
		for _, k := range uses {
			if source.Within(k.At, in) {
				out[k.Key] = true
			}
		}
		return out
	}
	var first *ast.CaseClause
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		for _, e := range cc.List {
			if s, ok := source.ConstString(c.Info, e); ok && s == "" {
				first = cc
			}
		}
	}
	if first == nil || len(keys(c.D.RT.Reads, first)) > 0 {
		return false
	}
	asked, other := keys(c.D.RT.Requests, first), 0
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		if cc == first || cc.List == nil {
			continue // the default
		}
		read := keys(c.D.RT.Reads, cc)
		if len(read) == 0 || read[""] {
			return false
		}
		for k := range read {
			if !asked[k] {
				return false
			}
		}
		other++
	}
	return other > 0 && !asked[""]
}

// mints returns the places where the function mints its state with no
// key, as related positions.
func mints(c *check.Pass, sf *model.StateFunc) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, m := range sf.Mints {
		out = append(out, analysis.RelatedInformation{Pos: m.Pos(), End: m.End(), Message: "the state is minted here with no key"})
	}
	return out
}

// failsOtherwise reports whether the if that tests u fails the call on
// one side and goes on to a final result on the other: the test is what
// the function takes for its check of the state, whatever it tests.
func failsOtherwise(c *check.Pass, u model.StateUse) bool {
	var is *ast.IfStmt
	for i := len(u.Path) - 1; i >= 0 && is == nil; i-- {
		is, _ = u.Path[i].(*ast.IfStmt)
	}
	if is == nil || u.At.Pos() < is.Cond.Pos() || u.At.End() > is.Cond.End() {
		return false
	}
	// kinds reports whether every return in n fails the call (and there
	// is one), and whether one gives a final result.
	kinds := func(n ast.Node) (fails, final bool) {
		fails = false
		other := false
		defer func() { fails = fails && !other }()
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				switch c.KindOfReturn(n) {
				case model.ReturnFailure:
					fails = true
				case model.ReturnFinal:
					final, other = true, true
				default:
					other = true
				}
			}
			return true
		})
		return fails, final
	}
	bodyFails, bodyFinal := kinds(is.Body)
	bodyFails = bodyFails && c.Terminates(is.Body)
	var other ast.Node = is.Else
	if other == nil {
		// the statements after the if, up to the end of its block
		if b, ok := source.ParentOf(u.Path[:slices.Index(u.Path, ast.Node(is))+1]).(*ast.BlockStmt); ok {
			other = &ast.BlockStmt{List: b.List[slices.Index(b.List, ast.Stmt(is))+1:]}
		}
	}
	if other == nil {
		return false
	}
	otherFails, otherFinal := kinds(other)
	return bodyFails && otherFinal || bodyFinal && otherFails
}

// gatesWork reports whether the test of u decides between going on to
// the work (a final result) and not: unless every return its branches
// reach asks a question or fails, it does. rejects is set when the test
// is an if one of whose sides only asks again or fails the call: ahead of
// a real integrity check, that is only a format check.
func gatesWork(c *check.Pass, body *ast.BlockStmt, u model.StateUse) (gates, rejects bool) {
	if body == nil {
		return false, false
	}
	// The statement that branches on the test.
	var branch ast.Stmt
	for i := len(u.Path) - 1; i >= 0 && branch == nil; i-- {
		switch s := u.Path[i].(type) {
		case *ast.IfStmt:
			branch = s
		case *ast.SwitchStmt:
			branch = s
		case *ast.ReturnStmt, *ast.AssignStmt, *ast.ValueSpec, *ast.FuncLit:
			// return test(state), ok := test(state): where the result
			// goes is not followed
			return true, false
		}
	}
	if branch == nil {
		return true, false
	}
	// finalIn reports a return of a final result in [from, to), and
	// whether there is a return there at all.
	finalIn := func(from, to token.Pos) (final, any bool) {
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if n.Pos() >= from && n.Pos() < to {
					any = true
					final = final || c.KindOfReturn(n) == model.ReturnFinal
				}
			}
			return true
		})
		return final, any
	}
	final, _ := finalIn(branch.Pos(), body.End())
	if is, ok := branch.(*ast.IfStmt); ok && is.Else == nil {
		bodyFinal, _ := finalIn(is.Body.Pos(), is.Body.End())
		restFinal, restAny := finalIn(is.End(), body.End())
		rejects = !bodyFinal && c.Terminates(is.Body) || restAny && !restFinal
	}
	return final, rejects
}
