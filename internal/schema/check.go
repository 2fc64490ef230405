package schema

import (
	"fmt"
	"go/token"
	"math"
	"sort"
	"strconv"

	"github.com/elicitlint/elicitlint/internal/sensitive"
)

// Check names, used as Finding.Check (and as the diagnostic category).
const (
	// CheckNested reports structure that elicitation forms cannot show:
	// nested objects, arrays other than multi-select enums, references and
	// schema composition.
	CheckNested = "nested"
	// CheckSchema reports everything else that falls outside the target
	// version's requested-schema subset, plus inconsistencies (required
	// names that are not properties, minimum > maximum, bad defaults) and
	// what the JSON Schema metaschema rejects.
	CheckSchema = "schema"
	// CheckSensitive reports free-text fields that ask for a secret.
	CheckSensitive = "sensitive"
)

// A Finding is one problem with a requested schema.
type Finding struct {
	Check string // CheckNested, CheckSchema or CheckSensitive
	// Pos and End span the offending property or keyword member, from its
	// key to the end of its value (End is Pos when the reader could not
	// tell where the value ends).
	Pos, End token.Pos
	Message  string // lower case, no trailing period
	// Field is the struct field the property comes from when
	// jsonschema.For derived it, else nil.
	Field *GoField
	// Rejects is set when go-sdk rejects the schema for this problem at
	// run time (its validateElicitSchema, when the user accepts).
	Rejects bool
	// Remove is set when deleting the member at Pos..End (a key and its
	// value) repairs the problem.
	Remove bool
}

// Options configures Check.
type Options struct {
	// Version is the MCP spec version to check against. The zero value and
	// unknown values mean DefaultVersion.
	Version Version
	// Sensitive, when not nil, enables the sensitive check.
	Sensitive *sensitive.Matcher
}

// Check reports how root, the requestedSchema of a form-mode elicitation,
// departs from the elicitation schema subset of opts.Version. Findings come
// in source order (by Pos, then Message).
//
// Check never reports anything about Unknown values, and skips checks that
// need every member of a Partial object or array. A nil or null root has no
// findings (go-sdk sends a form without a schema). It also runs Validate and
// keeps the metaschema findings that its own checks do not already explain.
func Check(root *Node, opts Options) []Finding {
	v := opts.Version
	if !v.Valid() {
		v = DefaultVersion
	}
	c := &checker{v: v, sens: opts.Sensitive}
	c.checkRoot(root)
	if root == nil || root.Kind == Null {
		return nil
	}
	for _, f := range validate(root) {
		if !c.covers(root, f.node) {
			c.out = append(c.out, f)
		}
	}
	out := make([]Finding, 0, len(c.out))
	for _, f := range c.out {
		if !f.explained {
			out = append(out, f.Finding)
		}
	}
	return sortFindings(out)
}

func sortFindings(fs []Finding) []Finding {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		if a.Message != b.Message {
			return a.Message < b.Message
		}
		return a.Check < b.Check
	})
	out := fs[:0]
	for i, f := range fs {
		if i > 0 && f == fs[i-1] {
			continue
		}
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// finding is a Finding plus what it is about, so Check can tell which
// metaschema findings it already covers.
type finding struct {
	Finding
	node *Node // the node the finding is about; nil covers nothing
	deep bool  // the finding also covers everything inside node
	// explained marks no finding of its own: node is explained by another
	// finding elsewhere, and only covers metaschema findings.
	explained bool
}

type checker struct {
	v    Version
	sens *sensitive.Matcher
	out  []finding
	// field is the struct field of the property being checked, if
	// jsonschema.For derived it.
	field *GoField
}

// report adds a finding at n about n.
func (c *checker) report(check string, n *Node, deep bool, format string, args ...any) {
	c.add(check, n, n, deep, fmt.Sprintf(format, args...))
}

// rejected marks the last finding as one go-sdk rejects at run time, and
// removable when deleting its member repairs it.
func (c *checker) rejected(removable bool) {
	if n := len(c.out); n > 0 {
		c.out[n-1].Rejects = true
		c.out[n-1].Remove = removable
	}
}

// add adds a finding positioned at at and covering cover.
func (c *checker) add(check string, at, cover *Node, deep bool, msg string) {
	pos, end := at.Span()
	field := c.field
	if field == nil {
		field = at.Field
	}
	c.out = append(c.out, finding{Finding: Finding{Check: check, Pos: pos, End: end, Message: msg, Field: field}, node: cover, deep: deep})
}

// covers reports whether a Check finding already explains a problem the
// metaschema found at t: one about t itself, about something inside t, or
// about a whole subtree containing t.
func (c *checker) covers(root, t *Node) bool {
	path := pathTo(root, t)
	for _, f := range c.out {
		if f.node == nil {
			continue
		}
		if f.node == t {
			return true
		}
		if f.deep {
			for _, a := range path {
				if a == f.node {
					return true
				}
			}
		}
		if t != root && contains(t, f.node) {
			return true
		}
	}
	return false
}

// pathTo returns the nodes from root down to t, or nil.
func pathTo(root, t *Node) []*Node {
	if root == nil {
		return nil
	}
	if root == t {
		return []*Node{root}
	}
	for _, ch := range children(root) {
		if p := pathTo(ch, t); p != nil {
			return append([]*Node{root}, p...)
		}
	}
	return nil
}

func contains(n, x *Node) bool { return pathTo(n, x) != nil }

func children(n *Node) []*Node {
	switch n.Kind {
	case Object:
		return n.Members
	case Array:
		return n.Elems
	}
	return nil
}

// lastMember returns the last member named key, which is the one JSON
// decoders keep when a key is repeated.
func lastMember(n *Node, key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	if len(n.Keys) > indexThreshold {
		if i, ok := lastIndex(n)[key]; ok && i < len(n.Members) {
			return n.Members[i]
		}
		return nil
	}
	for i := len(n.Keys) - 1; i >= 0; i-- {
		if n.Keys[i] == key && i < len(n.Members) {
			return n.Members[i]
		}
	}
	return nil
}

// indexThreshold: objects with more members get a key index, so that
// schemas with thousands of properties are not checked in quadratic time.
const indexThreshold = 16

// lastIndex maps each key of a large object to its last position. The
// index is kept on the node, which the checker does not share between
// goroutines.
func lastIndex(n *Node) map[string]int {
	if n.index == nil {
		n.index = make(map[string]int, len(n.Keys))
		for i, k := range n.Keys {
			n.index[k] = i
		}
	}
	return n.index
}

// isLast reports whether member i is the last one with its key.
func isLast(n *Node, i int) bool {
	if len(n.Keys) > indexThreshold {
		return lastIndex(n)[n.Keys[i]] == i && i < len(n.Members)
	}
	for j := i + 1; j < len(n.Keys); j++ {
		if n.Keys[j] == n.Keys[i] {
			return false
		}
	}
	return i < len(n.Members)
}

// dupKeys reports keys that appear more than once in n.
func (c *checker) dupKeys(n *Node, where string) {
	seen := map[string]bool{}
	for i, k := range n.Keys {
		if i >= len(n.Members) {
			break
		}
		if seen[k] {
			c.add(CheckSchema, n.Members[i], nil, false,
				fmt.Sprintf("%s has key %q twice; JSON decoders keep only the last one, so remove the other", where, k))
		}
		seen[k] = true
	}
}

// describe names the JSON kind of n with an article, for messages.
func describe(n *Node) string {
	switch n.Kind {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	case Number:
		return "a number"
	case String:
		return "a string"
	case Array:
		return "an array"
	case Object:
		return "an object"
	}
	return "an unknown value"
}

// formatNum prints a number the way it is usually written in a schema.
func formatNum(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

const flatAdvice = "elicitation schemas must be flat, and many clients render only one level; move its fields to the top level or ask in a second elicitation"

var compositionKeywords = map[string]bool{
	"$ref": true, "$dynamicRef": true, "$recursiveRef": true,
	"$defs": true, "definitions": true,
	"allOf": true, "anyOf": true, "oneOf": true, "not": true,
	"if": true, "then": true, "else": true,
	"dependentSchemas": true, "dependencies": true,
}

func compositionAdvice(k string) string {
	switch k {
	case "$ref", "$dynamicRef", "$recursiveRef":
		return "elicitation schemas must be flat and self-contained, and clients do not resolve references; inline a primitive schema (string, number, integer, boolean or an enum)"
	case "$defs", "definitions":
		return "elicitation schemas must be flat and self-contained, and clients do not resolve definitions; inline the primitive schemas you need"
	}
	return "elicitation schemas must be flat, and clients do not combine schemas; use one primitive schema (for a choice, an enum or a oneOf of {const, title} options)"
}

// isOptionList reports whether a oneOf/anyOf value is meant as titled enum
// options rather than schema composition: every known element is an object
// with "const" or "title", or a bare value (a malformed option). Boolean
// elements and objects without const or title are schemas. A value that is
// not an array is treated as (malformed) options.
func isOptionList(n *Node) bool {
	if n == nil || n.Kind == Unknown {
		return false
	}
	if n.Kind != Array {
		return true
	}
	for _, e := range n.Elems {
		switch e.Kind {
		case Unknown, String, Number, Null:
		case Object:
			if !e.Has("const") && !e.Has("title") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// typeIncludes reports whether a "type" value is name or a list containing it.
func typeIncludes(t *Node, name string) bool {
	if t == nil {
		return false
	}
	if t.IsString(name) {
		return true
	}
	if t.Kind == Array {
		for _, e := range t.Elems {
			if e.IsString(name) {
				return true
			}
		}
	}
	return false
}

var allowedFormats = []string{"email", "uri", "date", "date-time"}

// ---- root ----

func (c *checker) checkRoot(r *Node) {
	if r == nil {
		return
	}
	switch r.Kind {
	case Unknown, Null:
		return
	case Object:
	default:
		c.report(CheckSchema, r, true, `requested schema must be an object with type "object", not %s`, describe(r))
		c.rejected(false)
		return
	}
	c.dupKeys(r, "requested schema")

	t := lastMember(r, "type")
	switch {
	case t == nil:
		if !r.Partial {
			c.report(CheckSchema, r, false, `root of a requested schema must have type "object"`)
		}
	case t.Kind == Unknown || t.IsString("object"):
	case t.Kind == String:
		c.report(CheckSchema, t, true, `root of a requested schema must have type "object", not %q: elicitation asks for a set of named fields`, t.Str)
		c.rejected(false)
	default:
		c.report(CheckSchema, t, true, `root of a requested schema must have type "object", not %s`, describe(t))
		c.rejected(false)
	}

	rootKeys := "type, properties, required"
	if c.v.AtLeast(V20251125) {
		rootKeys += ", $schema"
	}
	for i, k := range r.Keys {
		if !isLast(r, i) {
			continue
		}
		m := r.Members[i]
		switch {
		case k == "type" || k == "properties" || k == "required":
		case k == "$schema":
			if !c.v.AtLeast(V20251125) {
				c.report(CheckSchema, m, true, `"$schema" in a requested schema needs spec 2025-11-25 or later (this check targets %s)`, c.v)
			} else if m.Kind != Unknown && m.Kind != String {
				c.report(CheckSchema, m, true, `"$schema" must be a string (a JSON Schema dialect URI), not %s`, describe(m))
			}
		case k == "additionalProperties" && (m.Kind == Unknown || m.Kind == Bool && !m.Bool):
			// jsonschema.For emits "additionalProperties": false on every
			// struct; it restricts nothing a client would render.
		case compositionKeywords[k]:
			c.report(CheckNested, m, true, "requested schema uses %q: %s", k, compositionAdvice(k))
		default:
			c.report(CheckSchema, m, true, "keyword %q is not part of the %s requested schema (%s); clients may ignore it", k, c.v, rootKeys)
		}
	}

	props := lastMember(r, "properties")
	var names []string
	propsComplete := false
	switch {
	case props == nil:
		if !r.Partial {
			c.report(CheckSchema, r, false, `requested schema has no "properties": the spec requires them; add "properties" (an empty object for a form without fields)`)
		}
	case props.Kind == Unknown:
	case props.Kind != Object:
		c.report(CheckSchema, props, true, `"properties" must be an object that maps field names to schemas, not %s`, describe(props))
	default:
		propsComplete = !props.Partial
		seen := map[string]*Node{}
		for i, name := range props.Keys {
			if i >= len(props.Members) {
				break
			}
			m := props.Members[i]
			if first, ok := seen[name]; ok {
				msg := fmt.Sprintf("property %q is defined twice; JSON decoders keep only the last definition", name)
				if m.Field != nil && first.Field != nil {
					msg = m.Field.forDuplicate(name, first.Field)
				}
				c.add(CheckSchema, m, nil, false, msg)
			} else {
				names = append(names, name)
				seen[name] = m
			}
		}
		for i, name := range props.Keys {
			if isLast(props, i) {
				c.checkProperty(name, props.Members[i])
			}
		}
	}

	req := lastMember(r, "required")
	if req == nil || req.Kind == Unknown {
		return
	}
	if req.Kind != Array {
		c.report(CheckSchema, req, true, `"required" must be an array of property names, not %s`, describe(req))
		return
	}
	seen := map[string]bool{}
	for _, e := range req.Elems {
		switch {
		case e.Kind == Unknown:
		case e.Kind != String:
			c.report(CheckSchema, e, true, `"required" entries must be property names (strings), not %s`, describe(e))
		case seen[e.Str] && e.Field != nil:
			// jsonschema.For lists a JSON name once per field: the
			// finding about the duplicate property explains it.
			c.out = append(c.out, finding{node: e, explained: true})
		case seen[e.Str]:
			c.report(CheckSchema, e, false, "required lists %q twice; list each property once", e.Str)
		default:
			seen[e.Str] = true
			if propsComplete && lastMember(props, e.Str) == nil {
				if s := Suggest(e.Str, names); s != "" {
					c.report(CheckSchema, e, false, "required names %q, which is not a property (did you mean %q?)", e.Str, s)
				} else {
					c.report(CheckSchema, e, false, "required names %q, which is not a property; no answer can satisfy it, so add the property or remove the name", e.Str)
				}
			}
		}
	}
}
