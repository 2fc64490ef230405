package schema

import (
	"encoding/json"
	"errors"
	"go/token"
	"reflect"
	"strings"
	"testing"
)

// offsetPos maps byte offsets to positions of a single file, so tests can
// turn positions back into offsets.
func offsetPos(data []byte) (*token.FileSet, func(int) token.Pos) {
	fset := token.NewFileSet()
	f := fset.AddFile("test.json", -1, len(data))
	return fset, func(off int) token.Pos { return f.Pos(off) }
}

func TestParseJSONValues(t *testing.T) {
	tests := []struct {
		in   string
		want any
	}{
		{`null`, nil},
		{`true`, true},
		{` false `, false},
		{`0`, 0.0},
		{`-0`, 0.0},
		{`12`, 12.0},
		{`-12.5e2`, -1250.0},
		{`1E-2`, 0.01},
		{`1e+2`, 100.0},
		{`""`, ""},
		{`"a\"b\\c\/d\b\f\n\r\t"`, "a\"b\\c/d\b\f\n\r\t"},
		{`"\u00e9\u20AC"`, "é€"},
		{`"\ud83d\ude00"`, "😀"},
		{`"\ud83d"`, "\ufffd"},
		{`"\ude00"`, "\ufffd"},
		{`"\ud83dx"`, "\ufffdx"},
		{`"\ud83d\u0041"`, "\ufffdA"},
		{`"\ud83d\ud83d\ude00"`, "\ufffd😀"},
		{"\"caf\xc3\xa9\"", "café"},
		{"\"bad\xffbyte\"", "bad\ufffdbyte"},
		{"\"\xe3\\b\"", "\ufffd\b"}, // invalid UTF-8 before an escape
		{"\"ok\\n\xff\"", "ok\n\ufffd"},
		{"\"\xed\xa0\x80\"", "\ufffd\ufffd\ufffd"},
		{`[]`, []any{}},
		{`[1,"a",[true,null]]`, []any{1.0, "a", []any{true, nil}}},
		{`{}`, map[string]any{}},
		{" {\n\t\"a\" : 1 ,\r\n \"b\":{\"c\":[]}} ", map[string]any{"a": 1.0, "b": map[string]any{"c": []any{}}}},
		{`{"a":1,"a":2}`, map[string]any{"a": 2.0}},
	}
	for _, tt := range tests {
		n, err := ParseJSON([]byte(tt.in), nil)
		if err != nil {
			t.Errorf("ParseJSON(%q): %v", tt.in, err)
			continue
		}
		got, ok := ToAny(n)
		if !ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseJSON(%q) = %#v, %v; want %#v", tt.in, got, ok, tt.want)
		}
		// encoding/json agrees.
		var std any
		if err := json.Unmarshal([]byte(tt.in), &std); err != nil {
			t.Errorf("encoding/json rejects %q: %v", tt.in, err)
		} else if !reflect.DeepEqual(got, std) {
			t.Errorf("ParseJSON(%q) = %#v; encoding/json gives %#v", tt.in, got, std)
		}
	}
}

func TestParseJSONNumbers(t *testing.T) {
	tests := []struct {
		in    string
		num   float64
		isInt bool
	}{
		{`0`, 0, true},
		{`42`, 42, true},
		{`-7`, -7, true},
		{`5.0`, 5, false},
		{`1e3`, 1000, false},
		{`2.5`, 2.5, false},
		{`123456789012345678901234567890`, 123456789012345678901234567890, true},
		{`1e-400`, 0, false},
	}
	for _, tt := range tests {
		n, err := ParseJSON([]byte(tt.in), nil)
		if err != nil {
			t.Errorf("ParseJSON(%q): %v", tt.in, err)
			continue
		}
		if n.Kind != Number || n.Num != tt.num || n.IsInt != tt.isInt {
			t.Errorf("ParseJSON(%q) = kind %v num %v isInt %v; want %v %v", tt.in, n.Kind, n.Num, n.IsInt, tt.num, tt.isInt)
		}
	}
}

func TestParseJSONPositions(t *testing.T) {
	src := []byte(`{"type": "object", "properties": {"age": {"minimum": 5}}, "required": ["age", true]}`)
	fset, pos := offsetPos(src)
	n, err := ParseJSON(src, pos)
	if err != nil {
		t.Fatal(err)
	}
	off := func(p token.Pos) int {
		if !p.IsValid() {
			return -1
		}
		return fset.Position(p).Offset
	}
	idx := func(s string) int { return strings.Index(string(src), s) }
	if off(n.Pos) != 0 || off(n.End) != len(src) || n.KeyPos.IsValid() {
		t.Errorf("root span = %d..%d key %v", off(n.Pos), off(n.End), n.KeyPos)
	}
	typ := n.Get("type")
	if off(typ.KeyPos) != idx(`"type"`) || off(typ.Pos) != idx(`"object"`) || off(typ.End) != idx(`"object"`)+len(`"object"`) {
		t.Errorf("type: key %d pos %d end %d", off(typ.KeyPos), off(typ.Pos), off(typ.End))
	}
	age := n.Get("properties").Get("age")
	if off(age.KeyPos) != idx(`"age"`) || off(age.Pos) != idx(`{"minimum"`) || off(age.At()) != idx(`"age"`) {
		t.Errorf("age: key %d pos %d", off(age.KeyPos), off(age.Pos))
	}
	min := age.Get("minimum")
	if off(min.Pos) != idx(`5}`) || off(min.End) != idx(`5}`)+1 {
		t.Errorf("minimum: pos %d end %d", off(min.Pos), off(min.End))
	}
	req := n.Get("required")
	if len(req.Elems) != 2 || off(req.Elems[1].Pos) != idx("true") || req.Elems[1].KeyPos.IsValid() || off(req.Elems[1].At()) != idx("true") {
		t.Errorf("required elems: %+v", req.Elems)
	}
	// A nil pos leaves every position invalid.
	n, _ = ParseJSON(src, nil)
	if n.Pos.IsValid() || n.Get("type").KeyPos.IsValid() {
		t.Error("nil pos gave valid positions")
	}
}

func TestParseJSONDuplicateKeysKept(t *testing.T) {
	n, err := ParseJSON([]byte(`{"a":1,"b":2,"a":3}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(n.Keys, ","); got != "a,b,a" {
		t.Errorf("keys = %s", got)
	}
	if n.Get("a").Num != 1 || lastMember(n, "a").Num != 3 {
		t.Errorf("Get(a) = %v, last = %v", n.Get("a").Num, lastMember(n, "a").Num)
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "unexpected end of input, expected a value"},
		{`   `, 3, "unexpected end of input, expected a value"},
		{`{"a" 1}`, 5, "expected ':' after object key"},
		{`{"a":1,}`, 7, `expected a string object key, found '}'`},
		{`{a:1}`, 1, `expected a string object key, found 'a'`},
		{`{"a":1 "b":2}`, 7, `expected ',' or '}' after object member, found '"'`},
		{`{"a":1`, 6, "unexpected end of input, expected ',' or '}' after object member"},
		{`[1,]`, 3, `expected a value, found ']'`},
		{`[1 2]`, 3, `expected ',' or ']' after array element, found '2'`},
		{`[1`, 2, "unexpected end of input, expected ',' or ']' after array element"},
		{`"abc`, 0, "unterminated string"},
		{`"ab\`, 3, "unterminated string"},
		{"\"a\nb\"", 2, "invalid control character U+000A in string; escape it"},
		{`"\x"`, 1, `invalid escape 'x' in string`},
		{`"\u12G4"`, 1, `invalid \u escape in string: expected four hex digits`},
		{`"\u12"`, 1, `invalid \u escape in string: expected four hex digits`},
		{`-`, 1, "invalid number: expected a digit after '-', found end of input"},
		{`-a`, 1, "invalid number: expected a digit after '-', found 'a'"},
		{`1.`, 2, "invalid number: expected a digit after '.', found end of input"},
		{`1.e5`, 2, "invalid number: expected a digit after '.', found 'e'"},
		{`1e`, 2, "invalid number: expected a digit in the exponent, found end of input"},
		{`1e+`, 3, "invalid number: expected a digit in the exponent, found end of input"},
		{`01`, 1, `unexpected '1' after the top-level value`},
		{`1e400`, 0, "number 1e400 is out of range"},
		{`+1`, 0, `expected a value, found '+'`},
		{`.5`, 0, `expected a value, found '.'`},
		{`tru`, 3, "invalid literal (expected true), found end of input"},
		{`nul1`, 3, "invalid literal (expected null), found '1'"},
		{`falsy`, 4, "invalid literal (expected false), found 'y'"},
		{`NaN`, 0, `expected a value, found 'N'`},
		{`{} {}`, 3, `unexpected '{' after the top-level value`},
		{"\xef\xbb\xbf{}", 0, `expected a value, found character U+FEFF`},
		{"\xff", 0, `expected a value, found byte 0xff`},
		{"[\x01]", 1, `expected a value, found character U+0001`},
		{`{"a":1}}`, 7, `unexpected '}' after the top-level value`},
		{`'a'`, 0, `expected a value, found '\''`},
	}
	for _, tt := range tests {
		n, err := ParseJSON([]byte(tt.in), nil)
		var je *JSONError
		if !errors.As(err, &je) {
			t.Errorf("ParseJSON(%q) = %v, %v; want *JSONError", tt.in, n, err)
			continue
		}
		if n != nil {
			t.Errorf("ParseJSON(%q) returned a node with an error", tt.in)
		}
		if je.Offset != tt.offset || je.Msg != tt.msg {
			t.Errorf("ParseJSON(%q) error = offset %d %q; want offset %d %q", tt.in, je.Offset, je.Msg, tt.offset, tt.msg)
		}
		if json.Valid([]byte(tt.in)) && tt.msg != "number 1e400 is out of range" {
			t.Errorf("encoding/json accepts %q", tt.in)
		}
	}
}

func TestJSONErrorString(t *testing.T) {
	_, err := ParseJSON([]byte(`{"type" "object"}`), nil)
	want := "invalid JSON at offset 8: expected ':' after object key"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v; want %q", err, want)
	}
}

func TestParseJSONDepth(t *testing.T) {
	ok := strings.Repeat("[", MaxJSONDepth) + strings.Repeat("]", MaxJSONDepth)
	if _, err := ParseJSON([]byte(ok), nil); err != nil {
		t.Errorf("depth %d: %v", MaxJSONDepth, err)
	}
	objs := strings.Repeat(`{"a":`, MaxJSONDepth) + "1" + strings.Repeat("}", MaxJSONDepth)
	if _, err := ParseJSON([]byte(objs), nil); err != nil {
		t.Errorf("object depth %d: %v", MaxJSONDepth, err)
	}
	for _, in := range []string{
		strings.Repeat("[", MaxJSONDepth+1) + strings.Repeat("]", MaxJSONDepth+1),
		strings.Repeat(`{"a":`, MaxJSONDepth+1) + "1" + strings.Repeat("}", MaxJSONDepth+1),
		strings.Repeat("[", 1_000_000), // would exhaust a naive parser's stack
	} {
		_, err := ParseJSON([]byte(in), nil)
		var je *JSONError
		if !errors.As(err, &je) || !strings.Contains(je.Msg, "nesting is deeper than 1000 levels") {
			t.Errorf("deep input (%d bytes): err = %v", len(in), err)
		}
	}
}

func TestToAny(t *testing.T) {
	unknown := &Node{Kind: Unknown}
	tests := []struct {
		name string
		n    *Node
		want any
		ok   bool
	}{
		{"nil", nil, nil, false},
		{"unknown", unknown, nil, false},
		{"null", &Node{Kind: Null}, nil, true},
		{"number", &Node{Kind: Number, Num: 1.5}, 1.5, true},
		{"unknown in array", &Node{Kind: Array, Elems: []*Node{{Kind: Bool}, unknown}}, nil, false},
		{"unknown in object", &Node{Kind: Object, Keys: []string{"a"}, Members: []*Node{unknown}}, nil, false},
		{"partial object", &Node{Kind: Object, Partial: true}, nil, false},
		{"partial array", &Node{Kind: Array, Partial: true}, nil, false},
		{"mismatched members", &Node{Kind: Object, Keys: []string{"a"}}, nil, false},
		{"object", &Node{Kind: Object, Keys: []string{"a", "b"}, Members: []*Node{{Kind: String, Str: "x"}, {Kind: Array}}},
			map[string]any{"a": "x", "b": []any{}}, true},
	}
	for _, tt := range tests {
		got, ok := ToAny(tt.n)
		if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: ToAny = %#v, %v; want %#v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzParseJSON checks that ParseJSON never panics, agrees with
// encoding/json on what is valid JSON, and decodes to the same values.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		``, `null`, `{}`, `[]`, `0`, `-0.5e-3`, `"x"`, `"\u00e9"`, `"\ud83d\ude00"`, `"\ud800\u0041"`,
		"\"\xff\"", `{"a":[1,{"b":null}],"a":true}`, `[1,]`, `{"a" 1}`, `1e400`, `01`,
		`{"type":"object","properties":{"email":{"type":"string","format":"email"}},"required":["email"]}`,
		strings.Repeat("[", 1001),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ParseJSON(data, func(off int) token.Pos {
			if off < 0 || off > len(data) {
				t.Fatalf("pos(%d) outside input of %d bytes", off, len(data))
			}
			return token.Pos(off + 1)
		})
		var std any
		stdErr := json.Unmarshal(data, &std)
		if err != nil {
			var je *JSONError
			if !errors.As(err, &je) {
				t.Fatalf("error %T is not *JSONError", err)
			}
			if je.Offset < 0 || je.Offset > len(data) {
				t.Fatalf("error offset %d outside input of %d bytes", je.Offset, len(data))
			}
			if stdErr == nil && !strings.Contains(je.Msg, "nesting is deeper") {
				t.Fatalf("ParseJSON rejects what encoding/json accepts: %v", err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("ParseJSON accepts invalid JSON %q", data)
		}
		got, ok := ToAny(n)
		if !ok {
			t.Fatal("ToAny failed on a parsed tree")
		}
		if stdErr != nil {
			t.Fatalf("encoding/json rejects what ParseJSON accepts: %v", stdErr)
		}
		if !reflect.DeepEqual(got, std) {
			t.Fatalf("ToAny = %#v; encoding/json gives %#v", got, std)
		}
		if int(n.End)-1 > len(data) || n.Pos > n.End {
			t.Fatalf("root span %d..%d", n.Pos, n.End)
		}
	})
}
