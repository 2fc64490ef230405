package analyzer

import "golang.org/x/tools/go/analysis"

func (pc *passCtx) missingCaseFix(site *resultSite, r actionReport) []analysis.SuggestedFix {
	return nil
}
