package schema

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The differential tests: the native metaschema check (metaLeaves) against
// santhosh-tekuri/jsonschema/v6 (v6Check, the oracle). For every schema:
//
//   - the verdict agrees: v6 rejects the schema itself by its metaschema
//     exactly when metaLeaves reports failures outside reference targets;
//   - the failing keywords agree: the same locations, and at each the
//     native message is one v6 gives there (worded the native way, see
//     leafMessage);
//   - when v6 rejects a reference target, metaLeaves reports the same
//     locations in it. v6 stops at the first target that fails, in an
//     order that depends on map iteration, and stops before targets when
//     something else fails to compile (a regular expression Go rejects, a
//     reference it would have to load); metaLeaves checks every target, so
//     it may report more targets than v6.

// diffStats counts what the differential tests compared.
type diffStats struct {
	schemas, rejected, locations, targets, extraTargets int
}

func (s diffStats) String() string {
	return fmt.Sprintf("%d schemas, %d rejected by v6, %d failing locations compared, %d failing reference targets compared, %d targets only the native check reached",
		s.schemas, s.rejected, s.locations, s.targets, s.extraTargets)
}

// diffV6 compares the two on src. It returns false when src is not JSON.
func diffV6(t testing.TB, stats *diffStats, src string) bool {
	t.Helper()
	root, err := ParseJSON([]byte(src), nil)
	if err != nil {
		return false
	}
	want, ok := v6Check(root, &refusingLoader{})
	if !ok {
		return false
	}
	leaves, targets := metaLeaves(root)
	if stats != nil {
		stats.schemas++
	}

	// Group the native failures by the target they are in ("" for none).
	targetOf := func(loc []string) string {
		best, bestLen := "", 0
		for _, tp := range targets {
			toks := tp.tokens()
			if len(toks) > bestLen && len(toks) <= len(loc) && slices.Equal(toks, loc[:len(toks)]) {
				best, bestLen = "/"+strings.Join(toks, "/"), len(toks)
			}
		}
		return best
	}
	got := map[string]map[string]string{} // target → location → first message
	var gotLocs []string
	for _, lf := range leaves {
		tgt := targetOf(lf.loc)
		if got[tgt] == nil {
			got[tgt] = map[string]string{}
		}
		key := strings.Join(lf.loc, "/")
		if _, ok := got[tgt][key]; !ok {
			got[tgt][key] = lf.msg
			gotLocs = append(gotLocs, key)
		}
	}
	wantTarget := ""
	if want.target != nil {
		wantTarget = "/" + strings.Join(want.target, "/")
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s\n\t%s\n\tv6:     %v\n\tnative: %q", src, fmt.Sprintf(format, args...), want, gotLocs)
	}

	if want.failed {
		if stats != nil {
			stats.rejected++
		}
		g := got[wantTarget]
		for _, loc := range want.locs {
			msg, ok := g[loc]
			if strings.Contains(loc, fuzzyLoc) {
				msg, ok = fuzzyMatch(g, loc, want.msgs[loc])
			}
			if !ok {
				fail("v6 rejects %q; the native check does not", loc)
				continue
			}
			if !slices.Contains(want.msgs[loc], msg) {
				fail("at %q: native %q, v6 %q", loc, msg, want.msgs[loc])
			}
			if stats != nil {
				stats.locations++
			}
		}
		if wantTarget != "" && stats != nil {
			stats.targets++
		}
	}
	// Outside reference targets, nothing more than v6.
	for loc := range got[""] {
		if !want.failed || wantTarget != "" || (want.msgs[loc] == nil && !fuzzyHas(want, loc, got[""][loc])) {
			fail("the native check rejects %q; v6 does not", loc)
		}
	}
	for tgt := range got {
		if tgt != "" && tgt != wantTarget && stats != nil {
			stats.extraTargets++
		}
	}
	return true
}

// fuzzyMatch finds the location in g that matches loc, some of whose
// tokens are fuzzyLoc, and has one of the messages msgs.
func fuzzyMatch(g map[string]string, loc string, msgs []string) (string, bool) {
	want := strings.Split(loc, "/")
	for l, msg := range g {
		if fuzzyEqual(want, strings.Split(l, "/")) && slices.Contains(msgs, msg) {
			return msg, true
		}
	}
	return "", false
}

// fuzzyHas reports whether the oracle has a location with fuzzy tokens
// that matches loc and message msg.
func fuzzyHas(want oracleResult, loc, msg string) bool {
	got := strings.Split(loc, "/")
	for _, l := range want.locs {
		if fuzzyEqual(strings.Split(l, "/"), got) && slices.Contains(want.msgs[l], msg) {
			return true
		}
	}
	return false
}

func fuzzyEqual(want, got []string) bool {
	if len(want) != len(got) {
		return false
	}
	for i := range want {
		if want[i] != fuzzyLoc && want[i] != got[i] {
			return false
		}
	}
	return true
}

func TestMetaschemaExamples(t *testing.T) {
	for _, src := range []string{
		`{"$vocabulary":{"not a uri":true}}`,
		`{"$vocabulary":{"http://x":1}}`,
		`{"$schema":"http://json-schema.org/draft-04/schema#","exclusiveMaximum":true,"exclusiveMinimum":true}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","items":{"type":"strng"}}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","items":5}`,
		`{"$schema":"http://json-schema.org/draft-04/schema#","items":true}`,
		`{"properties":{"p":{"$ref":"#/x"}},"x":{"type":"strng"}}`,
		`{"type":["strng"]}`,
		`{"type":["string","string"]}`,
		`{"type":[]}`,
		`{"multipleOf":0}`,
		`{"$id":"a#b"}`,
		`{"$id":"\\a#b"}`,
		`{"$anchor":"1a"}`,
		`{"minLength":-1.5}`,
		`{"$recursiveAnchor":true}`,
		`{"$schema":"https://json-schema.org/draft/2019-09/schema","$recursiveAnchor":"x"}`,
		`{"$schema":5}`,
		`{"required":["a",1,"a"]}`,
		`{"$defs":{"a":{"$id":"http://x/y","$schema":"http://json-schema.org/draft-04/schema#","type":"strng","exclusiveMinimum":true}}}`,
		`{"$defs":{"a":{"id":"http://x/y","$schema":"http://json-schema.org/draft-04/schema#","type":"strng","exclusiveMinimum":true}}}`,
		`{"$defs":{"a":{"$schema":"http://json-schema.org/draft-04/schema#","exclusiveMinimum":true}}}`,
		`{"dependencies":{"a":5}}`,
		`{"dependencies":{"a":["x","x"]}}`,
		`{"enum":[]}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","enum":[]}`,
		`{"$schema":"http://json-schema.org/draft-04/schema#","id":"#foo","$ref":5}`,
		`true`,
		`{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"a":true}}`,
		`{"$ref":"#/x","x":5}`,
		`{"$ref":"#/x","x":{"minLength":"a"},"y":{"$ref":"#/z"},"z":{"maxLength":"b"}}`,
		`{"contentSchema":5}`,
	} {
		diffV6(t, nil, src)
	}
}

// dialectHeaders start a schema in each dialect; "" is the default
// (2020-12).
var dialectHeaders = []string{
	``,
	`"$schema":"https://json-schema.org/draft/2020-12/schema",`,
	`"$schema":"https://json-schema.org/draft/2019-09/schema",`,
	`"$schema":"http://json-schema.org/draft-07/schema#",`,
	`"$schema":"http://json-schema.org/draft-06/schema#",`,
	`"$schema":"http://json-schema.org/draft-04/schema#",`,
}

// metaKeywords are the keywords of every draft's metaschema, plus one no
// draft knows.
var metaKeywords = []string{
	"type", "enum", "const", "default", "title", "description", "format", "pattern",
	"multipleOf", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum",
	"maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties",
	"uniqueItems", "required", "properties", "patternProperties", "definitions",
	"additionalProperties", "additionalItems", "items", "dependencies",
	"allOf", "anyOf", "oneOf", "not", "$schema", "$ref", "id", "$id",
	"contains", "propertyNames", "examples", "if", "then", "else",
	"$comment", "contentMediaType", "contentEncoding", "readOnly", "writeOnly",
	"$defs", "dependentSchemas", "unevaluatedItems", "unevaluatedProperties",
	"contentSchema", "maxContains", "minContains", "dependentRequired", "deprecated",
	"$anchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary",
	"prefixItems", "$dynamicRef", "$dynamicAnchor", "x-unknown",
}

// metaValues are valid and invalid values for every rule.
var metaValues = []string{
	`null`, `true`, `false`, `0`, `-1`, `1`, `2.5`, `1e300`, `-0.5`, `1.0`,
	`""`, `"string"`, `"strng"`, `"integer"`, `"a#b"`, `"#foo"`, `"#"`, `"#/x"`, `"x y"`,
	`"http://example.com/s"`, `"http://[::1"`, `"http://[fe80::1%25eth0]/"`, `"http://::1/"`,
	`"\\x"`, `"a_b"`, `"_a"`, `"a:b"`, `"1a"`, `"urn:x"`, `"%zz"`, `"https://json-schema.org/draft/2020-12/schema"`,
	`[]`, `["string"]`, `["string","null"]`, `["string","string"]`, `["strng"]`, `["a",1]`, `["a","a"]`,
	`[1,1.0]`, `[{}]`, `[true]`, `[5]`, `[{"type":"strng"}]`, `[[1],[1]]`, `[{"a":1,"b":2},{"b":2,"a":1}]`,
	`{}`, `{"type":"strng"}`, `{"type":"string"}`, `{"a":{"type":"string"}}`, `{"a":5}`, `{"a":true}`,
	`{"a":["b","b"]}`, `{"a":["b"]}`, `{"a":[]}`, `{"http://x":true}`, `{"not a uri":true}`, `{"http://x":1}`,
	`{"$ref":"#/x"}`, `{"$id":"http://x/y","type":"strng"}`, `{"minimum":"1","maximum":"2"}`,
}

// metaContexts place a keyword: at the root, in a property, in a
// subschema of an embedded resource of each dialect, and in a reference
// target. %[1]s is the dialect header, %[2]s the member.
var metaContexts = []string{
	`{%[1]s%[2]s}`,
	`{%[1]s"type":"object","properties":{"p":{%[2]s}}}`,
	`{%[1]s"$ref":"#/x","x":{%[2]s}}`,
	`{%[1]s"$ref":"#/x","x":%[3]s}`,
}

func TestMetaschemaGenerated(t *testing.T) {
	var stats diffStats
	headers, values := dialectHeaders, metaValues
	if testing.Short() {
		// Every keyword and value in the default dialect and draft-07;
		// the others in the full run.
		headers = []string{dialectHeaders[0], dialectHeaders[3]}
	}
	for _, h := range headers {
		for _, k := range metaKeywords {
			for _, v := range values {
				member := strconv.Quote(k) + ":" + v
				for _, c := range metaContexts {
					diffV6(t, &stats, fmt.Sprintf(c, h, member, v))
				}
			}
		}
	}
	// Embedded resources of each dialect inside each dialect.
	for _, outer := range headers {
		for _, inner := range dialectHeaders[1:] {
			if strings.Contains(inner, "2019-09") && !strings.Contains(outer, "2019-09") {
				// v6 resolves the 2019-09 metaschema's "$recursiveRef"
				// to the wrong schema when the document starts in
				// another dialect ("definitions": {"a": 5} must be an
				// object, it says).
				continue
			}
			id := `"$id":"http://x.example/a",`
			if strings.Contains(inner, "draft-04") {
				id = `"id":"http://x.example/a",`
			}
			for _, k := range metaKeywords {
				for _, v := range []string{`true`, `-1`, `"strng"`, `["a","a"]`, `{"a":5}`, `[]`} {
					diffV6(t, &stats, fmt.Sprintf(`{%s"$defs":{"e":{%s%s%q:%s}}}`, outer, inner, id, k, v))
				}
			}
		}
	}
	t.Log(stats)
}

// TestMetaschemaPropertySchemas runs the oracle's property schemas (see
// oracleProps) through both, alone, in a requested schema, and in a
// requested schema of each dialect.
func TestMetaschemaPropertySchemas(t *testing.T) {
	var stats diffStats
	for _, tc := range oracleProps {
		diffV6(t, &stats, tc.p)
		for _, h := range dialectHeaders {
			diffV6(t, &stats, `{`+h+`"type":"object","properties":{"p":`+tc.p+`}}`)
		}
	}
	t.Log(stats)
}

// TestMetaschemaFuzzCorpora runs the fuzz corpora through both: this
// package's seeds and corpus files, and the JSON schemas inside the Go
// sources of the analyzer's corpus (string literals and map literals).
func TestMetaschemaFuzzCorpora(t *testing.T) {
	var stats diffStats
	for _, src := range fuzzCorpus(t) {
		diffV6(t, &stats, src)
	}
	if stats.schemas < 40 {
		t.Errorf("only %d schemas in the corpora", stats.schemas)
	}
	t.Log(stats)
}

// FuzzMetaschema runs the differential test on arbitrary input.
//
//	go test ./internal/schema -run '^$' -fuzz FuzzMetaschema
func FuzzMetaschema(f *testing.F) {
	for _, src := range fuzzCorpus(f) {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		diffV6(t, nil, string(data))
	})
}

func fuzzCorpus(tb testing.TB) []string {
	tb.Helper()
	out := append([]string(nil), fuzzCheckSeeds...)
	for _, dir := range []string{"testdata/fuzz/FuzzCheck", "testdata/fuzz/FuzzParseJSON"} {
		for _, v := range corpusValues(tb, dir, "[]byte(") {
			out = append(out, v)
		}
	}
	for _, goSrc := range corpusValues(tb, "../../analyzer/testdata/fuzz/FuzzAnalyzePackage", "string(") {
		out = append(out, schemasInGo(goSrc)...)
	}
	return out
}

// corpusValues returns the first value of each file of a Go fuzz corpus
// directory, for values written as prefix("...").
func corpusValues(tb testing.TB, dir, prefix string) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus in %s: %v", dir, err)
	}
	var out []string
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			tb.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if len(lines) < 2 || lines[0] != "go test fuzz v1" {
			tb.Fatalf("%s: not a fuzz corpus file", file)
		}
		v, ok := strings.CutPrefix(lines[1], prefix)
		v, ok2 := strings.CutSuffix(v, ")")
		if !ok || !ok2 {
			tb.Fatalf("%s: first value is not %s...)", file, prefix)
		}
		s, err := strconv.Unquote(v)
		if err != nil {
			tb.Fatalf("%s: %v", file, err)
		}
		out = append(out, s)
	}
	return out
}

// schemasInGo returns the JSON schemas written in a Go source: string
// literals holding a JSON object, and map[string]any literals written with
// constants only, as JSON text.
func schemasInGo(src string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if s, err := strconv.Unquote(n.Value); err == nil && strings.HasPrefix(strings.TrimSpace(s), "{") {
					if _, err := ParseJSON([]byte(s), nil); err == nil {
						out = append(out, s)
					}
				}
			}
		case *ast.CompositeLit:
			if isMapLit(n) {
				if s, ok := goLitJSON(n); ok {
					out = append(out, s)
				}
				return false
			}
		}
		return true
	})
	return out
}

func isMapLit(lit *ast.CompositeLit) bool {
	m, ok := lit.Type.(*ast.MapType)
	return ok && fmt.Sprint(m.Key) == "string"
}

// goLitJSON writes a composite literal of constants as JSON.
func goLitJSON(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			s, err := strconv.Unquote(e.Value)
			return strconv.Quote(s), err == nil
		case token.INT, token.FLOAT:
			return e.Value, true
		}
	case *ast.Ident:
		switch e.Name {
		case "true", "false":
			return e.Name, true
		case "nil":
			return "null", true
		}
	case *ast.UnaryExpr:
		if e.Op == token.SUB {
			s, ok := goLitJSON(e.X)
			return "-" + s, ok
		}
	case *ast.CompositeLit:
		var parts []string
		_, isMap := e.Type.(*ast.MapType)
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				k, ok1 := goLitJSON(kv.Key)
				v, ok2 := goLitJSON(kv.Value)
				if !ok1 || !ok2 || !strings.HasPrefix(k, `"`) {
					return "", false
				}
				parts = append(parts, k+":"+v)
				continue
			}
			v, ok := goLitJSON(el)
			if !ok || isMap {
				return "", false
			}
			parts = append(parts, v)
		}
		if isMap {
			return "{" + strings.Join(parts, ",") + "}", true
		}
		return "[" + strings.Join(parts, ",") + "]", true
	}
	return "", false
}

// TestMetaschemaRandom compares the two on random nested schemas built
// from the keywords and values above, with ids, anchors and references
// among them.
func TestMetaschemaRandom(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var stats diffStats
	for range n {
		diffV6(t, &stats, randomSchema(rng, 0))
	}
	t.Log(stats)
}

func randomSchema(rng *rand.Rand, depth int) string {
	if depth > 0 && rng.IntN(8) == 0 {
		return metaValues[rng.IntN(len(metaValues))]
	}
	var members []string
	if depth == 0 && rng.IntN(2) == 0 {
		members = append(members, strings.TrimSuffix(dialectHeaders[1+rng.IntN(len(dialectHeaders)-1)], ","))
	}
	for range 1 + rng.IntN(4) {
		k := metaKeywords[rng.IntN(len(metaKeywords))]
		var v string
		switch r := rng.IntN(10); {
		case r < 4 && depth < 3:
			v = randomSchema(rng, depth+1)
			switch rng.IntN(4) {
			case 0:
				v = "[" + v + "," + randomSchema(rng, depth+1) + "]"
			case 1:
				v = `{"a":` + v + `,"b":` + randomSchema(rng, depth+1) + `}`
			}
		case r < 5:
			refs := []string{`"#/x"`, `"#/properties/a"`, `"#/$defs/a"`, `"#a"`, `"#/items/0"`, `"http://x.example/a#/x"`, `"#/x/y"`, `"other.json"`, `"#/definitions/a/properties"`}
			k = []string{"$ref", "$dynamicRef", "$recursiveRef"}[rng.IntN(3)]
			v = refs[rng.IntN(len(refs))]
		case r < 6:
			k = []string{"$id", "id", "$anchor", "$dynamicAnchor", "$schema"}[rng.IntN(5)]
			vals := []string{`"http://x.example/a"`, `"a"`, `"#a"`, `"http://x.example/b#c"`,
				`"http://json-schema.org/draft-07/schema#"`, `"http://json-schema.org/draft-04/schema#"`,
				`"https://json-schema.org/draft/2019-09/schema"`}
			if depth > 0 {
				// Not 2019-09 inside another dialect: see
				// TestMetaschemaGenerated.
				vals = vals[:len(vals)-1]
			}
			v = vals[rng.IntN(len(vals))]
		default:
			v = metaValues[rng.IntN(len(metaValues))]
		}
		members = append(members, strconv.Quote(k)+":"+v)
	}
	if depth == 0 && rng.IntN(2) == 0 {
		members = append(members, `"x":`+randomSchema(rng, 1))
	}
	return "{" + strings.Join(members, ",") + "}"
}
