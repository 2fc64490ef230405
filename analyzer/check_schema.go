package analyzer

import (
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/fix"

	"github.com/elicitlint/elicitlint/internal/source"

	"github.com/elicitlint/elicitlint/internal/config"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"

	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/sensitive"
	"golang.org/x/tools/go/analysis"
)

// checkSchemaFindings runs one of the nested, schema and sensitive checks:
// every requested schema that can be read statically is checked once by
// internal/schema against the spec's subset (schemas built at run time
// read as Unknown and get no findings); each check reports the findings
// filed under its name.
func checkSchemaFindings(c *checkPass) {
	for _, f := range c.sum.schemas.findings(c) {
		if f.check != c.name {
			continue
		}
		var fixes []analysis.SuggestedFix
		if len(f.repair) > 0 {
			fixes = []analysis.SuggestedFix{{Message: "Remove the member go-sdk rejects", TextEdits: f.repair}}
		}
		c.rep.Record(c.name, f.pos, f.end, fixes, f.related, f.message)
	}
}

type schemaFinding struct {
	check    string
	pos, end token.Pos
	message  string
	// related names the elicitation, for a finding about a struct field
	// that jsonschema.For made a property of: the field may be far from
	// every elicitation that uses it.
	related []analysis.RelatedInformation
	// rejects is set when go-sdk rejects the schema for this problem at
	// run time; repair is the edit that fixes it, when there is one.
	rejects bool
	repair  []analysis.TextEdit
}

// findings checks the requested schemas of the package's requests, once.
func (s *schemaSummary) findings(c *checkPass) []schemaFinding {
	if s.checked {
		return s.found
	}
	s.checked = true
	var matcher *sensitive.Matcher
	if !c.cfg.Disable[config.CheckSensitive] {
		m, err := sensitive.New(c.cfg.SensitivePatterns.ListValue, c.cfg.SensitiveAllow)
		if err != nil {
			return nil // the flag was validated when set; nothing sensible to do
		}
		matcher = m
	}
	add := func(check string, pos, end token.Pos, msg string) {
		s.found = append(s.found, schemaFinding{check: check, pos: pos, end: end, message: msg})
	}
	for _, site := range c.d.params {
		fv := site.fields[mcpsdk.FieldSchema]
		if fv == nil || site.lit == nil {
			continue
		}
		mode := c.modeOf(site)
		if mode == mcpsdk.ModeURL {
			continue // the mode check reports a schema in url mode
		}
		if _, ok := source.ConstString(c.Info, fv.value); ok && isGoString(c.Info.TypeOf(fv.value)) {
			add(config.CheckSchema, fv.value.Pos(), fv.value.End(), "RequestedSchema is a Go string: it is sent as a JSON string, not as a schema object; use json.RawMessage(...) or a map literal")
			continue
		}
		root, probs := s.read(fv.value)
		for _, p := range probs {
			add(config.CheckSchema, p.Pos, p.End, p.Message)
		}
		if root == nil || root.Kind == schema.Unknown {
			continue
		}
		opts := schema.Options{Version: c.cfg.Version()}
		if mode == mcpsdk.ModeForm || mode == "" {
			opts.Sensitive = matcher
		}
		for _, f := range schema.Check(root, opts) {
			sf := schemaFinding{check: f.Check, pos: f.Pos, end: f.End, message: f.Message, rejects: f.Rejects}
			if f.Field != nil && (f.Pos < site.lit.Pos() || f.Pos >= site.lit.End()) {
				sf.related = []analysis.RelatedInformation{{
					Pos: fv.at().Pos(), End: fv.value.End(),
					Message: "requested by this elicitation",
				}}
			}
			if f.Remove {
				sf.repair = fix.RemoveMember(c.Package, f.Pos)
			}
			s.found = append(s.found, sf)
			if s.bySite == nil {
				s.bySite = map[*paramsSite][]schemaFinding{}
			}
			s.bySite[site] = append(s.bySite[site], sf)
		}
	}
	return s.found
}

func isGoString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
