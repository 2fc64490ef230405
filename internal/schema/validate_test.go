package schema

import (
	"reflect"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		wants []want // check is always "schema"
	}{
		{"valid", prop(`{"type":"string","minLength":1}`), nil},
		{"valid with foreign keywords", prop(`{"type":"string","pattern":"^a","x-extra":{"y":1}}`), nil},
		{"valid nested (not a metaschema matter)", prop(`{"type":"object","properties":{"a":{"type":"string"}}}`), nil},
		{"bad type", prop(`{"type":"strng"}`),
			[]want{schemaW(`"type":"strng"`, `property "p": type must be one of "array", "boolean", "integer", "null", "number", "object", "string": the JSON Schema metaschema rejects it`)}},
		{"minimum string", prop(`{"type":"number","minimum":"5"}`),
			[]want{schemaW(`"minimum"`, `property "p": minimum must be a number, not a string`)}},
		{"negative minLength", prop(`{"type":"string","minLength":-1}`),
			[]want{schemaW(`"minLength"`, `property "p": minLength must be at least 0`)}},
		{"fractional minLength", prop(`{"type":"string","minLength":1.5}`),
			[]want{schemaW(`"minLength"`, `property "p": minLength must be an integer, not a number`)}},
		{"required twice", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a","a"]}`,
			[]want{schemaW(`"required"`, `required has equal items at 0 and 1`)}},
		{"required entry", `{"type":"object","properties":{},"required":[1]}`,
			[]want{schemaW(`1]`, `required/0 must be a string, not a number`)}},
		{"property not a schema", prop(`5`),
			[]want{schemaW(`"p"`, `property "p" must be a boolean or an object, not a number`)}},
		{"root not a schema", `5`,
			[]want{schemaW(``, `requested schema must be a boolean or an object, not a number`)}},
		{"enum not an array", prop(`{"type":"string","enum":"a"}`),
			[]want{schemaW(`"enum"`, `property "p": enum must be an array, not a string`)}},
		{"deep location", prop(`{"type":"array","items":{"type":"strng"}}`),
			[]want{schemaW(`"type":"strng"`, `property "p": items/type must be one of`)}},
		{"two problems", prop(`{"type":"strng","maxLength":"x"}`),
			[]want{schemaW(`"type"`, `type must be one of`).n(1), schemaW(`"maxLength"`, `maxLength must be an integer, not a string`)}},
		{"duplicate keys use the last", prop(`{"type":"strng","type":"string"}`), nil},
		{"draft-07 dialect", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"type":"strng"}}}`,
			[]want{schemaW(`"type":"strng"`, `property "a": type must be one of`)}},
		{"regexp syntax is engine-dependent", prop(`{"type":"string","pattern":"(?=x)"}`), nil},
		{"bad $ref URI", prop(`{"$ref":"http://[::1"}`),
			[]want{schemaW(`"$ref"`, `property "p": $ref is not a valid uri-reference`)}},
		{"dangling local ref is not a metaschema matter", prop(`{"$ref":"#/$defs/missing"}`), nil},
		{"reference target", `{"type":"object","properties":{"p":{"$ref":"#/x"}},"x":{"type":"strng"}}`,
			[]want{schemaW(`"type":"strng"`, `x/type must be one of "array"`)}},
		{"every reference target", `{"type":"object","properties":{"p":{"$ref":"#/x"},"q":{"$ref":"#/y"}},"x":{"minLength":"1"},"y":5}`,
			[]want{schemaW(`"minLength"`, `x/minLength must be an integer, not a string`), schemaW(`"y":5`, `y must be a boolean or an object, not a number`)}},
		{"target in an unknown keyword is not followed", `{"type":"object","properties":{},"x":{"$ref":"#/y"},"y":5}`, nil},
		{"vocabulary key", `{"type":"object","properties":{},"$vocabulary":{"not a uri":true}}`,
			[]want{schemaW(`"$vocabulary"`, `$vocabulary has key "not a uri", which is not a valid uri`)}},
		{"embedded draft-04 resource", `{"type":"object","properties":{"p":{"$schema":"http://json-schema.org/draft-04/schema#","id":"http://x.example/p","type":"string","exclusiveMinimum":true}}}`,
			[]want{schemaW(`"p"`, `property "p" has "exclusiveMinimum" without "minimum"`)}},
		{"draft-04 without an id is the document's draft", `{"type":"object","properties":{"p":{"$schema":"http://json-schema.org/draft-04/schema#","type":"string","exclusiveMinimum":true}}}`,
			[]want{schemaW(`"exclusiveMinimum"`, `property "p": exclusiveMinimum must be a number, not a boolean`)}},
		{"$id with a fragment", prop(`{"$id":"a#b"}`),
			[]want{schemaW(`"$id"`, `property "p": $id must not have a fragment`)}},
		{"anchor", prop(`{"$anchor":"1a"}`),
			[]want{schemaW(`"$anchor"`, `property "p": $anchor must match "^[A-Za-z_][-A-Za-z0-9._]*$"`)}},
		{"multipleOf", prop(`{"type":"number","multipleOf":0}`),
			[]want{schemaW(`"multipleOf"`, `property "p": multipleOf must be greater than 0`)}},
		{"two ids", `{"type":"object","properties":{"a":{"$id":"http://x.example/a","type":"strng"},"b":{"$id":"http://x.example/a"}}}`, nil},
	}
	for _, tt := range tests {
		src := []byte(tt.src)
		fset, pos := offsetPos(src)
		root, err := ParseJSON(src, pos)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := Validate(root)
		if len(got) != len(tt.wants) {
			t.Errorf("%s: Validate = %v; want %d findings", tt.name, got, len(tt.wants))
			continue
		}
		for i, w := range tt.wants {
			g := got[i]
			off := fset.Position(g.Pos).Offset
			if g.Check != CheckSchema || off != offsetOf(t, tt.src, w) || !strings.Contains(g.Message, w.msg) {
				t.Errorf("%s: finding %d = %s@%d %q; want @%d %q", tt.name, i, g.Check, off, g.Message, offsetOf(t, tt.src, w), w.msg)
			}
		}
	}
}

func TestValidateUnknown(t *testing.T) {
	root := &Node{Kind: Object}
	root.Set("type", &Node{Kind: Unknown})
	if got := Validate(root); got != nil {
		t.Errorf("Validate(unknown inside) = %v", got)
	}
	if got := Validate(nil); got != nil {
		t.Errorf("Validate(nil) = %v", got)
	}
	partial := &Node{Kind: Object, Partial: true}
	partial.Set("type", &Node{Kind: String, Str: "strng"})
	if got := Validate(partial); got != nil {
		t.Errorf("Validate(partial) = %v", got)
	}
}

// TestValidateNeverLoads: references and dialects outside the schema are
// not reported on, and the oracle, which would load them, is refused.
func TestValidateNeverLoads(t *testing.T) {
	tests := []struct {
		src      string
		attempts []string // by the oracle
	}{
		{prop(`{"$ref":"file:///etc/passwd"}`), []string{"file:///etc/passwd"}},
		{prop(`{"$ref":"http://example.com/s.json"}`), []string{"http://example.com/s.json"}},
		{prop(`{"$ref":"https://example.com/s.json#/x"}`), []string{"https://example.com/s.json"}},
		{prop(`{"$ref":"other.json"}`), []string{"https://elicitlint.invalid/other.json"}},
		{`{"$id":"http://evil.example/x","type":"object","properties":{"a":{"$ref":"y.json"}}}`, []string{"http://evil.example/y.json"}},
		{`{"$schema":"http://example.com/meta","type":"object","properties":{}}`, []string{"http://example.com/meta"}},
		{`{"$schema":"http://example.com/meta","type":"object","properties":{"a":{"type":"strng"}}}`, []string{"http://example.com/meta"}},
		{`{"type":"object","properties":{"a":{"$schema":"http://example.com/meta","type":"strng"}}}`, []string{"http://example.com/meta"}},
		// The official metaschemas are built in: nothing to load.
		{prop(`{"$ref":"https://json-schema.org/draft/2020-12/schema"}`), nil},
		{prop(`{"$ref":"#/$defs/x"}`), nil},
	}
	for _, tt := range tests {
		root, err := ParseJSON([]byte(tt.src), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := Validate(root); len(got) != 0 {
			t.Errorf("%s: Validate = %v", tt.src, got)
		}
		l := &refusingLoader{}
		if res, _ := v6Check(root, l); res.failed {
			t.Errorf("%s: oracle findings %v", tt.src, res)
		}
		if !reflect.DeepEqual(l.attempts, tt.attempts) {
			t.Errorf("%s: oracle load attempts %q; want %q", tt.src, l.attempts, tt.attempts)
		}
	}
	// The loader itself refuses.
	if v, err := (&refusingLoader{}).Load("file:///etc/passwd"); v != nil || err == nil {
		t.Errorf("Load = %v, %v", v, err)
	}
}

func TestPointers(t *testing.T) {
	root, err := ParseJSON([]byte(`{"a/b":{"c~d":[1,{"":2}]}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := &document{root: root}
	for ptr, want := range map[string]string{
		"":                "{",
		"/a~1b":           "{",
		"/a~1b/c~0d/0":    "1",
		"/a~1b/c~0d/1/":   "2",
		"/a~1b/c~0d/01/":  "2", // indexes as validators read them
		"/a~1b/c~0d/2":    "",
		"/a~2b":           "",
		"/a~":             "",
		"a":               "",
		"/a~1b/c~0d/0/x":  "",
		"/a~1b/c~0d/-1/x": "",
	} {
		p, ok := doc.lookup(ptr)
		switch {
		case want == "" && ok:
			t.Errorf("lookup(%q) found %v", ptr, p.node)
		case want != "" && !ok:
			t.Errorf("lookup(%q) found nothing", ptr)
		case ok && (want == "{") != (p.node.Kind == Object):
			t.Errorf("lookup(%q) = %v", ptr, p.node)
		case ok && want != "{" && p.node.Num != float64(want[0]-'0'):
			t.Errorf("lookup(%q) = %v", ptr, p.node.Num)
		case ok && pointer(p) != ptr:
			t.Errorf("pointer(lookup(%q)) = %q", ptr, pointer(p))
		}
	}
}

func TestDescribeLocation(t *testing.T) {
	tests := []struct {
		loc  []string
		want string
	}{
		{nil, "requested schema"},
		{[]string{"properties", "a"}, `property "a"`},
		{[]string{"properties", "a", "items", "type"}, `property "a": items/type`},
		{[]string{"required", "1"}, `required/1`},
	}
	for _, tt := range tests {
		if got := describeLocation(tt.loc); got != tt.want {
			t.Errorf("describeLocation(%q) = %q; want %q", tt.loc, got, tt.want)
		}
	}
}
