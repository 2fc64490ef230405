package analyzer

import (
	"go/ast"
	"go/token"

	"github.com/elicitlint/elicitlint/internal/model"

	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/report"

	"golang.org/x/tools/go/analysis"
)

// check is one entry of the registry: a name and what it runs.
type check struct {
	name string
	run  func(*checkPass)
}

// registry lists every check, in documentation order. -disable skips a
// check here and nowhere else.
var registry = []check{
	{config.CheckMessage, checkMessage},
	{config.CheckMode, checkMode},
	{config.CheckElicitationID, checkElicitationID},
	{config.CheckActions, checkActions},
	{config.CheckContent, checkContent},
	{config.CheckNested, checkSchemaFindings},
	{config.CheckSchema, checkSchemaFindings},
	{config.CheckSensitive, checkSchemaFindings},
	{config.CheckContentSchema, checkContentSchema},
	{config.CheckRoundTrip, checkRoundTrip},
	{config.CheckFailOpen, checkFailOpen},
}

// checkPass is one check's run on one package: it sees the discovery and
// the summaries, and reports under the check's name only.
type checkPass struct {
	*model.Model
	name string
	rep  *report.Reporter
}

// report records a finding at node n.
func (c *checkPass) report(n ast.Node, format string, args ...any) {
	c.rep.Add(c.name, n.Pos(), n.End(), nil, format, args...)
}

// reportFix records a finding over [pos, end) with suggested fixes.
func (c *checkPass) reportFix(pos, end token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
	c.rep.Add(c.name, pos, end, fixes, format, args...)
}
