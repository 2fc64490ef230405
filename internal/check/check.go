// Package check is what each of elicitlint's checks is built from: a Check
// (its name, doc and run function), the Pass a check runs with (the
// package's model and a reporter that files findings under the check's
// name), and Analyzer, which makes a check its own go/analysis analyzer,
// as go vet, nogo and multichecker drivers expect.
//
// A check reads the model (internal/model) and reports; it never reaches
// into another check. It may use internal/flow, internal/fix,
// internal/migrate, internal/source and internal/mcpsdk.
package check

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/report"
	"golang.org/x/tools/go/analysis"
)

// A Check is one of elicitlint's checks.
type Check struct {
	// Name is the check's name: its findings' Category, and the name
	// -disable and suppression directives use.
	Name string
	// Doc is the first line of the check's docs page.
	Doc string
	// Run reports the check's findings on one package.
	Run func(*Pass)
}

// Pass is one check's run on one package: it sees the model (the
// discovery and the summaries), and reports under the check's name only.
type Pass struct {
	*model.Model
	Name string
	rep  *report.Reporter
}

// NewPass returns the pass of the check named name on the model m, whose
// findings rep reports.
func NewPass(m *model.Model, name string, rep *report.Reporter) *Pass {
	return &Pass{Model: m, Name: name, rep: rep}
}

// Report records a finding at node n.
func (c *Pass) Report(n ast.Node, format string, args ...any) {
	c.rep.Add(c.Name, n.Pos(), n.End(), nil, format, args...)
}

// ReportFix records a finding over [pos, end) with suggested fixes.
func (c *Pass) ReportFix(pos, end token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
	c.rep.Add(c.Name, pos, end, fixes, format, args...)
}

// Record records a finding over [pos, end) with its text as it is, and
// related positions.
func (c *Pass) Record(pos, end token.Pos, fixes []analysis.SuggestedFix, related []analysis.RelatedInformation, msg string) {
	c.rep.Record(c.Name, pos, end, fixes, related, msg)
}

// ReportSchemaFindings reports the findings of the schema summary filed
// under the check's name: every requested schema that can be read
// statically is checked once by internal/schema against the spec's subset
// (schemas built at run time read as Unknown and get no findings) for the
// nested, schema and sensitive checks.
func (c *Pass) ReportSchemaFindings() {
	for _, f := range c.Sum.Schemas.Findings(c.Model) {
		if f.Check != c.Name {
			continue
		}
		var fixes []analysis.SuggestedFix
		if len(f.Repair) > 0 {
			fixes = []analysis.SuggestedFix{{Message: "Remove the member go-sdk rejects", TextEdits: f.Repair}}
		}
		c.Record(f.Pos, f.End, fixes, f.Related, f.Message)
	}
}

// Result is what a check's own analyzer returns: the suppression
// directives its findings used, for the directive analyzer.
type Result struct {
	Used map[*report.Directive]bool
}

// AnalyzerName is the analyzer name of the check named name: the name
// without its hyphens (analyzer names are Go identifiers), as go vet's
// -NAME flags and nogo configurations spell it.
func AnalyzerName(name string) string { return strings.ReplaceAll(name, "-", "") }

// Analyzer returns check c as an analyzer of its own that requires the
// model analyzer m and reports on its own pass.
func Analyzer(c Check, m *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       AnalyzerName(c.Name),
		Doc:        c.Doc + "\n\nSee " + config.DocURL(c.Name),
		URL:        config.DocURL(c.Name),
		Requires:   []*analysis.Analyzer{m},
		ResultType: reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (_ any, err error) {
			res := pass.ResultOf[m].(*model.Result)
			if res.Err != nil {
				return nil, res.Err
			}
			if res.Model == nil || res.Model.Cfg.Disable[c.Name] {
				return &Result{}, nil
			}
			defer Recover(pass, &err)
			rep := report.New(res.Model.Package, pass, res.Model.Dirs)
			c.Run(NewPass(res.Model, c.Name, rep))
			rep.Flush(false, nil)
			return &Result{Used: rep.Used}, nil
		},
	}
}

// Recover turns a panic in an analyzer's run into an error for the
// package: a bug in elicitlint must not take down the user's whole go vet
// run. Use it deferred, with the run's named error result.
func Recover(pass *analysis.Pass, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("internal error analysing %s: %v (please report this at https://github.com/elicitlint/elicitlint/issues)", pass.Pkg.Path(), r)
	}
}
