package schema

import (
	"fmt"
	"go/token"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/sensitive"
)

var (
	allVersions = []Version{V20250618, V20251125, V20260728}
	v06         = []Version{V20250618}
	v11up       = []Version{V20251125, V20260728}
)

// prop wraps one property schema, named p, in a requested schema.
func prop(p string) string { return `{"type":"object","properties":{"p":` + p + `}}` }

// named wraps one property schema with the given name.
func named(name, p string) string {
	return `{"type":"object","properties":{"` + name + `":` + p + `}}`
}

// want is one expected finding: its check, where it points (the first byte
// of the nth occurrence of at in the input; "" means offset 0) and a
// substring of its message.
type want struct {
	check string
	at    string
	msg   string
	nth   int
}

func nested(at, msg string) want  { return want{check: CheckNested, at: at, msg: msg} }
func schemaW(at, msg string) want { return want{check: CheckSchema, at: at, msg: msg} }
func secret(at, msg string) want  { return want{check: CheckSensitive, at: at, msg: msg} }

func (w want) n(nth int) want { w.nth = nth; return w }

func offsetOf(t *testing.T, src string, w want) int {
	t.Helper()
	if w.at == "" {
		return 0
	}
	off := -1
	rest := 0
	for i := 0; i <= w.nth; i++ {
		j := strings.Index(src[rest:], w.at)
		if j < 0 {
			t.Fatalf("marker %q (#%d) not in %s", w.at, w.nth, src)
		}
		off = rest + j
		rest = off + 1
	}
	return off
}

type checkCase struct {
	name  string
	vers  []Version // nil: all versions
	src   string
	wants []want
}

func runCheckCases(t *testing.T, cases []checkCase, m *sensitive.Matcher) {
	t.Helper()
	for _, tc := range cases {
		vers := tc.vers
		if vers == nil {
			vers = allVersions
		}
		for _, v := range vers {
			t.Run(tc.name+"/"+string(v), func(t *testing.T) {
				src := []byte(tc.src)
				fset, pos := offsetPos(src)
				root, err := ParseJSON(src, pos)
				if err != nil {
					t.Fatal(err)
				}
				got := Check(root, Options{Version: v, Sensitive: m})
				type gotF struct {
					check string
					off   int
					msg   string
				}
				var gs []gotF
				for _, f := range got {
					off := -1
					if f.Pos.IsValid() {
						off = fset.Position(f.Pos).Offset
					}
					gs = append(gs, gotF{f.Check, off, f.Message})
				}
				used := make([]bool, len(gs))
				var missing []string
				for _, w := range tc.wants {
					off := offsetOf(t, tc.src, w)
					found := false
					for i, g := range gs {
						if !used[i] && g.check == w.check && g.off == off && strings.Contains(g.msg, w.msg) {
							used[i], found = true, true
							break
						}
					}
					if !found {
						missing = append(missing, fmt.Sprintf("%s@%d %q", w.check, off, w.msg))
					}
				}
				var extra []string
				for i, g := range gs {
					if !used[i] {
						extra = append(extra, fmt.Sprintf("%s@%d %q", g.check, g.off, g.msg))
					}
				}
				if len(missing) > 0 || len(extra) > 0 {
					t.Errorf("src %s\nmissing:\n  %s\nunexpected:\n  %s", tc.src, strings.Join(missing, "\n  "), strings.Join(extra, "\n  "))
				}
				for _, f := range got {
					if f.Pos.IsValid() && f.End <= f.Pos {
						t.Errorf("finding %q: end %d is not after pos %d", f.Message, f.End, f.Pos)
					}
					if f.Message != strings.TrimSpace(f.Message) || strings.HasSuffix(f.Message, ".") {
						t.Errorf("message %q: trailing period or space", f.Message)
					}
					if first := f.Message[:1]; first != strings.ToLower(first) {
						t.Errorf("message %q does not start lower case", f.Message)
					}
				}
			})
		}
	}
}

func TestCheckValid(t *testing.T) {
	cases := []checkCase{
		{name: "empty form", src: `{"type":"object","properties":{}}`},
		{name: "string", src: prop(`{"type":"string","title":"Name","description":"Your name","minLength":1,"maxLength":50}`)},
		{name: "format email", src: prop(`{"type":"string","format":"email"}`)},
		{name: "format uri", src: prop(`{"type":"string","format":"uri"}`)},
		{name: "format date", src: prop(`{"type":"string","format":"date"}`)},
		{name: "format date-time", src: prop(`{"type":"string","format":"date-time"}`)},
		{name: "whole float length", src: prop(`{"type":"string","minLength":2.0,"maxLength":2}`)},
		{name: "number", src: prop(`{"type":"number","minimum":-1.5,"maximum":1e3}`)},
		{name: "integer", src: prop(`{"type":"integer","minimum":1,"maximum":10,"title":"Guests"}`)},
		{name: "min equals max", src: prop(`{"type":"integer","minimum":3,"maximum":3}`)},
		{name: "boolean default", src: prop(`{"type":"boolean","default":false,"title":"OK?","description":"d"}`)},
		{name: "enum", src: prop(`{"type":"string","enum":["S","M","L"],"title":"Size"}`)},
		{name: "enum with empty string", src: prop(`{"type":"string","enum":[""]}`)},
		{name: "legacy enumNames", src: prop(`{"type":"string","enum":["s","m"],"enumNames":["Small","Medium"]}`)},
		{name: "required", src: `{"type":"object","properties":{"email":{"type":"string","format":"email"},"ok":{"type":"boolean"}},"required":["email","ok"]}`},
		{name: "empty required", src: `{"type":"object","properties":{},"required":[]}`},
		{name: "jsonschema.For additionalProperties false", src: `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`},
		{name: "many properties", src: `{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer","minimum":0},"vip":{"type":"boolean"},"size":{"type":"string","enum":["s","m"]}},"required":["name"]}`},
	}
	runCheckCases(t, cases, mustMatcher(t))
}

func mustMatcher(t testing.TB) *sensitive.Matcher {
	m, err := sensitive.New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestCheckVersions(t *testing.T) {
	const since = "spec 2025-11-25 or later (this check targets 2025-06-18)"
	cases := []checkCase{
		{name: "$schema", vers: v11up, src: `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{}}`},
		{name: "$schema 06", vers: v06, src: `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{}}`,
			wants: []want{schemaW(`"$schema"`, `"$schema" in a requested schema needs `+since)}},
		{name: "string default", vers: v11up, src: prop(`{"type":"string","default":"x"}`)},
		{name: "string default 06", vers: v06, src: prop(`{"type":"string","default":"x"}`),
			wants: []want{schemaW(`"default"`, "default on a string property needs spec 2025-11-25 or later (this check targets 2025-06-18)")}},
		{name: "number default", vers: v11up, src: prop(`{"type":"number","default":1.5,"minimum":0}`)},
		{name: "number default 06", vers: v06, src: prop(`{"type":"number","default":1.5,"minimum":0}`),
			wants: []want{schemaW(`"default"`, "default on a number property needs "+since)}},
		{name: "integer default", vers: v11up, src: prop(`{"type":"integer","default":2}`)},
		{name: "integer default 06", vers: v06, src: prop(`{"type":"integer","default":2}`),
			wants: []want{schemaW(`"default"`, "default on an integer property needs "+since)}},
		{name: "enum default", vers: v11up, src: prop(`{"type":"string","enum":["a","b"],"default":"b"}`)},
		{name: "enum default 06", vers: v06, src: prop(`{"type":"string","enum":["a","b"],"default":"b"}`),
			wants: []want{schemaW(`"default"`, "default on an enum property needs "+since)}},
		{name: "titled single select", vers: v11up, src: prop(`{"type":"string","title":"Size","oneOf":[{"const":"s","title":"Small"},{"const":"m","title":"Medium"}],"default":"m"}`)},
		{name: "titled single select 06", vers: v06, src: prop(`{"type":"string","title":"Size","oneOf":[{"const":"s","title":"Small"},{"const":"m","title":"Medium"}],"default":"m"}`),
			wants: []want{
				schemaW(`"oneOf"`, `titled options ("oneOf") need `+since+`; use "enum" with "enumNames"`),
				schemaW(`"default"`, "default on a titled enum property needs "+since),
			}},
		{name: "untitled multi select", vers: v11up, src: prop(`{"type":"array","items":{"type":"string","enum":["a","b"]},"minItems":1,"maxItems":2,"default":["a"]}`)},
		{name: "titled multi select", vers: v11up, src: prop(`{"type":"array","title":"Toppings","items":{"anyOf":[{"const":"a","title":"A"},{"const":"b","title":"B"}]},"default":["a","b"]}`)},
		{name: "multi select 06", vers: v06, src: prop(`{"type":"array","items":{"type":"string","enum":["a","b"]},"minItems":1,"maxItems":"x"}`),
			wants: []want{schemaW(`"type":"array"`, `property "p" is an array: arrays (multi-select enums) need `+since)}},
		{name: "titled multi select 06", vers: v06, src: prop(`{"type":"array","items":{"anyOf":[{"const":"a","title":"A"}]}}`),
			wants: []want{schemaW(`"type":"array"`, `property "p" is an array: arrays (multi-select enums) need `+since)}},
		{name: "free string array 06", vers: v06, src: prop(`{"type":"array","items":{"type":"string"}}`),
			wants: []want{schemaW(`"type":"array"`, `property "p" is an array: arrays`)}},
		{name: "root keys list 06", vers: v06, src: `{"type":"object","properties":{},"title":"x"}`,
			wants: []want{schemaW(`"title"`, `keyword "title" is not part of the 2025-06-18 requested schema (type, properties, required); clients may ignore it`)}},
		{name: "root keys list 11", vers: []Version{V20251125}, src: `{"type":"object","properties":{},"title":"x"}`,
			wants: []want{schemaW(`"title"`, `keyword "title" is not part of the 2025-11-25 requested schema (type, properties, required, $schema); clients may ignore it`)}},
		{name: "pattern exact message", vers: []Version{V20251125}, src: prop(`{"type":"string","pattern":"^[a-z]+$"}`),
			wants: []want{schemaW(`"pattern"`, `keyword "pattern" is not part of the 2025-11-25 elicitation schema for string properties; clients may ignore it`)}},
		{name: "pattern names the version", vers: []Version{V20260728}, src: prop(`{"type":"string","pattern":"x"}`),
			wants: []want{schemaW(`"pattern"`, `keyword "pattern" is not part of the 2026-07-28 elicitation schema for string properties`)}},
		{name: "enum minLength in every version", src: prop(`{"type":"string","enum":["a"],"minLength":1}`),
			wants: []want{schemaW(`"minLength"`, `elicitation schema for enum properties; clients may ignore it`)}},
		{name: "default version is 2025-11-25", vers: []Version{""}, src: prop(`{"type":"string","default":"x","pattern":"y"}`),
			wants: []want{schemaW(`"pattern"`, "2025-11-25 elicitation schema")}},
		{name: "unknown version means default", vers: []Version{"1999-01-01"}, src: prop(`{"type":"string","default":"x"}`)},
	}
	runCheckCases(t, cases, nil)
}

func TestCheckNested(t *testing.T) {
	cases := []checkCase{
		{name: "object property (exact)", src: named("address", `{"type":"object","properties":{"street":{"type":"string"}}}`),
			wants: []want{nested(`"address"`, `property "address" is an object: elicitation schemas must be flat, and many clients render only one level; move its fields to the top level or ask in a second elicitation`)}},
		{name: "object without properties", src: prop(`{"type":"object"}`),
			wants: []want{nested(`"p"`, `property "p" is an object`)}},
		{name: "properties without type", src: prop(`{"properties":{"a":{"type":"string"}}}`),
			wants: []want{nested(`"properties"`, `property "p" has "properties": elicitation schemas must be flat`).n(1)}},
		{name: "patternProperties", src: prop(`{"type":"string","patternProperties":{"^x":{}}}`),
			wants: []want{nested(`"patternProperties"`, `property "p" has "patternProperties"`)}},
		{name: "additionalProperties on a string", src: prop(`{"type":"string","additionalProperties":false}`),
			wants: []want{nested(`"additionalProperties"`, `property "p" has "additionalProperties", which belongs to object schemas`)}},
		{name: "object in a type list", src: prop(`{"type":["object","null"]}`),
			wants: []want{nested(`"p"`, `property "p" is an object`)}},
		{name: "array of objects", src: prop(`{"type":"array","items":{"type":"object","properties":{"n":{"type":"string"}}}}`),
			wants: []want{nested(`"p"`, `property "p" is an array of objects: elicitation schemas must be flat`)}},
		{name: "array of untyped objects", src: prop(`{"type":"array","items":{"properties":{"n":{"type":"string"}}}}`),
			wants: []want{nested(`"p"`, `property "p" is an array of objects`)}},
		{name: "array of arrays", src: prop(`{"type":"array","items":{"type":"array","items":{"type":"string","enum":["a"]}}}`),
			wants: []want{nested(`"p"`, `property "p" is an array of arrays`)}},
		{name: "tuple items", src: prop(`{"type":"array","items":[{"type":"string"}]}`),
			wants: []want{nested(`"items"`, `property "p" has a list of item schemas (a tuple)`)}},
		{name: "array without items", vers: v11up, src: prop(`{"type":"array"}`),
			wants: []want{nested(`"p"`, `property "p" is an array without "items": the only arrays elicitation allows are multi-select enums`)}},
		{name: "array of free strings", vers: v11up, src: prop(`{"type":"array","items":{"type":"string"}}`),
			wants: []want{nested(`"items"`, `property "p" is an array of free-form strings: the only arrays elicitation allows are multi-select enums`)}},
		{name: "array of numbers", vers: v11up, src: prop(`{"type":"array","items":{"type":"integer","minimum":1}}`),
			wants: []want{nested(`"items"`, `array of free-form numbers`)}},
		{name: "array of booleans", vers: v11up, src: prop(`{"type":"array","items":{"type":"boolean"}}`),
			wants: []want{nested(`"items"`, `array of free-form booleans`)}},
		{name: "array of anything", vers: v11up, src: prop(`{"type":"array","items":{}}`),
			wants: []want{nested(`"items"`, `array of free-form values`)}},
		{name: "$ref only", src: prop(`{"$ref":"#/$defs/x"}`),
			wants: []want{nested(`"$ref"`, `property "p" uses "$ref": elicitation schemas must be flat and self-contained, and clients do not resolve references`)}},
		{name: "$ref with type", src: prop(`{"type":"string","$ref":"#/$defs/x"}`),
			wants: []want{nested(`"$ref"`, `property "p" uses "$ref"`)}},
		{name: "$defs in a property", src: prop(`{"type":"string","$defs":{"x":{"type":"string"}}}`),
			wants: []want{nested(`"$defs"`, `property "p" uses "$defs": elicitation schemas must be flat and self-contained, and clients do not resolve definitions`)}},
		{name: "definitions in a property", src: prop(`{"type":"string","definitions":{}}`),
			wants: []want{nested(`"definitions"`, `property "p" uses "definitions"`)}},
		{name: "allOf", src: prop(`{"allOf":[{"type":"string"},{"minLength":1}]}`),
			wants: []want{nested(`"allOf"`, `property "p" uses "allOf": elicitation schemas must be flat, and clients do not combine schemas`)}},
		{name: "nullable anyOf", src: prop(`{"anyOf":[{"type":"string"},{"type":"null"}]}`),
			wants: []want{nested(`"anyOf"`, `property "p" uses "anyOf"`)}},
		{name: "oneOf of schemas", src: prop(`{"oneOf":[{"type":"string"},{"type":"number"}]}`),
			wants: []want{nested(`"oneOf"`, `property "p" uses "oneOf"`)}},
		{name: "oneOf of boolean schemas", vers: v11up, src: prop(`{"type":"string","oneOf":[true,false]}`),
			wants: []want{nested(`"oneOf"`, `property "p" uses "oneOf"`)}},
		{name: "not", src: prop(`{"type":"string","not":{"const":"x"}}`),
			wants: []want{nested(`"not"`, `property "p" uses "not"`)}},
		{name: "if then else", src: prop(`{"type":"string","if":{"minLength":1},"then":{},"else":{}}`),
			wants: []want{nested(`"if"`, `uses "if"`), nested(`"then"`, `uses "then"`), nested(`"else"`, `uses "else"`)}},
		{name: "dependentSchemas", src: prop(`{"type":"string","dependentSchemas":{}}`),
			wants: []want{nested(`"dependentSchemas"`, `uses "dependentSchemas"`)}},
		{name: "items $ref", vers: v11up, src: prop(`{"type":"array","items":{"$ref":"#/$defs/x"}}`),
			wants: []want{nested(`"$ref"`, `property "p": items use "$ref"`)}},
		{name: "items allOf next to enum", vers: v11up, src: prop(`{"type":"array","items":{"type":"string","enum":["a"],"allOf":[]}}`),
			wants: []want{nested(`"allOf"`, `property "p": items use "allOf"`)}},
		{name: "option with $ref", vers: v11up, src: prop(`{"type":"string","oneOf":[{"const":"a","title":"A","$ref":"#/x"}]}`),
			wants: []want{nested(`"$ref"`, `property "p": oneOf[0] uses "$ref"`)}},
		{name: "root $defs", src: `{"type":"object","properties":{},"$defs":{"x":{"type":"string"}}}`,
			wants: []want{nested(`"$defs"`, `requested schema uses "$defs"`)}},
		{name: "root $ref", src: `{"$ref":"#/$defs/form"}`,
			wants: []want{nested(`"$ref"`, `requested schema uses "$ref"`), schemaW("", `root of a requested schema must have type "object"`), schemaW("", `has no "properties"`)}},
		{name: "root allOf", src: `{"type":"object","properties":{},"allOf":[{"required":["a"]}]}`,
			wants: []want{nested(`"allOf"`, `requested schema uses "allOf"`)}},
	}
	runCheckCases(t, cases, nil)
}

func TestCheckRoot(t *testing.T) {
	cases := []checkCase{
		{name: "missing type (exact)", src: `{"properties":{}}`,
			wants: []want{schemaW("", `root of a requested schema must have type "object"`)}},
		{name: "type array", src: `{"type":"array","properties":{}}`,
			wants: []want{schemaW(`"type"`, `root of a requested schema must have type "object", not "array": elicitation asks for a set of named fields`)}},
		{name: "type list", src: `{"type":["object"],"properties":{}}`,
			wants: []want{schemaW(`"type"`, `root of a requested schema must have type "object", not an array`)}},
		{name: "root is a string", src: `"{\"type\":\"object\"}"`,
			wants: []want{schemaW("", `requested schema must be an object with type "object", not a string`)}},
		{name: "root is an array", src: `[]`,
			wants: []want{schemaW("", `requested schema must be an object with type "object", not an array`)}},
		{name: "root is null", src: `null`},
		{name: "root title", src: `{"type":"object","title":"T","properties":{}}`,
			wants: []want{schemaW(`"title"`, `keyword "title" is not part of the`)}},
		{name: "root additionalProperties true", src: `{"type":"object","properties":{},"additionalProperties":true}`,
			wants: []want{schemaW(`"additionalProperties"`, `keyword "additionalProperties" is not part of the`)}},
		{name: "root $schema not a string", vers: v11up, src: `{"$schema":5,"type":"object","properties":{}}`,
			wants: []want{schemaW(`"$schema"`, `"$schema" must be a string (a JSON Schema dialect URI), not a number`)}},
		{name: "missing properties", src: `{"type":"object"}`,
			wants: []want{schemaW("", `requested schema has no "properties": the spec requires them`)}},
		{name: "properties not an object", src: `{"type":"object","properties":[]}`,
			wants: []want{schemaW(`"properties"`, `"properties" must be an object that maps field names to schemas, not an array`)}},
		{name: "required not an array", src: `{"type":"object","properties":{"a":{"type":"string"}},"required":"a"}`,
			wants: []want{schemaW(`"required"`, `"required" must be an array of property names, not a string`)}},
		{name: "required entry not a string", src: `{"type":"object","properties":{"a":{"type":"string"}},"required":[1]}`,
			wants: []want{schemaW(`1]`, `"required" entries must be property names (strings), not a number`)}},
		{name: "required twice", src: `{"type":"object","properties":{"a":{"type":"string"}},"required":["a","a"]}`,
			wants: []want{schemaW(`"a"]`, `required lists "a" twice`)}},
		{name: "required typo (exact)", src: `{"type":"object","properties":{"email":{"type":"string"}},"required":["emial"]}`,
			wants: []want{schemaW(`"emial"`, `required names "emial", which is not a property (did you mean "email"?)`)}},
		{name: "required unknown", src: `{"type":"object","properties":{"email":{"type":"string"}},"required":["zzz"]}`,
			wants: []want{schemaW(`"zzz"`, `required names "zzz", which is not a property; no answer can satisfy it, so add the property or remove the name`)}},
		{name: "required without properties", src: `{"type":"object","required":["a"]}`,
			wants: []want{schemaW("", `has no "properties"`)}},
		{name: "duplicate root key", src: `{"type":"object","type":"object","properties":{}}`,
			wants: []want{schemaW(`"type"`, `requested schema has key "type" twice; JSON decoders keep only the last one`).n(1)}},
		{name: "duplicate property", src: `{"type":"object","properties":{"a":{"type":"string"},"a":{"type":"number","minimum":"x"}}}`,
			wants: []want{
				schemaW(`"a"`, `property "a" is defined twice; JSON decoders keep only the last definition`).n(1),
				schemaW(`"minimum"`, `property "a": minimum must be a number, not a string`),
			}},
	}
	runCheckCases(t, cases, nil)
}

func TestCheckTypes(t *testing.T) {
	cases := []checkCase{
		{name: "missing type", src: prop(`{"title":"x"}`),
			wants: []want{schemaW(`"p"`, `property "p" has no "type": clients cannot tell which input to show, and go-sdk rejects it; add "type": "string", "number", "integer" or "boolean"`)}},
		{name: "missing type with enum", src: prop(`{"enum":["a"]}`),
			wants: []want{schemaW(`"p"`, `add "type": "string"`)}},
		{name: "missing type, bad format still reported", src: prop(`{"format":"phone"}`),
			wants: []want{schemaW(`"p"`, `has no "type"`), schemaW(`"format"`, `format "phone" is not allowed`)}},
		{name: "type null", src: prop(`{"type":"null"}`),
			wants: []want{schemaW(`"type":"null"`, `property "p" has type "null": such a field asks for nothing`)}},
		{name: "nullable string", src: prop(`{"type":["string","null"],"maxLength":3}`),
			wants: []want{schemaW(`"type":[`, `property "p" has a list of types: elicitation needs a single type, and go-sdk rejects lists; use "type": "string" and leave "p" out of "required" to make it optional`)}},
		{name: "nullable string keeps checking", src: prop(`{"type":["null","string"],"format":"phone"}`),
			wants: []want{schemaW(`"type":[`, `use "type": "string"`), schemaW(`"format"`, `format "phone"`)}},
		{name: "two types", src: prop(`{"type":["string","number"]}`),
			wants: []want{schemaW(`"type":[`, `use one of "string", "number", "integer" or "boolean"`)}},
		{name: "type typo", src: prop(`{"type":"strng"}`),
			wants: []want{schemaW(`"type":"strng"`, `property "p" has type "strng", which elicitation does not support; use "string", "number", "integer", "boolean" or, for a multi-select, "array" (did you mean "string"?)`)}},
		{name: "type int", src: prop(`{"type":"int"}`),
			wants: []want{schemaW(`"type":"int"`, `property "p" has type "int", which elicitation does not support`)}},
		{name: "type number literal", src: prop(`{"type":5}`),
			wants: []want{schemaW(`"type":5`, `property "p": type must be a string such as "string", not a number`)}},
		{name: "property is a string", src: prop(`"string"`),
			wants: []want{schemaW(`"p"`, `property "p" must be a schema object, not a string`)}},
		{name: "property is true", src: prop(`true`),
			wants: []want{schemaW(`"p"`, `property "p" must be a schema object, not a boolean`)}},
		{name: "duplicate type key", src: prop(`{"type":"string","type":"number","minimum":1}`),
			wants: []want{schemaW(`"type":"number"`, `property "p" has key "type" twice`)}},
	}
	runCheckCases(t, cases, nil)
}

func TestCheckKeywords(t *testing.T) {
	notPart := func(kw, form string) string {
		return fmt.Sprintf(`keyword %q is not part of the 2025-11-25 elicitation schema for %s; clients may ignore it`, kw, form)
	}
	v11 := []Version{V20251125}
	cases := []checkCase{
		{name: "exclusiveMinimum", vers: v11, src: prop(`{"type":"number","exclusiveMinimum":0}`),
			wants: []want{schemaW(`"exclusiveMinimum"`, notPart("exclusiveMinimum", "number properties"))}},
		{name: "multipleOf", vers: v11, src: prop(`{"type":"integer","multipleOf":5}`),
			wants: []want{schemaW(`"multipleOf"`, notPart("multipleOf", "integer properties"))}},
		{name: "readOnly examples const", vers: v11, src: prop(`{"type":"string","readOnly":true,"examples":["a"],"const":"a"}`),
			wants: []want{
				schemaW(`"readOnly"`, notPart("readOnly", "string properties")),
				schemaW(`"examples"`, notPart("examples", "string properties")),
				schemaW(`"const"`, notPart("const", "string properties")),
			}},
		{name: "uniqueItems on multi-select", vers: v11, src: prop(`{"type":"array","uniqueItems":true,"items":{"type":"string","enum":["a"]}}`),
			wants: []want{schemaW(`"uniqueItems"`, notPart("uniqueItems", "multi-select enum properties"))}},
		{name: "format on a number", vers: v11, src: prop(`{"type":"number","format":"int32"}`),
			wants: []want{schemaW(`"format"`, notPart("format", "number properties"))}},
		{name: "enum on a number", vers: v11, src: prop(`{"type":"integer","enum":[1,2]}`),
			wants: []want{schemaW(`"enum"`, notPart("enum", "integer properties"))}},
		{name: "minLength on a boolean", vers: v11, src: prop(`{"type":"boolean","minLength":1}`),
			wants: []want{schemaW(`"minLength"`, notPart("minLength", "boolean properties"))}},
		{name: "enumNames on a titled enum", vers: v11, src: prop(`{"type":"string","oneOf":[{"const":"a","title":"A"}],"enumNames":["A"]}`),
			wants: []want{schemaW(`"enumNames"`, notPart("enumNames", "titled enum properties"))}},
		{name: "enum and oneOf", vers: v11, src: prop(`{"type":"string","oneOf":[{"const":"a","title":"A"}],"enum":["a"]}`),
			wants: []want{schemaW(`"enum"`, notPart("enum", "titled enum properties"))}},
		{name: "keyword with unknown type", vers: v11, src: prop(`{"pattern":"x"}`),
			wants: []want{schemaW(`"p"`, `has no "type"`), schemaW(`"pattern"`, `keyword "pattern" is not part of the 2025-11-25 elicitation schema for any property`)}},
		{name: "required inside a property", src: named("email", `{"type":"string","required":true}`),
			wants: []want{schemaW(`"required"`, `keyword "required" inside property "email" has no effect; list "email" in the root "required" array instead`)}},
		{name: "format phone (exact)", src: prop(`{"type":"string","format":"phone"}`),
			wants: []want{schemaW(`"format"`, `format "phone" is not allowed in elicitation schemas (email, uri, date, date-time); remove it and describe the expected input in the description`)}},
		{name: "format typo", src: prop(`{"type":"string","format":"datetime"}`),
			wants: []want{schemaW(`"format"`, `format "datetime" is not allowed in elicitation schemas (email, uri, date, date-time); did you mean "date-time"?`)}},
		{name: "format uuid", src: prop(`{"type":"string","format":"uuid"}`),
			wants: []want{schemaW(`"format"`, `format "uuid" is not allowed`)}},
		{name: "format not a string", src: prop(`{"type":"string","format":5}`),
			wants: []want{schemaW(`"format"`, `property "p": format must be a string, not a number`)}},
		{name: "title not a string", src: prop(`{"type":"string","title":5}`),
			wants: []want{schemaW(`"title"`, `property "p": title must be a string, not a number`)}},
		{name: "description not a string", src: prop(`{"type":"boolean","description":true}`),
			wants: []want{schemaW(`"description"`, `property "p": description must be a string, not a boolean`)}},
		{name: "negative minLength", src: prop(`{"type":"string","minLength":-1}`),
			wants: []want{schemaW(`"minLength"`, `property "p": minLength -1 is negative; lengths and counts start at 0`)}},
		{name: "fractional maxLength", src: prop(`{"type":"string","maxLength":2.5}`),
			wants: []want{schemaW(`"maxLength"`, `property "p": maxLength 2.5 must be a whole number`)}},
		{name: "string minLength", src: prop(`{"type":"string","minLength":"3"}`),
			wants: []want{schemaW(`"minLength"`, `property "p": minLength must be a non-negative integer, not a string`)}},
		{name: "minLength > maxLength", src: prop(`{"type":"string","minLength":5,"maxLength":2}`),
			wants: []want{schemaW(`"minLength"`, `property "p": minLength 5 is greater than maxLength 2`)}},
		{name: "minimum > maximum (exact)", src: named("age", `{"type":"integer","minimum":10,"maximum":5}`),
			wants: []want{schemaW(`"minimum"`, `property "age": minimum 10 is greater than maximum 5`)}},
		{name: "minimum not a number", src: prop(`{"type":"number","minimum":"5"}`),
			wants: []want{schemaW(`"minimum"`, `property "p": minimum must be a number, not a string`)}},
		{name: "minItems > maxItems", vers: v11up, src: prop(`{"type":"array","minItems":3,"maxItems":1,"items":{"type":"string","enum":["a","b"]}}`),
			wants: []want{schemaW(`"minItems"`, `property "p": minItems 3 is greater than maxItems 1`)}},
		{name: "negative maxItems", vers: v11up, src: prop(`{"type":"array","maxItems":-2,"items":{"type":"string","enum":["a"]}}`),
			wants: []want{schemaW(`"maxItems"`, `maxItems -2 is negative`)}},
		{name: "empty enum", src: prop(`{"type":"string","enum":[]}`),
			wants: []want{schemaW(`"enum"`, `property "p": enum is empty; a select needs at least one choice`)}},
		{name: "enum not an array", src: prop(`{"type":"string","enum":"a"}`),
			wants: []want{schemaW(`"enum"`, `property "p": enum must be an array of strings, not a string`)}},
		{name: "enum with a number", src: prop(`{"type":"string","enum":["a",2]}`),
			wants: []want{schemaW(`2]`, `property "p": enum[1] is a number; elicitation choices must be strings`)}},
		{name: "duplicate enum value", src: prop(`{"type":"string","enum":["a","b","a"]}`),
			wants: []want{schemaW(`"a"]`, `property "p": enum lists "a" twice`)}},
		{name: "enumNames length", src: prop(`{"type":"string","enum":["a","b","c"],"enumNames":["A","B"]}`),
			wants: []want{schemaW(`"enumNames"`, `property "p": enumNames has 2 entries but enum has 3; give every enum value one display name`)}},
		{name: "enumNames not an array", src: prop(`{"type":"string","enum":["a"],"enumNames":"A"}`),
			wants: []want{schemaW(`"enumNames"`, `enumNames must be an array of display names, not a string`)}},
		{name: "enumNames with a number", src: prop(`{"type":"string","enum":["a"],"enumNames":[1]}`),
			wants: []want{schemaW(`1]`, `property "p": enumNames[0] must be a string, not a number`)}},
	}
	runCheckCases(t, cases, nil)
}

func TestCheckEnumForms(t *testing.T) {
	cases := []checkCase{
		{name: "empty oneOf", vers: v11up, src: prop(`{"type":"string","oneOf":[]}`),
			wants: []want{schemaW(`"oneOf"`, `property "p": oneOf is empty; a select needs at least one option`)}},
		{name: "oneOf not an array", vers: v11up, src: prop(`{"type":"string","oneOf":{"const":"a","title":"A"}}`),
			wants: []want{schemaW(`"oneOf"`, `property "p": oneOf must be an array of {const, title} options, not an object`)}},
		{name: "option without title", vers: v11up, src: prop(`{"type":"string","oneOf":[{"const":"a","title":"A"},{"const":"b"}]}`),
			wants: []want{schemaW(`{"const":"b"}`, `property "p": oneOf[1] has no "title"; titled options need both "const" (the value) and "title" (the label)`)}},
		{name: "option without const", vers: v11up, src: prop(`{"type":"string","oneOf":[{"title":"A"}]}`),
			wants: []want{schemaW(`{"title":"A"}`, `property "p": oneOf[0] has no "const"`)}},
		{name: "option const not a string", vers: v11up, src: prop(`{"type":"string","oneOf":[{"const":1,"title":"One"}]}`),
			wants: []want{schemaW(`"const"`, `property "p": oneOf[0].const must be a string, not a number`)}},
		{name: "empty const", vers: v11up, src: prop(`{"type":"string","oneOf":[{"const":"","title":"None"}]}`),
			wants: []want{schemaW(`"const"`, `property "p": oneOf[0].const is empty; go-sdk rejects empty option values at run time`)}},
		{name: "duplicate const", vers: v11up, src: prop(`{"type":"string","oneOf":[{"const":"a","title":"A"},{"const":"a","title":"B"}]}`),
			wants: []want{schemaW(`"const"`, `property "p": oneOf[1] repeats the value "a"`).n(1)}},
		{name: "option title not a string", vers: v11up, src: prop(`{"type":"string","oneOf":[{"const":"a","title":5}]}`),
			wants: []want{schemaW(`"title"`, `oneOf[0].title must be a string, not a number`)}},
		{name: "option extra key", vers: v11up, src: prop(`{"type":"string","oneOf":[{"const":"a","title":"A","description":"d"}]}`),
			wants: []want{schemaW(`"description"`, `keyword "description" is not part of a titled enum option (const, title); clients may ignore it`)}},
		{name: "options written as strings", vers: v11up, src: prop(`{"type":"string","oneOf":["a","b"]}`),
			wants: []want{
				schemaW(`"a"`, `property "p": oneOf[0] must be an option object {"const": value, "title": label}, not a string`),
				schemaW(`"b"`, `oneOf[1] must be an option object`),
			}},
		{name: "single select options in anyOf", vers: v11up, src: prop(`{"type":"string","anyOf":[{"const":"a","title":"A"}]}`),
			wants: []want{schemaW(`"anyOf"`, `property "p": titled single-select options go in "oneOf", not "anyOf"`)}},
		{name: "multi select options in anyOf", vers: v11up, src: prop(`{"type":"array","anyOf":[{"const":"a","title":"A"}]}`),
			wants: []want{schemaW(`"anyOf"`, `property "p": titled multi-select options go in "items": {"anyOf": [...]}`)}},
		{name: "titled multi with type (go-sdk)", vers: v11up, src: prop(`{"type":"array","items":{"type":"string","anyOf":[{"const":"a","title":"A"}]}}`),
			wants: []want{schemaW(`"type":"string"`, `property "p": titled multi-select items must not carry "type": go-sdk rejects that at run time; keep only "anyOf"`)}},
		{name: "items.oneOf options", vers: v11up, src: prop(`{"type":"array","items":{"oneOf":[{"const":"a","title":"A"}]}}`),
			wants: []want{schemaW(`"oneOf"`, `property "p": titled multi-select options go in items.anyOf, not items.oneOf`)}},
		{name: "multi option without title", vers: v11up, src: prop(`{"type":"array","items":{"anyOf":[{"const":"a"}]}}`),
			wants: []want{schemaW(`{"const":"a"}`, `property "p": items.anyOf[0] has no "title"`)}},
		{name: "empty items.anyOf", vers: v11up, src: prop(`{"type":"array","items":{"anyOf":[]}}`),
			wants: []want{schemaW(`"anyOf"`, `property "p": items.anyOf is empty`)}},
		{name: "untyped multi items", vers: v11up, src: prop(`{"type":"array","items":{"enum":["a"]}}`),
			wants: []want{schemaW(`"items"`, `property "p": multi-select items need "type": "string" next to "enum"; go-sdk rejects untyped items`)}},
		{name: "number multi items", vers: v11up, src: prop(`{"type":"array","items":{"type":"number","enum":[1,2]}}`),
			wants: []want{
				schemaW(`"type":"number"`, `property "p": multi-select items must have type "string"`),
				schemaW(`1,`, `property "p": items.enum[0] is a number`),
				schemaW(`2]`, `property "p": items.enum[1] is a number`),
			}},
		{name: "extra key on multi items", vers: []Version{V20251125}, src: prop(`{"type":"array","items":{"type":"string","enum":["a"],"minLength":1}}`),
			wants: []want{schemaW(`"minLength"`, `keyword "minLength" is not part of the 2025-11-25 elicitation schema for multi-select items; clients may ignore it`)}},
		{name: "empty items.enum", vers: v11up, src: prop(`{"type":"array","items":{"type":"string","enum":[]}}`),
			wants: []want{schemaW(`"enum"`, `property "p": items.enum is empty`)}},
		{name: "items not an object", vers: v11up, src: prop(`{"type":"array","items":true}`),
			wants: []want{schemaW(`"items"`, `property "p": items must be an object listing the choices, not a boolean`)}},
		{name: "duplicate key in items", vers: v11up, src: prop(`{"type":"array","items":{"type":"string","enum":["a"],"enum":["b"]}}`),
			wants: []want{schemaW(`"enum"`, `property "p": items has key "enum" twice`).n(1)}},
	}
	runCheckCases(t, cases, nil)
}

func TestCheckDefaults(t *testing.T) {
	cases := []checkCase{
		{name: "boolean default string", src: prop(`{"type":"boolean","default":"yes"}`),
			wants: []want{schemaW(`"default"`, `property "p": default must be a boolean, not a string`)}},
		{name: "string default number", vers: v11up, src: prop(`{"type":"string","default":5}`),
			wants: []want{schemaW(`"default"`, `property "p": default must be a string, not a number`)}},
		{name: "string default too short", vers: v11up, src: prop(`{"type":"string","minLength":3,"default":"ab"}`),
			wants: []want{schemaW(`"default"`, `property "p": default "ab" is shorter than minLength 3`)}},
		{name: "string default too long", vers: v11up, src: prop(`{"type":"string","maxLength":2,"default":"héllo"}`),
			wants: []want{schemaW(`"default"`, `default "héllo" is longer than maxLength 2`)}},
		{name: "string default counts runes", vers: v11up, src: prop(`{"type":"string","maxLength":2,"default":"éé"}`)},
		{name: "number default string", vers: v11up, src: prop(`{"type":"number","default":"5"}`),
			wants: []want{schemaW(`"default"`, `property "p": default must be a number, not a string`)}},
		{name: "integer default fraction", vers: v11up, src: prop(`{"type":"integer","default":2.5}`),
			wants: []want{schemaW(`"default"`, `property "p": default 2.5 is not an integer`)}},
		{name: "integer default whole float", vers: v11up, src: prop(`{"type":"integer","default":2.0}`)},
		{name: "number default below minimum", vers: v11up, src: prop(`{"type":"number","minimum":1,"default":0.5}`),
			wants: []want{schemaW(`"default"`, `property "p": default 0.5 is less than minimum 1`)}},
		{name: "number default above maximum", vers: v11up, src: prop(`{"type":"number","maximum":10,"default":11}`),
			wants: []want{schemaW(`"default"`, `property "p": default 11 is greater than maximum 10`)}},
		{name: "enum default not a choice", vers: v11up, src: prop(`{"type":"string","enum":["a","b"],"default":"c"}`),
			wants: []want{schemaW(`"default"`, `property "p": default "c" is not one of the choices ("a", "b")`)}},
		{name: "enum default number", vers: v11up, src: prop(`{"type":"string","enum":["a"],"default":1}`),
			wants: []want{schemaW(`"default"`, `default must be a string (one of the choices), not a number`)}},
		{name: "titled default not a choice", vers: v11up, src: prop(`{"type":"string","oneOf":[{"const":"a","title":"A"}],"default":"A"}`),
			wants: []want{schemaW(`"default"`, `property "p": default "A" is not one of the choices ("a")`)}},
		{name: "long choice list is cut", vers: v11up, src: prop(`{"type":"string","enum":["a","b","c","d","e","f","g","h","i","j"],"default":"z"}`),
			wants: []want{schemaW(`"default"`, `("a", "b", "c", "d", "e", "f", "g", "h", ...)`)}},
		{name: "multi default not an array", vers: v11up, src: prop(`{"type":"array","items":{"type":"string","enum":["a"]},"default":"a"}`),
			wants: []want{schemaW(`"default"`, `property "p": default must be an array of choices, not a string`)}},
		{name: "multi default not a choice", vers: v11up, src: prop(`{"type":"array","items":{"type":"string","enum":["a"]},"default":["a","x"]}`),
			wants: []want{schemaW(`"x"`, `property "p": default "x" is not one of the choices ("a")`)}},
		{name: "titled multi default not a choice", vers: v11up, src: prop(`{"type":"array","items":{"anyOf":[{"const":"a","title":"A"}]},"default":["A"]}`),
			wants: []want{schemaW(`"A"]`, `default "A" is not one of the choices ("a")`)}},
		{name: "multi default number", vers: v11up, src: prop(`{"type":"array","items":{"type":"string","enum":["a"]},"default":[1]}`),
			wants: []want{schemaW(`1]`, `property "p": default entries must be strings (choices), not a number`)}},
		{name: "multi default too few", vers: v11up, src: prop(`{"type":"array","minItems":2,"items":{"type":"string","enum":["a","b"]},"default":["a"]}`),
			wants: []want{schemaW(`"default"`, `property "p": default has 1 choices, fewer than minItems 2`)}},
		{name: "multi default too many", vers: v11up, src: prop(`{"type":"array","maxItems":1,"items":{"type":"string","enum":["a","b"]},"default":["a","b"]}`),
			wants: []want{schemaW(`"default"`, `default has 2 choices, more than maxItems 1`)}},
		{name: "bad enum makes default unknowable", vers: v11up, src: prop(`{"type":"string","enum":["a",1],"default":"b"}`),
			wants: []want{schemaW(`1]`, `enum[1] is a number`)}},
	}
	runCheckCases(t, cases, nil)
}

func TestCheckSensitive(t *testing.T) {
	m := mustMatcher(t)
	cases := []checkCase{
		{name: "password (exact)", vers: []Version{V20251125}, src: named("password", `{"type":"string"}`),
			wants: []want{secret(`"password"`, `form field "password" asks for a secret: servers must not request passwords, API keys, access tokens or payment credentials in form mode (MCP 2025-11-25); use url mode`)}},
		{name: "password 2026", vers: []Version{V20260728}, src: named("password", `{"type":"string"}`),
			wants: []want{secret(`"password"`, `(MCP 2026-07-28); use url mode`)}},
		{name: "password 06", vers: v06, src: named("password", `{"type":"string"}`),
			wants: []want{secret(`"password"`, `form field "password" asks for a secret: servers must not request sensitive information through elicitation (MCP 2025-06-18), and that version has no url mode`)}},
		{name: "apiKey", src: named("apiKey", `{"type":"string","title":"Key"}`),
			wants: []want{secret(`"apiKey"`, `form field "apiKey" asks for a secret:`)}},
		{name: "description mentions a token", src: named("gh", `{"type":"string","description":"Your GitHub personal access token"}`),
			wants: []want{secret(`"gh"`, `form field "gh" asks for a secret (its description mentions "access token"):`)}},
		{name: "title mentions a card", src: named("pay", `{"type":"string","title":"Card number"}`),
			wants: []want{secret(`"pay"`, `(its title mentions "card number")`)}},
		{name: "nullable password", src: named("password", `{"type":["string","null"]}`),
			wants: []want{schemaW(`"type"`, `has a list of types`).n(1), secret(`"password"`, `asks for a secret`)}},
		{name: "format password", src: named("x", `{"type":"string","format":"password"}`),
			wants: []want{schemaW(`"format"`, `format "password" is not allowed`), secret(`"x"`, `form field "x" asks for a secret (format "password")`)}},
		{name: "writeOnly boolean", src: named("x", `{"type":"boolean","writeOnly":true}`),
			wants: []want{schemaW(`"writeOnly"`, `keyword "writeOnly" is not part`), secret(`"x"`, `form field "x" asks for a secret ("writeOnly": true)`)}},
		{name: "boolean is never a secret", src: named("remember_password", `{"type":"boolean","title":"Remember password?"}`)},
		{name: "number is never a secret", src: named("pin", `{"type":"integer"}`)},
		{name: "enum is never a secret", src: named("token_type", `{"type":"string","enum":["bearer","mac"]}`)},
		{name: "titled enum is never a secret", vers: v11up, src: named("secret", `{"type":"string","oneOf":[{"const":"a","title":"Password"}]}`)},
		{name: "multi select is never a secret", vers: v11up, src: named("secrets", `{"type":"array","items":{"type":"string","enum":["a"]}}`)},
		{name: "harmless names", src: `{"type":"object","properties":{"max_tokens":{"type":"string"},"username":{"type":"string"},"email":{"type":"string","format":"email"},"keynote":{"type":"string"},"pinned":{"type":"string"},"account_name":{"type":"string"}}}`},
		{name: "password manager", src: named("pm", `{"type":"string","description":"Which password manager do you use?"}`)},
		{name: "object named password is nested, not sensitive", src: named("password", `{"type":"object"}`),
			wants: []want{nested(`"password"`, `is an object`)}},
	}
	runCheckCases(t, cases, m)

	// Allowed names and a nil matcher.
	allow, err := sensitive.New(nil, []string{"session_token"})
	if err != nil {
		t.Fatal(err)
	}
	runCheckCases(t, []checkCase{{name: "allowed name", src: named("sessionToken", `{"type":"string"}`)}}, allow)
	runCheckCases(t, []checkCase{{name: "nil matcher", src: named("password", `{"type":"string","format":"password"}`),
		wants: []want{schemaW(`"format"`, `format "password" is not allowed`)}}}, nil)
}

// TestCheckDedupesValidate shows that Check reports a problem once even
// when the metaschema also rejects it, and keeps metaschema findings that
// its own checks do not explain.
func TestCheckDedupesValidate(t *testing.T) {
	cases := []checkCase{
		{name: "bad type once", src: prop(`{"type":"strng"}`),
			wants: []want{schemaW(`"type":"strng"`, `did you mean "string"?`)}},
		{name: "bad minimum once", src: prop(`{"type":"number","minimum":"5"}`),
			wants: []want{schemaW(`"minimum"`, `minimum must be a number`)}},
		{name: "negative length once", src: prop(`{"type":"string","minLength":-1}`),
			wants: []want{schemaW(`"minLength"`, `is negative`)}},
		{name: "required twice once", src: `{"type":"object","properties":{"a":{"type":"string"}},"required":["a","a"]}`,
			wants: []want{schemaW(`"a"]`, `required lists "a" twice`)}},
		{name: "bad keyword inside a rejected keyword", src: prop(`{"type":"string","contains":{"type":"strng"}}`),
			wants: []want{schemaW(`"contains"`, `keyword "contains" is not part`)}},
		{name: "inside a nested object", src: prop(`{"type":"object","properties":{"x":{"type":5}}}`),
			wants: []want{nested(`"p"`, `is an object`)}},
		{name: "metaschema finding kept", vers: v11up, src: prop(`{"items":5}`),
			wants: []want{
				schemaW(`"p"`, `has no "type"`),
				schemaW(`"items"`, `property "p": items must be a boolean or an object, not a number: the JSON Schema metaschema rejects it, so SDKs may fail to load the schema`),
			}},
	}
	runCheckCases(t, cases, nil)
}

func TestCheckUnknownAndPartial(t *testing.T) {
	unknown := func() *Node { return &Node{Kind: Unknown} }
	str := func(s string) *Node { return &Node{Kind: String, Str: s} }
	obj := func(kv ...any) *Node {
		n := &Node{Kind: Object}
		for i := 0; i < len(kv); i += 2 {
			n.Set(kv[i].(string), kv[i+1].(*Node))
		}
		return n
	}
	arr := func(elems ...*Node) *Node { return &Node{Kind: Array, Elems: elems} }
	root := func(props *Node, rest ...any) *Node {
		return obj(append([]any{"type", str("object"), "properties", props}, rest...)...)
	}
	partial := func(n *Node) *Node { n.Partial = true; return n }

	tests := []struct {
		name string
		root *Node
		want []string // messages (substrings), in order
	}{
		{"nil root", nil, nil},
		{"unknown root", unknown(), nil},
		{"unknown property", root(obj("p", unknown())), nil},
		{"unknown type", root(obj("p", obj("type", unknown(), "minLength", str("x")))), []string{"minLength must be a non-negative integer"}},
		{"unknown type, foreign keyword", root(obj("p", obj("type", unknown(), "pattern", str("x")))), []string{`keyword "pattern" is not part of the 2025-11-25 elicitation schema for any property`}},
		{"unknown title", root(obj("p", obj("type", str("string"), "title", unknown()))), nil},
		{"unknown format", root(obj("p", obj("type", str("string"), "format", unknown()))), nil},
		{"unknown default", root(obj("p", obj("type", str("string"), "enum", arr(str("a")), "default", unknown()))), nil},
		{"unknown enum value hides default check", root(obj("p", obj("type", str("string"), "enum", arr(str("a"), unknown()), "default", str("b")))), nil},
		{"partial enum hides default check", root(obj("p", obj("type", str("string"), "enum", partial(arr(str("a"))), "default", str("b")))), nil},
		{"partial empty enum is not empty", root(obj("p", obj("type", str("string"), "enum", partial(arr())))), nil},
		{"known default not in known enum", root(obj("p", obj("type", str("string"), "enum", arr(str("a")), "default", str("b")))), []string{`default "b" is not one of the choices`}},
		{"unknown required entry", root(obj("a", obj("type", str("string"))), "required", arr(unknown())), nil},
		{"unknown required", root(obj(), "required", unknown()), nil},
		{"partial properties hide required check", root(partial(obj("a", obj("type", str("string")))), "required", arr(str("b"))), nil},
		{"complete properties", root(obj("a", obj("type", str("string"))), "required", arr(str("b"))), []string{`required names "b", which is not a property`}},
		{"partial root without type", partial(obj("properties", obj())), nil},
		{"partial root without properties", partial(obj("type", str("object"))), nil},
		{"unknown root type", obj("type", unknown(), "properties", obj()), nil},
		{"unknown properties", obj("type", str("object"), "properties", unknown()), nil},
		{"partial property without type", root(obj("p", partial(obj("title", str("x"))))), nil},
		{"partial option without title", root(obj("p", obj("type", str("string"), "oneOf", arr(partial(obj("const", str("a"))))))), nil},
		{"unknown option", root(obj("p", obj("type", str("string"), "oneOf", arr(unknown(), obj("const", str("a"), "title", str("A")))))), nil},
		{"partial array without items", root(obj("p", partial(obj("type", str("array"))))), nil},
		{"unknown items", root(obj("p", obj("type", str("array"), "items", unknown()))), nil},
		{"partial items", root(obj("p", obj("type", str("array"), "items", partial(obj("type", str("string")))))), nil},
		{"partial multi default", root(obj("p", obj("type", str("array"), "minItems", &Node{Kind: Number, Num: 3}, "items", obj("type", str("string"), "enum", arr(str("a"))), "default", partial(arr(str("a")))))), nil},
		{"unknown type element", root(obj("p", obj("type", arr(str("string"), unknown())))), []string{"has a list of types"}},
	}
	for _, tt := range tests {
		got := Check(tt.root, Options{})
		var msgs []string
		for _, f := range got {
			msgs = append(msgs, f.Message)
		}
		ok := len(msgs) == len(tt.want)
		for i := 0; ok && i < len(msgs); i++ {
			ok = strings.Contains(msgs[i], tt.want[i])
		}
		if !ok {
			t.Errorf("%s: got %q; want %q", tt.name, msgs, tt.want)
		}
	}
}

func TestCheckOrderIsDeterministic(t *testing.T) {
	src := []byte(`{"type":"object","title":"t","properties":{"b":{"type":"string","pattern":"x","format":"phone"},"a":{"type":"object"},"password":{"type":"string","minLength":-1}},"required":["c","b"]}`)
	fset, pos := offsetPos(src)
	root, err := ParseJSON(src, pos)
	if err != nil {
		t.Fatal(err)
	}
	m := mustMatcher(t)
	first := Check(root, Options{Sensitive: m})
	if len(first) < 6 {
		t.Fatalf("only %d findings: %v", len(first), first)
	}
	for i := 0; i < 20; i++ {
		if again := Check(root, Options{Sensitive: m}); !reflect.DeepEqual(again, first) {
			t.Fatalf("run %d differs:\n%v\n%v", i, again, first)
		}
	}
	if !sort.SliceIsSorted(first, func(i, j int) bool { return first[i].Pos < first[j].Pos }) {
		t.Errorf("findings not in source order: %v", first)
	}
	for _, f := range first {
		if !f.Pos.IsValid() {
			t.Errorf("finding without a position: %+v", f)
		}
		_ = fset.Position(f.Pos)
	}
	// The same position: ordered by message.
	f := func(check string, pos token.Pos, msg string) Finding {
		return Finding{Check: check, Pos: pos, End: pos + 1, Message: msg}
	}
	fs := sortFindings([]Finding{f("schema", 5, "b"), f("nested", 5, "a"), f("schema", 1, "z"), f("schema", 5, "b")})
	want := []Finding{f("schema", 1, "z"), f("nested", 5, "a"), f("schema", 5, "b")}
	if !reflect.DeepEqual(fs, want) {
		t.Errorf("sortFindings = %v; want %v", fs, want)
	}
}

func TestCheckWithoutPositions(t *testing.T) {
	root, err := ParseJSON([]byte(prop(`{"type":"strng"}`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := Check(root, Options{})
	if len(got) != 1 || got[0].Pos != token.NoPos {
		t.Errorf("Check = %v", got)
	}
}

// fuzzCheckSeeds seed FuzzCheck; the metaschema differential tests use
// them too.
var fuzzCheckSeeds = []string{
	`{}`, `null`, `[]`, `"x"`,
	prop(`{"type":"string","format":"phone","default":5}`),
	prop(`{"type":"array","items":{"anyOf":[{"const":"a","title":"A"}]},"default":["b"]}`),
	prop(`{"type":"array","items":{"type":"string","enum":["a","a"]},"minItems":2,"maxItems":1}`),
	prop(`{"$ref":"file:///etc/passwd"}`),
	prop(`{"$ref":"http://example.com/s.json"}`),
	`{"$schema":"http://example.com/meta","type":"object","properties":{}}`,
	`{"$id":"http://evil.example/x","$ref":"y.json"}`,
	`{"type":"object","properties":{"a":{"type":["string","null"],"pattern":"("}},"required":["b",1,"a","a"]}`,
	prop(`{"type":"string","oneOf":[{"const":"","title":1,"x":{"$ref":"#"}}],"enum":[],"enumNames":[1]}`),
	named("password", `{"type":"string","writeOnly":true}`),
	`{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"a":{"type":"strng"}}}`,
}

// FuzzCheck parses arbitrary input and checks it against every version.
func FuzzCheck(f *testing.F) {
	for _, s := range fuzzCheckSeeds {
		f.Add([]byte(s))
	}
	m, err := sensitive.New([]string{"license key"}, []string{"token_count"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fset, pos := offsetPos(data)
		root, err := ParseJSON(data, pos)
		if err != nil {
			return
		}
		for _, v := range allVersions {
			fs := Check(root, Options{Version: v, Sensitive: m})
			for i, f := range fs {
				if f.Check != CheckNested && f.Check != CheckSchema && f.Check != CheckSensitive {
					t.Fatalf("bad check %q", f.Check)
				}
				if f.Message == "" || strings.HasSuffix(f.Message, ".") {
					t.Fatalf("bad message %q", f.Message)
				}
				if f.Pos.IsValid() {
					_ = fset.Position(f.Pos)
				}
				if i > 0 && fs[i-1].Pos > f.Pos {
					t.Fatalf("findings out of order")
				}
			}
		}
		Validate(root)
	})
}

func BenchmarkCheck(b *testing.B) {
	src := []byte(`{"type":"object","properties":{"name":{"type":"string","minLength":1},"email":{"type":"string","format":"email"},"age":{"type":"integer","minimum":0,"maximum":150},"size":{"type":"string","oneOf":[{"const":"s","title":"Small"},{"const":"m","title":"Medium"}]},"tags":{"type":"array","items":{"type":"string","enum":["a","b"]}}},"required":["name","email"]}`)
	root, err := ParseJSON(src, nil)
	if err != nil {
		b.Fatal(err)
	}
	m := mustMatcher(b)
	b.ReportAllocs()
	for b.Loop() {
		Check(root, Options{Sensitive: m})
	}
}

// A finding spans the offending member, from its key to the end of its
// value.
func TestFindingSpan(t *testing.T) {
	cases := []struct{ src, span string }{
		{prop(`{"type":"string","format":"phone"}`), `"format":"phone"`},
		{named("address", `{"type":"object","properties":{}}`), `"address":{"type":"object","properties":{}}`},
		{named("password", `{"type":"string"}`), `"password":{"type":"string"}`},
		{`{"type":"object","properties":{"a":{"type":"string"}},"required":["a","b"]}`, `"b"`},
		{`{"type":"object","properties":{"a":{"type":"string"}},"extra":[1, 2]}`, `"extra":[1, 2]`},
	}
	m, err := sensitive.New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		src := []byte(tc.src)
		fset, pos := offsetPos(src)
		root, err := ParseJSON(src, pos)
		if err != nil {
			t.Fatal(err)
		}
		got := Check(root, Options{Sensitive: m})
		if len(got) != 1 {
			t.Errorf("%s: %d findings, want 1: %v", tc.src, len(got), got)
			continue
		}
		from, to := fset.Position(got[0].Pos).Offset, fset.Position(got[0].End).Offset
		if span := tc.src[from:to]; span != tc.span {
			t.Errorf("%s: finding spans %s, want %s", tc.src, span, tc.span)
		}
	}
}
