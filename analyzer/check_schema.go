package analyzer

import (
	"golang.org/x/tools/go/analysis"
)

// checkSchemaFindings runs one of the nested, schema and sensitive checks:
// every requested schema that can be read statically is checked once by
// internal/schema against the spec's subset (schemas built at run time
// read as Unknown and get no findings); each check reports the findings
// filed under its name.
func checkSchemaFindings(c *checkPass) {
	for _, f := range c.Sum.Schemas.Findings(c.Model) {
		if f.Check != c.name {
			continue
		}
		var fixes []analysis.SuggestedFix
		if len(f.Repair) > 0 {
			fixes = []analysis.SuggestedFix{{Message: "Remove the member go-sdk rejects", TextEdits: f.Repair}}
		}
		c.rep.Record(c.name, f.Pos, f.End, fixes, f.Related, f.Message)
	}
}
