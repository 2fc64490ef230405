package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"

	"github.com/elicitlint/elicitlint/internal/schema"
	"golang.org/x/tools/go/analysis"
)

// Check names. They are the diagnostics' Category, the names used by
// suppression directives, -disable and the golangci-lint settings. The
// three schema checks are named by internal/schema, which makes their
// findings.
const (
	CheckMessage       = "message"
	CheckMode          = "mode"
	CheckElicitationID = "elicitation-id"
	CheckActions       = "actions"
	CheckContent       = "content"
	CheckNested        = schema.CheckNested
	CheckSchema        = schema.CheckSchema
	CheckSensitive     = schema.CheckSensitive
	CheckContentSchema = "content-schema"
	CheckRoundTrip     = "round-trip"
	CheckFailOpen      = "fail-open"
	// CheckDirective is the category of findings about suppression
	// directives themselves: malformed ones and ones that suppress nothing.
	// It is not in the registry: the reporter makes these findings.
	CheckDirective = "directive"
)

// check is one entry of the registry: a name and what it runs.
type check struct {
	name string
	run  func(*checkPass)
}

// registry lists every check, in documentation order. -disable skips a
// check here and nowhere else.
var registry = []check{
	{CheckMessage, checkMessage},
	{CheckMode, checkMode},
	{CheckElicitationID, checkElicitationID},
	{CheckActions, checkActions},
	{CheckContent, checkContent},
	{CheckNested, checkSchemaFindings},
	{CheckSchema, checkSchemaFindings},
	{CheckSensitive, checkSchemaFindings},
	{CheckContentSchema, checkContentSchema},
	{CheckRoundTrip, checkRoundTrip},
	{CheckFailOpen, checkFailOpen},
}

// Checks lists every check name in documentation order.
var Checks = checkNames()

func checkNames() []string {
	names := make([]string, len(registry))
	for i, c := range registry {
		names[i] = c.name
	}
	return names
}

func isCheck(name string) bool {
	for _, c := range registry {
		if c.name == name {
			return true
		}
	}
	return false
}

// DocPage names the docs/ page of a check: the check's own name, except
// for directive findings, which are explained on the suppression page.
func DocPage(check string) string {
	if check == CheckDirective {
		return "suppression"
	}
	return check
}

func docURL(check string) string { return DocsURL + DocPage(check) + ".md" }

// checkPass is one check's run on one package: it sees the discovery and
// the summaries, and reports under the check's name only.
type checkPass struct {
	*pkgCtx
	d    *discovery
	sum  *summaries
	name string
}

// report records a finding at node n.
func (c *checkPass) report(n ast.Node, format string, args ...any) {
	c.rep.add(c.name, n.Pos(), n.End(), nil, format, args...)
}

// reportFix records a finding over [pos, end) with suggested fixes.
func (c *checkPass) reportFix(pos, end token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
	c.rep.add(c.name, pos, end, fixes, format, args...)
}

// didYouMean returns ` (did you mean "x"?)` for the candidate closest to
// s, or "" when none is close.
func didYouMean(s string, candidates []string) string {
	if c := schema.Suggest(s, candidates); c != "" {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}
