package model

import (
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
	return &failflow.Env{Package: pc.Package, ResultSDK: pc.ResultSDK, SF: sf, ClientDeclared: pc.duties.ClientDeclared}
}

// FailSite describes a result site, or a call of a decision function, to
// internal/failflow.
func (pc *Model) FailSite(site *ResultSite) failflow.Site {
	return failflow.Site{Expr: site.Expr, Idx: site.Idx, RoundTrip: site.RoundTrip, ActionOnly: site.ActionOnly, Decision: site.Decision}
}
