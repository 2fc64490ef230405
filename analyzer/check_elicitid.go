package analyzer

import (
	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
)

// checkElicitationID implements the elicitation-id check: an ID written as
// a constant is the same on every call, so concurrent elicitations (and
// their completion notifications) cannot be told apart.
func checkElicitationID(c *check.Pass) {
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
