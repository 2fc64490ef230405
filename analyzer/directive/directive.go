// Package directive reports elicitlint's suppression directives that are
// malformed or suppress nothing, when the checks run as analyzers of their
// own (go vet, nogo): each check's analyzer applies the directives to its
// own findings and returns the ones it used, and this analyzer, which
// requires every check's, reports the rest. The suite (analyzer.Analyzer)
// does the same on its one pass. docs/suppression.md explains the
// directives.
//
// It uses the model (the package's directives), internal/check (the checks'
// results) and internal/report.
package directive

import (
	"reflect"

	"github.com/elicitlint/elicitlint/analyzer/actions"
	"github.com/elicitlint/elicitlint/analyzer/capabilities"
	"github.com/elicitlint/elicitlint/analyzer/content"
	"github.com/elicitlint/elicitlint/analyzer/contentschema"
	"github.com/elicitlint/elicitlint/analyzer/elicitationid"
	"github.com/elicitlint/elicitlint/analyzer/failopen"
	"github.com/elicitlint/elicitlint/analyzer/message"
	"github.com/elicitlint/elicitlint/analyzer/mode"
	"github.com/elicitlint/elicitlint/analyzer/nested"
	"github.com/elicitlint/elicitlint/analyzer/requeststate"
	"github.com/elicitlint/elicitlint/analyzer/roundtrip"
	"github.com/elicitlint/elicitlint/analyzer/schema"
	"github.com/elicitlint/elicitlint/analyzer/sensitive"
	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/report"
	"golang.org/x/tools/go/analysis"
)

// Analyzer reports the directives of the default check analyzers (each
// check package's Analyzer).
var Analyzer = New(model.Analyzer, []*analysis.Analyzer{
	message.Analyzer, mode.Analyzer, elicitationid.Analyzer, actions.Analyzer,
	content.Analyzer, nested.Analyzer, schema.Analyzer, sensitive.Analyzer,
	contentschema.Analyzer, roundtrip.Analyzer, failopen.Analyzer,
	capabilities.Analyzer, requeststate.Analyzer,
})

// New returns the directive analyzer for the model analyzer m and the
// checks' analyzers, which must require m.
func New(m *analysis.Analyzer, checks []*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "directive",
		Doc:        "report elicitlint suppression directives that are malformed or suppress nothing\n\nSee " + config.DocURL(config.CheckDirective),
		URL:        config.DocURL(config.CheckDirective),
		Requires:   append([]*analysis.Analyzer{m}, checks...),
		ResultType: reflect.TypeFor[*check.Result](),
		Run: func(pass *analysis.Pass) (_ any, err error) {
			res := pass.ResultOf[m].(*model.Result)
			if res.Err != nil {
				return nil, res.Err
			}
			if res.Model == nil {
				return &check.Result{}, nil
			}
			defer check.Recover(pass, &err)
			used := func(d *report.Directive) bool {
				for _, c := range checks {
					if r, _ := pass.ResultOf[c].(*check.Result); r != nil && r.Used[d] {
						return true
					}
				}
				return false
			}
			report.New(res.Model.Package, pass, res.Model.Dirs).Flush(true, used)
			return &check.Result{}, nil
		},
	}
}
