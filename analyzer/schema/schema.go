// Package schema is elicitlint's schema check: it reports requested schemas
// outside the elicitation subset of JSON Schema for the target spec
// version, or that contradict themselves. docs/schema.md explains the
// check.
//
// The model's schema summary checks every requested schema that can be read
// statically once, with internal/schema, for the nested, schema and
// sensitive checks; this check reports the findings filed under its name.
// Like every check, it reaches no other check.
package schema

import (
	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/model"
)

// Check is the schema check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckSchema, Doc: "report requested schemas outside the elicitation subset of JSON Schema for the target spec version, or that contradict themselves", Run: Run}

// Analyzer is the schema check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// Run reports the schema findings filed under the check's name.
func Run(c *check.Pass) { c.ReportSchemaFindings() }
