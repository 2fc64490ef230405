package model

import (
	"go/ast"
	"maps"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
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
	t, f := pc.CondHeld(cond)
	return t.Tested()&elicit == 0 && f.Tested()&elicit != 0, f.Tested()&elicit == 0 && t.Tested()&elicit != 0
}

// FailSite describes a result site, or a call of a decision function, to
// internal/failflow.
func (pc *Model) FailSite(site *ResultSite) failflow.Site {
	return failflow.Site{Expr: site.Expr, Idx: site.Idx, RoundTrip: site.RoundTrip, ActionOnly: site.ActionOnly, Decision: site.Decision}
}
