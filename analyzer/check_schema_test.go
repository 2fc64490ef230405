package analyzer_test

import (
	"os"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Schemas derived by jsonschema.For and ForType, and where the findings of
// the schema checks start and end.
//
// Beyond the expectations in the fixtures: a finding at a struct field
// names, as related positions, the elicitations that request the struct's
// schema (the field may be far from all of them); and every finding of the
// nested, schema and sensitive checks spans the offending property, from
// its key (or field name) to the end of its value (or field declaration),
// which -json reports as "end".
func TestForSchemas(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Disable: prooftest.Direct(analyzer.CheckActions, analyzer.CheckContent)})
	results := analysistest.Run(prooftest.Suite(t), testdata(t), a, "forschema", "schemas")
	// The number of related elicitations of findings, by package and the
	// first word of the finding's line; none for the others.
	wantRelated := map[string]int{
		"forschema/Suite":  2, // Booking: For and ForType
		"forschema/Phones": 1,
		"forschema/Tags":   1,
		"forschema/s,":     1, // a struct of another package: the finding is at the For call
		"schemas/Pin":      1, "schemas/Children": 1, "schemas/Home": 1,
	}
	for _, f := range strings.Fields("Labels Priority Due Owner Backup Meta Extra Rooms Grid Anon Hint Note") {
		wantRelated["forschema/"+f] = 2 // Ticket: two elicitations
	}
	// The text each finding spans, for a few, by a part of its message.
	wantSpan := map[string]string{
		"field Labels":     "Labels   []string          `json:\"labels,omitempty\"`",
		`format "phone"`:   `"format": "phone"`,
		`field "password"`: `"password":     map[string]any{"type": "string"}`,
		`"strng"`:          `"type":"strng"`,
		"is a Go string":   "`{\"type\":\"object\"}`",
		"not valid JSON":   "}",
	}
	found := map[string]bool{}
	for _, r := range results {
		fset := r.Pass.Fset
		for _, d := range r.Diagnostics {
			switch d.Category {
			case analyzer.CheckNested, analyzer.CheckSchema, analyzer.CheckSensitive:
			default:
				continue
			}
			pos, end := fset.Position(d.Pos), fset.Position(d.End)
			if !d.End.IsValid() || d.End <= d.Pos || end.Filename != pos.Filename {
				t.Errorf("%s: %s: end %s is not after the start", pos, d.Message, end)
				continue
			}
			src, err := os.ReadFile(pos.Filename)
			if err != nil {
				t.Fatal(err)
			}
			span := string(src[pos.Offset:end.Offset])
			for key, want := range wantSpan {
				if strings.Contains(d.Message, key) {
					found["span "+key] = true
					if span != want {
						t.Errorf("%s: %s: spans %q, want %q", pos, d.Message, span, want)
					}
				}
			}
			line := strings.Fields(strings.Split(string(src[pos.Offset-pos.Column+1:]), "\n")[0])[0]
			key := r.Pass.Pkg.Path() + "/" + line
			if _, ok := wantRelated[key]; ok {
				found["related "+key] = true
			}
			if len(d.Related) != wantRelated[key] {
				t.Errorf("%s: %s: %d related positions, want %d", pos, d.Message, len(d.Related), wantRelated[key])
			}
			for _, rel := range d.Related {
				rp, re := fset.Position(rel.Pos), fset.Position(rel.End)
				text := string(src[rp.Offset:re.Offset])
				if !strings.HasPrefix(text, "RequestedSchema: ") || rel.Message != "requested by this elicitation" {
					t.Errorf("%s: related %s %q spans %q, want the RequestedSchema field", pos, rp, rel.Message, text)
				}
			}
		}
	}
	for key := range wantSpan {
		if !found["span "+key] {
			t.Errorf("no finding mentions %q", key)
		}
	}
	for key := range wantRelated {
		if !found["related "+key] {
			t.Errorf("no finding at %s", key)
		}
	}
}

// With -spec=2025-06-18 a slice field is a version problem, still one
// finding per field.
func TestForSchemasSpec0618(t *testing.T) {
	t.Parallel()
	a := newAnalyzer(t, analyzer.Config{Spec: "2025-06-18", Disable: prooftest.Direct(analyzer.CheckActions, analyzer.CheckContent)})
	analysistest.Run(prooftest.Suite(t), testdata(t), a, "forschema0618")
}
