// Package elicitationid is elicitlint's elicitation-id check: it reports
// url-mode elicitation IDs that are constant strings.
// docs/elicitation-id.md explains the check.
//
// It reads the model's requests. Like every check, it reaches no other
// check.
package elicitationid

import (
	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
)

// Check is the elicitation-id check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckElicitationID, Doc: "report url-mode elicitation IDs that are constant strings", Run: Run}

// Analyzer is the elicitation-id check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// checkElicitationID implements the elicitation-id check: an ID written as
// a constant is the same on every call, so concurrent elicitations (and
// their completion notifications) cannot be told apart.
func Run(c *check.Pass) {
	for _, site := range c.D.Requests() {
		fv := site.Fields[mcpsdk.FieldID]
		if fv == nil {
			continue
		}
		if s, ok := source.ConstString(c.Info, fv.Value); ok && s != "" {
			c.Report(fv.Value, "elicitationId %q is a constant: concurrent elicitations cannot be told apart; generate a unique ID per elicitation (e.g. crypto/rand)", s)
		}
	}
}
