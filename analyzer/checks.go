package analyzer

import (
	"github.com/elicitlint/elicitlint/analyzer/actions"
	"github.com/elicitlint/elicitlint/analyzer/capabilities"
	"github.com/elicitlint/elicitlint/analyzer/content"
	"github.com/elicitlint/elicitlint/analyzer/contentschema"
	"github.com/elicitlint/elicitlint/analyzer/directive"
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
	"golang.org/x/tools/go/analysis"
)

// registry lists every check, in documentation order (config.Checks).
// -disable skips a check here and in its own analyzer, nowhere else.
var registry = []check.Check{
	message.Check,
	mode.Check,
	elicitationid.Check,
	actions.Check,
	content.Check,
	nested.Check,
	schema.Check,
	sensitive.Check,
	contentschema.Check,
	roundtrip.Check,
	failopen.Check,
	capabilities.Check,
	requeststate.Check,
}

// Analyzers are the checks as analyzers of their own, in documentation
// order, and the directive analyzer, with the default settings: what go
// vet runs (so that -NAME=false turns a check off, go vet's own
// convention), and what nogo and multichecker drivers can list one by
// one. Each reports on its own pass; together they report what Analyzer
// reports.
var Analyzers = []*analysis.Analyzer{
	message.Analyzer,
	mode.Analyzer,
	elicitationid.Analyzer,
	actions.Analyzer,
	content.Analyzer,
	nested.Analyzer,
	schema.Analyzer,
	sensitive.Analyzer,
	contentschema.Analyzer,
	roundtrip.Analyzer,
	failopen.Analyzer,
	capabilities.Analyzer,
	requeststate.Analyzer,
	directive.Analyzer,
}
