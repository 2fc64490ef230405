package schema

import "fmt"

// GoField describes the Go struct field that jsonschema.For derived a
// property from. The author of such a schema writes a struct, not JSON:
// "use "type": "array"" or "leave it out of required" is advice they
// cannot follow. Findings about these properties name the field and say
// what to change in its type or tags instead.
type GoField struct {
	Name string // the field's Go name
	Type string // its type as the package writes it: "*int", "[]string"
	Elem string // Type without its pointers
	Kind GoKind // what Elem is
	// Embeddable is set when Elem is a named struct type: embedding it
	// (without a json tag) lifts its fields to the top level.
	Embeddable bool
	Tag        string // the value of its json tag; "" when it has none
	Optional   bool   // the json tag has omitempty or omitzero
}

// GoKind is what a struct field's type (without pointers) is, as far as
// jsonschema.For cares.
type GoKind int

const (
	GoBasic     GoKind = iota // string, bool, numbers, and types For maps to strings (time.Time)
	GoStruct                  // becomes a nested object
	GoMap                     // becomes an object with free-form keys
	GoSlice                   // becomes ["null", "array"]
	GoArray                   // becomes "array"
	GoInterface               // becomes {}: no type
)

// Pointer reports whether the field's type is a pointer, which For turns
// into a list of types with "null".
func (f *GoField) Pointer() bool { return f.Type != f.Elem }

// subject names the field and the property it becomes.
func (f *GoField) subject(prop string) string {
	return fmt.Sprintf("field %s (property %q)", f.Name, prop)
}

// omitempty is the json tag that makes the field optional.
func (f *GoField) omitempty() string {
	return fmt.Sprintf("json:%q", f.Tag+",omitempty")
}

// forObject: a struct or map field, which For makes a nested object.
func (f *GoField) forObject(prop string) string {
	const flat = "elicitation schemas must be flat, and many clients render only one level"
	if f.Kind == GoMap {
		return fmt.Sprintf(`%s is a map, which jsonschema.For turns into an object with free-form keys: %s; declare a field for each value you need, or leave it out of the form with json:"-"`, f.subject(prop), flat)
	}
	what := "a struct"
	if f.Pointer() {
		what = "a pointer to a struct"
	}
	fix := "move its fields up into the outer struct"
	if f.Embeddable {
		fix = fmt.Sprintf("embed %s without a json tag to lift its fields to the top level", f.Elem)
	}
	return fmt.Sprintf("%s is %s, which jsonschema.For turns into a nested object: %s; %s, or ask for them in a second elicitation", f.subject(prop), what, flat, fix)
}

// forTypeList: a pointer to a basic type, which For makes ["null", typ].
func (f *GoField) forTypeList(prop, typ string) string {
	optional := fmt.Sprintf("%s if the field is optional", f.omitempty())
	if f.Optional {
		optional = "omitempty already makes it optional"
	}
	return fmt.Sprintf(`%s is a pointer, which jsonschema.For turns into "type": ["null", %q]: elicitation needs a single type, and go-sdk rejects lists; declare it as %s (%s)`, f.subject(prop), typ, f.Elem, optional)
}

// forUntyped: an interface field, which For leaves without a type.
func (f *GoField) forUntyped(prop string) string {
	return fmt.Sprintf(`%s has an interface type, which jsonschema.For leaves without a "type": clients cannot tell which input to show, and go-sdk rejects it; declare it as a string, a number type or bool`, f.subject(prop))
}

// forArray: a slice or array field, whose derived items schema is items,
// checked against version v.
func (f *GoField) forArray(prop string, items *Node, v Version) (check, msg string) {
	what := "a slice"
	if f.Kind == GoArray {
		what = "an array"
	}
	if f.Pointer() {
		what = "a pointer to " + what
	}
	subject := f.subject(prop) + " is " + what
	const leaveOut = `leave the field out of the form with json:"-"`
	if !v.AtLeast(V20251125) {
		return CheckSchema, fmt.Sprintf("%s, which jsonschema.For turns into an array: arrays (multi-select enums) need spec 2025-11-25 or later (this check targets %s); declare a single value instead, or %s", subject, v, leaveOut)
	}
	it := lastMember(items, "type")
	switch {
	case typeIncludes(it, "object") || items.Has("properties") || items.Has("additionalProperties"):
		return CheckNested, fmt.Sprintf("%s, which jsonschema.For turns into an array of objects: elicitation schemas must be flat, and arrays may only hold enum choices; ask for one item's fields at the top level, or in a second elicitation per item", subject)
	case typeIncludes(it, "array"):
		return CheckNested, fmt.Sprintf("%s, which jsonschema.For turns into an array of arrays: elicitation schemas must be flat, and arrays may only hold enum choices; declare a single value instead, or %s", subject, leaveOut)
	}
	values := "values"
	switch {
	case typeIncludes(it, "string"):
		values = "strings"
	case typeIncludes(it, "number"), typeIncludes(it, "integer"):
		values = "numbers"
	case typeIncludes(it, "boolean"):
		values = "booleans"
	}
	return CheckNested, fmt.Sprintf("%s, which jsonschema.For turns into an array of free-form %s: the only arrays elicitation allows are multi-select enums, which For does not derive; declare a single value, %s, or give the field a named type whose schema (with items.enum) you pass in ForOptions.TypeSchemas", subject, values, leaveOut)
}

// forDuplicate: two fields with one JSON name.
func (f *GoField) forDuplicate(prop string, first *GoField) string {
	return fmt.Sprintf("%s has the same JSON name as field %s: jsonschema.For keeps only the last, and encoding/json may ignore both when it decodes the answer; rename one in its json tag", f.subject(prop), first.Name)
}
