package analyzer

import "golang.org/x/tools/go/analysis"

// migrate returns the fix that moves a direct request to the round trip,
// or why there is none.
func migrate(c *checkPass, dc *directCall) ([]analysis.SuggestedFix, string) {
	if dc.kind.Kind != kindElicitation {
		return nil, ""
	}
	return roundTripFix(c, dc), ""
}
