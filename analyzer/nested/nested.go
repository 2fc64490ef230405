// Package nested is elicitlint's nested check: it reports requested schemas
// that are not flat: nested objects, arrays other than multi-select enums,
// references and composition. docs/nested.md explains the check.
//
// The model's schema summary checks every requested schema that can be read
// statically once, with internal/schema, for the nested, schema and
// sensitive checks; this check reports the findings filed under its name.
// Like every check, it reaches no other check.
package nested

import (
	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/model"
)

// Check is the nested check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckNested, Doc: "report requested schemas that are not flat: nested objects, arrays other than multi-select enums, references and composition", Run: Run}

// Analyzer is the nested check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// Run reports the schema findings filed under the check's name.
func Run(c *check.Pass) { c.ReportSchemaFindings() }
