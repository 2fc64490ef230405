package schema

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The oracle: whatever Check accepts must also be valid per the official MCP
// schema.json of that version. Check is stricter than the official files
// (they do not forbid extra keywords), so the converse does not hold.

// specDir holds the official schema files, with their source (see
// SOURCE.md there).
const specDir = "testdata/spec"

type officialSchema struct {
	primitive *jsonschema.Schema // PrimitiveSchemaDefinition
	requested *jsonschema.Schema // the requestedSchema of form params
}

func loadOfficial(t *testing.T, v Version) officialSchema {
	t.Helper()
	path := filepath.Join(specDir, "mcp-schema-"+string(v)+".json")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	l := &refusingLoader{}
	c.UseLoader(l)
	url := "https://mcp.test/" + string(v) + "/schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	defs, requested := "#/$defs/", "#/$defs/ElicitRequestFormParams/properties/requestedSchema"
	if v == V20250618 {
		defs, requested = "#/definitions/", "#/definitions/ElicitRequest/properties/params/properties/requestedSchema"
	}
	var o officialSchema
	if o.primitive, err = c.Compile(url + defs + "PrimitiveSchemaDefinition"); err != nil {
		t.Fatal(err)
	}
	if o.requested, err = c.Compile(url + requested); err != nil {
		t.Fatal(err)
	}
	if len(l.attempts) > 0 {
		t.Fatalf("official schema tried to load %q", l.attempts)
	}
	return o
}

// oracleProps are property schemas, valid and invalid. okIn lists the
// versions in which Check must accept the property; bad marks properties
// Check must reject in every version.
var oracleProps = []struct {
	p    string
	okIn []Version
	bad  bool
}{
	// strings
	{p: `{"type":"string"}`, okIn: allVersions},
	{p: `{"type":"string","title":"Name","description":"Your full name"}`, okIn: allVersions},
	{p: `{"type":"string","minLength":0,"maxLength":100}`, okIn: allVersions},
	{p: `{"type":"string","minLength":3,"maxLength":3}`, okIn: allVersions},
	{p: `{"type":"string","format":"email"}`, okIn: allVersions},
	{p: `{"type":"string","format":"uri","title":"Homepage"}`, okIn: allVersions},
	{p: `{"type":"string","format":"date"}`, okIn: allVersions},
	{p: `{"type":"string","format":"date-time","description":"When"}`, okIn: allVersions},
	{p: `{"type":"string","title":"","description":""}`, okIn: allVersions},
	{p: `{"type":"string","format":"email","minLength":5,"maxLength":254}`, okIn: allVersions},
	{p: `{"type":"string","maxLength":0}`, okIn: allVersions},
	{p: `{"type":"string","default":"hello"}`, okIn: v11up},
	{p: `{"type":"string","default":"ab","minLength":1,"maxLength":5}`, okIn: v11up},
	{p: `{"type":"string","format":"email","default":"a@example.com"}`, okIn: v11up},
	{p: `{"type":"string","default":5}`, bad: true},
	{p: `{"type":"string","format":"phone"}`, bad: true},
	{p: `{"type":"string","format":"password"}`, bad: true},
	{p: `{"type":"string","format":"uuid"}`, bad: true},
	{p: `{"type":"string","format":5}`, bad: true},
	{p: `{"type":"string","pattern":"^[a-z]+$"}`, bad: true},
	{p: `{"type":"string","minLength":-1}`, bad: true},
	{p: `{"type":"string","minLength":1.5}`, bad: true},
	{p: `{"type":"string","minLength":"1"}`, bad: true},
	{p: `{"type":"string","minLength":5,"maxLength":1}`, bad: true},
	{p: `{"type":"string","title":5}`, bad: true},
	{p: `{"type":"string","description":["x"]}`, bad: true},
	{p: `{"type":"string","const":"x"}`, bad: true},
	{p: `{"type":"string","examples":["x"]}`, bad: true},
	{p: `{"type":"string","readOnly":true}`, bad: true},
	{p: `{"type":"string","nullable":true}`, bad: true},
	{p: `{"type":"string","minimum":1}`, bad: true},
	{p: `{"type":"string","items":{"type":"string"}}`, bad: true},
	{p: `{"type":"string","required":true}`, bad: true},
	{p: `{"type":"string","$ref":"#/$defs/x"}`, bad: true},
	{p: `{"type":["string","null"]}`, bad: true},
	{p: `{"type":"strng"}`, bad: true},
	{p: `{"type":"null"}`, bad: true},
	{p: `{}`, bad: true},
	{p: `{"title":"untyped"}`, bad: true},
	{p: `true`, bad: true},
	{p: `"string"`, bad: true},
	// numbers
	{p: `{"type":"number"}`, okIn: allVersions},
	{p: `{"type":"integer"}`, okIn: allVersions},
	{p: `{"type":"number","minimum":-1.5,"maximum":2.5,"title":"Ratio"}`, okIn: allVersions},
	{p: `{"type":"integer","minimum":0,"maximum":120,"description":"Age"}`, okIn: allVersions},
	{p: `{"type":"number","maximum":0}`, okIn: allVersions},
	{p: `{"type":"integer","minimum":-10,"title":"Offset"}`, okIn: allVersions},
	{p: `{"type":"number","default":0.5}`, okIn: v11up},
	{p: `{"type":"integer","default":3,"minimum":1,"maximum":5}`, okIn: v11up},
	{p: `{"type":"integer","default":2.5}`, bad: true},
	{p: `{"type":"number","default":"1"}`, bad: true},
	{p: `{"type":"number","default":10,"maximum":5}`, bad: true},
	{p: `{"type":"number","minimum":"0"}`, bad: true},
	{p: `{"type":"number","minimum":10,"maximum":5}`, bad: true},
	{p: `{"type":"number","exclusiveMinimum":0}`, bad: true},
	{p: `{"type":"integer","multipleOf":2}`, bad: true},
	{p: `{"type":"integer","format":"int32"}`, bad: true},
	{p: `{"type":"number","enum":[1,2]}`, bad: true},
	{p: `{"type":["number","null"]}`, bad: true},
	// booleans
	{p: `{"type":"boolean"}`, okIn: allVersions},
	{p: `{"type":"boolean","default":true,"title":"Agree","description":"Do you agree?"}`, okIn: allVersions},
	{p: `{"type":"boolean","default":false}`, okIn: allVersions},
	{p: `{"type":"boolean","default":"true"}`, bad: true},
	{p: `{"type":"boolean","default":1}`, bad: true},
	{p: `{"type":"boolean","const":true}`, bad: true},
	// single-select enums
	{p: `{"type":"string","enum":["a","b"]}`, okIn: allVersions},
	{p: `{"type":"string","enum":["a"],"title":"One","description":"Only one"}`, okIn: allVersions},
	{p: `{"type":"string","enum":["s","m"],"enumNames":["Small","Medium"]}`, okIn: allVersions},
	{p: `{"type":"string","enum":["only"],"enumNames":["Only"],"title":"t","description":"d"}`, okIn: allVersions},
	{p: `{"type":"string","enum":["a","b"],"default":"a"}`, okIn: v11up},
	{p: `{"type":"string","enum":["s","m"],"enumNames":["Small","Medium"],"default":"m"}`, okIn: v11up},
	{p: `{"type":"string","oneOf":[{"const":"s","title":"Small"},{"const":"m","title":"Medium"}]}`, okIn: v11up},
	{p: `{"type":"string","title":"Size","oneOf":[{"const":"s","title":"Small"}],"default":"s"}`, okIn: v11up},
	{p: `{"type":"string","enum":[]}`, bad: true},
	{p: `{"type":"string","enum":["a","a"]}`, bad: true},
	{p: `{"type":"string","enum":["a",1]}`, bad: true},
	{p: `{"type":"string","enum":"a"}`, bad: true},
	{p: `{"type":"string","enum":["a","b"],"enumNames":["A"]}`, bad: true},
	{p: `{"type":"string","enum":["a"],"default":"b"}`, bad: true},
	{p: `{"type":"string","enum":["a"],"minLength":1}`, bad: true},
	{p: `{"enum":["a","b"]}`, bad: true},
	{p: `{"type":"integer","enum":[1]}`, bad: true},
	{p: `{"type":"string","oneOf":[]}`, bad: true},
	{p: `{"type":"string","oneOf":[{"const":"a"}]}`, bad: true},
	{p: `{"type":"string","oneOf":[{"title":"A"}]}`, bad: true},
	{p: `{"type":"string","oneOf":[{"const":1,"title":"A"}]}`, bad: true},
	{p: `{"type":"string","oneOf":[{"const":"","title":"None"}]}`, bad: true},
	{p: `{"type":"string","oneOf":[{"const":"a","title":"A"},{"const":"a","title":"B"}]}`, bad: true},
	{p: `{"type":"string","oneOf":[{"const":"a","title":"A","description":"x"}]}`, bad: true},
	{p: `{"type":"string","oneOf":[{"const":"a","title":"A"}],"default":"b"}`, bad: true},
	{p: `{"type":"string","anyOf":[{"const":"a","title":"A"}]}`, bad: true},
	{p: `{"oneOf":[{"type":"string"},{"type":"number"}]}`, bad: true},
	{p: `{"anyOf":[{"type":"string"},{"type":"null"}]}`, bad: true},
	// multi-select enums
	{p: `{"type":"array","items":{"type":"string","enum":["a","b"]}}`, okIn: v11up},
	{p: `{"type":"array","title":"Tags","minItems":1,"maxItems":2,"items":{"type":"string","enum":["a","b","c"]}}`, okIn: v11up},
	{p: `{"type":"array","items":{"type":"string","enum":["a","b"]},"default":["a"]}`, okIn: v11up},
	{p: `{"type":"array","items":{"anyOf":[{"const":"a","title":"A"},{"const":"b","title":"B"}]}}`, okIn: v11up},
	{p: `{"type":"array","description":"Pick","items":{"anyOf":[{"const":"a","title":"A"}]},"default":["a"],"maxItems":1}`, okIn: v11up},
	{p: `{"type":"array","items":{"type":"string","enum":["a"]},"default":[]}`, okIn: v11up},
	{p: `{"type":"array"}`, bad: true},
	{p: `{"type":"array","items":{"type":"string"}}`, bad: true},
	{p: `{"type":"array","items":{"type":"number","enum":[1]}}`, bad: true},
	{p: `{"type":"array","items":{"enum":["a"]}}`, bad: true},
	{p: `{"type":"array","items":{"type":"string","anyOf":[{"const":"a","title":"A"}]}}`, bad: true},
	{p: `{"type":"array","items":{"oneOf":[{"const":"a","title":"A"}]}}`, bad: true},
	{p: `{"type":"array","items":{"anyOf":[{"const":"a"}]}}`, bad: true},
	{p: `{"type":"array","items":{"anyOf":[]}}`, bad: true},
	{p: `{"type":"array","items":{"type":"string","enum":["a"]},"uniqueItems":true}`, bad: true},
	{p: `{"type":"array","items":{"type":"string","enum":["a"]},"default":["b"]}`, bad: true},
	{p: `{"type":"array","items":{"type":"string","enum":["a"]},"default":"a"}`, bad: true},
	{p: `{"type":"array","items":{"type":"string","enum":["a","b"]},"minItems":2,"maxItems":1}`, bad: true},
	{p: `{"type":"array","items":{"type":"string","enum":["a"]},"minItems":-1}`, bad: true},
	{p: `{"type":"array","items":[{"type":"string"}]}`, bad: true},
	{p: `{"type":"array","items":true}`, bad: true},
	{p: `{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}`, bad: true},
	{p: `{"type":"array","items":{"$ref":"#/$defs/x"}}`, bad: true},
	// nesting and composition
	{p: `{"type":"object"}`, bad: true},
	{p: `{"type":"object","properties":{"a":{"type":"string"}}}`, bad: true},
	{p: `{"properties":{"a":{"type":"string"}}}`, bad: true},
	{p: `{"type":"string","additionalProperties":false}`, bad: true},
	{p: `{"type":"string","patternProperties":{}}`, bad: true},
	{p: `{"$ref":"#/$defs/x"}`, bad: true},
	{p: `{"type":"string","allOf":[{"minLength":1}]}`, bad: true},
	{p: `{"type":"string","not":{"enum":["x"]}}`, bad: true},
	{p: `{"type":"string","if":{},"then":{},"else":{}}`, bad: true},
	{p: `{"type":"string","$defs":{}}`, bad: true},
}

func TestOracle(t *testing.T) {
	for _, v := range allVersions {
		t.Run(string(v), func(t *testing.T) {
			official := loadOfficial(t, v)
			accepted := 0
			for _, tc := range oracleProps {
				src := prop(tc.p)
				root, err := ParseJSON([]byte(src), nil)
				if err != nil {
					t.Fatalf("%s: %v", tc.p, err)
				}
				fs := Check(root, Options{Version: v})
				mustAccept := false
				for _, ok := range tc.okIn {
					mustAccept = mustAccept || ok == v
				}
				if mustAccept && len(fs) > 0 {
					t.Errorf("%s: Check rejects a valid %s property: %v", tc.p, v, fs)
				}
				if tc.bad && len(fs) == 0 {
					t.Errorf("%s: Check accepts an invalid property", tc.p)
				}
				if len(fs) > 0 {
					continue
				}
				accepted++
				inst, ok := ToAny(root.Get("properties").Get("p"))
				if !ok {
					t.Fatalf("%s: ToAny failed", tc.p)
				}
				if err := official.primitive.Validate(inst); err != nil {
					t.Errorf("%s: Check accepts it for %s, but the official PrimitiveSchemaDefinition rejects it: %v", tc.p, v, err)
				}
				whole, _ := ToAny(root)
				if err := official.requested.Validate(whole); err != nil {
					t.Errorf("%s: Check accepts it for %s, but the official requestedSchema rejects it: %v", tc.p, v, err)
				}
			}
			min := 36
			if v == V20250618 {
				min = 24
			}
			if accepted < min {
				t.Errorf("only %d property schemas accepted for %s; the oracle needs more positive cases", accepted, v)
			}
			t.Logf("%s: %d of %d property schemas accepted and confirmed by the official schema", v, accepted, len(oracleProps))
		})
	}
}

// TestOracleRequestedSchemas runs the same comparison on whole requested
// schemas, which exercises the root rules (required, $schema).
func TestOracleRequestedSchemas(t *testing.T) {
	roots := []struct {
		src  string
		okIn []Version
		bad  bool
	}{
		{src: `{"type":"object","properties":{}}`, okIn: allVersions},
		{src: `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"boolean"}},"required":["a"]}`, okIn: allVersions},
		{src: `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"a":{"type":"string"}}}`, okIn: v11up},
		{src: `{"type":"object","properties":{"a":{"type":"string"}},"required":["b"]}`, bad: true},
		{src: `{"type":"object","properties":{"a":{"type":"string"}},"required":"a"}`, bad: true},
		{src: `{"type":"object","properties":{"a":{"type":"string"}},"required":[1]}`, bad: true},
		{src: `{"type":"object"}`, bad: true},
		{src: `{"properties":{}}`, bad: true},
		{src: `{"type":"array","properties":{}}`, bad: true},
		{src: `{"type":"object","properties":[]}`, bad: true},
		{src: `{"type":"object","properties":{},"title":"Form"}`, bad: true},
		{src: `{"type":"object","properties":{},"$defs":{}}`, bad: true},
		{src: `{"$schema":5,"type":"object","properties":{}}`, bad: true},
	}
	for _, v := range allVersions {
		official := loadOfficial(t, v)
		for _, tc := range roots {
			root, err := ParseJSON([]byte(tc.src), nil)
			if err != nil {
				t.Fatal(err)
			}
			fs := Check(root, Options{Version: v})
			mustAccept := false
			for _, ok := range tc.okIn {
				mustAccept = mustAccept || ok == v
			}
			if mustAccept && len(fs) > 0 {
				t.Errorf("%s %s: Check rejects a valid schema: %v", v, tc.src, fs)
			}
			if tc.bad && len(fs) == 0 {
				t.Errorf("%s %s: Check accepts an invalid schema", v, tc.src)
			}
			if len(fs) == 0 {
				whole, _ := ToAny(root)
				if err := official.requested.Validate(whole); err != nil {
					t.Errorf("%s %s: Check accepts it, but the official schema rejects it: %v", v, tc.src, err)
				}
			}
		}
	}
}

// TestOracleSanity makes sure the official schemas are not vacuous: they
// reject what they should.
func TestOracleSanity(t *testing.T) {
	for _, v := range allVersions {
		official := loadOfficial(t, v)
		for _, p := range []string{`{"type":"strng"}`, `{"type":"object"}`, `{"type":"string","format":"phone"}`, `{"type":"number","minimum":"1"}`} {
			root, _ := ParseJSON([]byte(p), nil)
			inst, _ := ToAny(root)
			if err := official.primitive.Validate(inst); err == nil {
				t.Errorf("%s: official PrimitiveSchemaDefinition accepts %s", v, p)
			}
		}
		// Arrays are 2025-11-25 and later.
		root, _ := ParseJSON([]byte(`{"type":"array","items":{"type":"string","enum":["a"]}}`), nil)
		inst, _ := ToAny(root)
		err := official.primitive.Validate(inst)
		if (err == nil) != v.AtLeast(V20251125) {
			t.Errorf("%s: multi-select validation error = %v", v, err)
		}
		if !strings.HasPrefix(string(v), "20") {
			t.Fatal("bad version")
		}
	}
}

// TestSpecFilesMatchSource checks the official schema files against the
// checksums their SOURCE.md gives.
func TestSpecFilesMatchSource(t *testing.T) {
	source, err := os.ReadFile(filepath.Join(specDir, "SOURCE.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range allVersions {
		name := "mcp-schema-" + string(v) + ".json"
		data, err := os.ReadFile(filepath.Join(specDir, name))
		if err != nil {
			t.Fatal(err)
		}
		sum := fmt.Sprintf("%x", sha256.Sum256(data))
		found := false
		for _, line := range strings.Split(string(source), "\n") {
			if strings.HasPrefix(line, "| `"+name+"`") {
				found = true
				if !strings.Contains(line, "`"+sum+"`") {
					t.Errorf("%s: sha256 %s is not the one in SOURCE.md: %s", name, sum, line)
				}
			}
		}
		if !found {
			t.Errorf("%s: not listed in SOURCE.md", name)
		}
	}
}
