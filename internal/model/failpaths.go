package model

import (
	"go/ast"
	"go/types"
	"maps"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// FailEnv returns what internal/failflow needs of this package: the
// result-like types and the error gates. Each caller gets its own (the
// SSA flow caches what it reads).
func (pc *Model) FailEnv() *failflow.Env {
	sf := flow.NewSSAFlow(pc.Package)
	if pc.Sum != nil {
		sf.Gates = maps.Clone(pc.Sum.Gates)
	}
	return &failflow.Env{Package: pc.Package, ResultSDK: pc.ResultSDK, SF: sf, ClientDeclared: pc.duties.ClientDeclared, Undeclared: pc.Undeclared}
}

// Undeclared reads cond as a test of the client's capabilities (CondHeld):
// onTrue when its true branch is where the client did not declare
// elicitation (the false branch holds it tested, the true branch does
// not), onFalse for the reverse.
func (pc *Model) Undeclared(cond ast.Expr) (onTrue, onFalse bool) {
	const elicit = CapForm | CapURL
	if can, ok := pc.duties.SessionCanAsk(cond); ok {
		return !can, can
	}
	t, f := pc.CondHeld(cond)
	return t.Tested()&elicit == 0 && f.Tested()&elicit != 0, f.Tested()&elicit == 0 && t.Tested()&elicit != 0
}

// FailSite describes a result site, or a call of a decision function, to
// internal/failflow.
func (pc *Model) FailSite(site *ResultSite) failflow.Site {
	s := failflow.Site{Expr: site.Expr, Idx: site.Idx, RoundTrip: site.RoundTrip, ActionOnly: site.ActionOnly, Decision: site.Decision, OK: -1}
	if site.Helper != nil {
		s.OK = site.Helper.Shape.OK
	}
	return s
}

// AnswerRead returns site as the read of a round-trip answer it is, when
// it is the answer a helper of the package or of another returns
// (internal/answers: `res, ok := answer(req, "confirm")`): a copy marked
// RoundTrip, with its key and the helper, whose comma-ok, nil answer or
// error says the answer is missing. Any other site is returned as it is.
func (pc *Model) AnswerRead(site *ResultSite) *ResultSite {
	call, ok := site.Expr.(*ast.CallExpr)
	if !ok || site.RoundTrip || site.Decision != nil || site.ActionOnly {
		return site
	}
	fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	h := pc.AnswerHelper(fn)
	if h == nil || h.Shape.Res != site.Idx || h.Param >= len(call.Args) || site.SDK.Name != h.SDK || site.SDK.RoundTrip == nil {
		return site
	}
	read := *site
	read.RoundTrip, read.Helper = true, h
	read.RequestKey, _ = source.ConstString(pc.Info, call.Args[h.Param])
	return &read
}
