package analyzer

import (
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/sensitive"
)

// checkSchemaFindings runs one of the nested, schema and sensitive checks:
// every requested schema that can be read statically is checked once by
// internal/schema against the spec's subset (schemas built at run time
// read as Unknown and get no findings); each check reports the findings
// filed under its name.
func checkSchemaFindings(c *checkPass) {
	for _, f := range c.sum.schemas.findings(c) {
		if f.check == c.name {
			c.reportFix(f.pos, f.end, nil, "%s", f.message)
		}
	}
}

type schemaFinding struct {
	check    string
	pos, end token.Pos
	message  string
}

// findings checks the requested schemas of the package's requests, once.
func (s *schemaSummary) findings(c *checkPass) []schemaFinding {
	if s.checked {
		return s.found
	}
	s.checked = true
	var matcher *sensitive.Matcher
	if !c.cfg.disable[CheckSensitive] {
		m, err := sensitive.New(c.cfg.sensitivePatterns.listValue, c.cfg.sensitiveAllow)
		if err != nil {
			return nil // the flag was validated when set; nothing sensible to do
		}
		matcher = m
	}
	add := func(check string, pos, end token.Pos, msg string) {
		s.found = append(s.found, schemaFinding{check, pos, end, msg})
	}
	for _, site := range c.d.params {
		fv := site.fields[fieldSchema]
		if fv == nil || site.lit == nil {
			continue
		}
		mode := c.modeOf(site)
		if mode == modeURL {
			continue // the mode check reports a schema in url mode
		}
		if _, ok := constString(c.info, fv.value); ok && isGoString(c.info.TypeOf(fv.value)) {
			add(CheckSchema, fv.value.Pos(), fv.value.End(), "RequestedSchema is a Go string: it is sent as a JSON string, not as a schema object; use json.RawMessage(...) or a map literal")
			continue
		}
		root, probs := s.read(fv.value)
		for _, p := range probs {
			add(CheckSchema, p.Pos, p.Pos, p.Message)
		}
		if root == nil || root.Kind == schema.Unknown {
			continue
		}
		opts := schema.Options{Version: c.cfg.version()}
		if mode == modeForm || mode == "" {
			opts.Sensitive = matcher
		}
		for _, f := range schema.Check(root, opts) {
			add(f.Check, f.Pos, f.Pos, f.Message)
		}
	}
	return s.found
}

func isGoString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
