// Package sensitive is elicitlint's sensitive check: it reports form fields
// that ask the user for a secret (a password, API key, access token or
// payment credential), which belongs in url mode. docs/sensitive.md
// explains the check.
//
// The model's schema summary checks every requested schema that can be read
// statically once, with internal/schema, for the nested, schema and
// sensitive checks; this check reports the findings filed under its name.
// Like every check, it reaches no other check.
package sensitive

import (
	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/model"
)

// Check is the sensitive check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckSensitive, Doc: "report form fields that ask the user for a secret (a password, API key, access token or payment credential), which belongs in url mode", Run: Run}

// Analyzer is the sensitive check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// Run reports the schema findings filed under the check's name.
func Run(c *check.Pass) { c.ReportSchemaFindings() }
