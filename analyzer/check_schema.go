package analyzer

import "github.com/elicitlint/elicitlint/internal/check"

// checkSchemaFindings runs one of the nested, schema and sensitive checks.
func checkSchemaFindings(c *check.Pass) { c.ReportSchemaFindings() }
