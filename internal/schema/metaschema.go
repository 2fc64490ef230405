package schema

import (
	"fmt"
	"math"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// This file checks a schema against the JSON Schema metaschemas: the
// shape of every keyword's value (what the official metaschema of each
// draft says), not what the schema means. The rules follow the
// metaschema documents of drafts 4, 6, 7, 2019-09 and 2020-12 keyword by
// keyword, and the failures are reported the way a validator that walks
// those documents reports them (one failure per keyword value; for a
// value that may take one of two shapes, both shapes' failures unless
// they are about the same value).

// A dialect is a JSON Schema draft, named by its year or number.
type dialect int

const (
	draft4    dialect = 4
	draft6    dialect = 6
	draft7    dialect = 7
	draft2019 dialect = 2019
	draft2020 dialect = 2020
)

// dialectOf returns the draft whose metaschema URL is u (http or https,
// with or without an empty fragment).
func dialectOf(u string) (dialect, bool) {
	u, frag, _ := strings.Cut(u, "#")
	if frag != "" {
		return 0, false
	}
	if rest, ok := strings.CutPrefix(u, "http://"); ok {
		u = rest
	} else {
		u = strings.TrimPrefix(u, "https://")
	}
	switch u {
	case "json-schema.org/schema", "json-schema.org/draft/2020-12/schema":
		return draft2020, true
	case "json-schema.org/draft/2019-09/schema":
		return draft2019, true
	case "json-schema.org/draft-07/schema":
		return draft7, true
	case "json-schema.org/draft-06/schema":
		return draft6, true
	case "json-schema.org/draft-04/schema":
		return draft4, true
	}
	return 0, false
}

// idKeyword is the keyword that gives a schema its base URI.
func (d dialect) idKeyword() string {
	if d == draft4 {
		return "id"
	}
	return "$id"
}

// rule is the shape a keyword's value must have.
type rule uint8

const (
	anything      rule = iota
	aSchema            // a schema: an object (or a boolean after draft 4)
	schemaArray        // a non-empty array of schemas
	schemaMap          // an object whose values are schemas
	schemaOrArray      // items before 2020-12: a schema or a schema array
	boolOrSchema       // draft 4 additionalItems/Properties
	dependencyMap      // dependencies: an object of schemas or string arrays
	aString            //
	aNumber            //
	aBoolean           //
	anArray            // examples
	nonNegative        // a non-negative integer
	positive           // multipleOf: a number greater than 0
	typeNames          // type: a type name or a non-empty array of distinct ones
	enumValues         // enum
	stringArray        // required: distinct strings
	stringArrays       // dependentRequired: an object of string arrays
	aURI               // a string that is an absolute URI
	aURIRef            // a string that is a URI reference
	anID               // $id from 2019-09: a URI reference without a fragment
	anAnchor           // $anchor and friends
	vocabularies       // $vocabulary: an object from URIs to booleans
)

// ruleFor returns the metaschema's rule for keyword key in dialect d;
// keywords the metaschema does not name take anything.
func ruleFor(d dialect, key string) rule {
	switch key {
	case "type":
		return typeNames
	case "enum":
		return enumValues
	case "title", "description", "format", "pattern":
		// "pattern" is also "format": "regex", left out on purpose:
		// JSON Schema patterns are ECMA 262, which Go's regexp is not.
		return aString
	case "multipleOf":
		return positive
	case "maximum", "minimum":
		return aNumber
	case "exclusiveMaximum", "exclusiveMinimum":
		if d == draft4 {
			return aBoolean
		}
		return aNumber
	case "maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties":
		return nonNegative
	case "uniqueItems":
		return aBoolean
	case "required":
		return stringArray
	case "properties", "patternProperties", "definitions":
		// patternProperties' names are regular expressions: see pattern.
		return schemaMap
	case "additionalProperties":
		if d == draft4 {
			return boolOrSchema
		}
		return aSchema
	case "additionalItems":
		switch d {
		case draft4:
			return boolOrSchema
		case draft2020:
			return anything
		}
		return aSchema
	case "items":
		if d == draft2020 {
			return aSchema
		}
		return schemaOrArray
	case "dependencies":
		return dependencyMap
	case "allOf", "anyOf", "oneOf":
		return schemaArray
	case "not":
		return aSchema
	case "$schema":
		return aURI
	case "$ref":
		if d == draft4 {
			return aString
		}
		return aURIRef
	case "id":
		if d == draft4 {
			return aString // its "uriref" format is not one validators know
		}
	case "$id":
		switch d {
		case draft6, draft7:
			return aURIRef
		case draft2019, draft2020:
			return anID
		}
	}
	if d >= draft6 {
		switch key {
		case "contains", "propertyNames":
			return aSchema
		case "examples":
			if d >= draft7 {
				return anArray
			}
		}
	}
	if d >= draft7 {
		switch key {
		case "if", "then", "else":
			return aSchema
		case "$comment", "contentMediaType", "contentEncoding":
			return aString
		case "readOnly", "writeOnly":
			return aBoolean
		}
	}
	if d >= draft2019 {
		switch key {
		case "$defs", "dependentSchemas":
			return schemaMap
		case "unevaluatedItems", "unevaluatedProperties", "contentSchema":
			return aSchema
		case "maxContains", "minContains":
			return nonNegative
		case "dependentRequired":
			return stringArrays
		case "deprecated":
			return aBoolean
		case "$anchor":
			return anAnchor
		case "$recursiveRef":
			return aURIRef
		case "$recursiveAnchor":
			if d == draft2019 {
				return aBoolean
			}
			return anAnchor // 2020-12 keeps the old keyword with the new shape
		case "$vocabulary":
			return vocabularies
		}
	}
	if d == draft2020 {
		switch key {
		case "prefixItems":
			return schemaArray
		case "$dynamicRef":
			return aURIRef
		case "$dynamicAnchor":
			return anAnchor
		}
	}
	return anything
}

// A leaf is one thing the metaschema rejects: the value at loc.
type leaf struct {
	loc  []string
	node *Node
	msg  string
}

// place is where a value sits: a chain of member names and indexes up to
// the validated document.
type place struct {
	up   *place
	tok  string
	node *Node
}

func (p *place) child(tok string, n *Node) *place { return &place{up: p, tok: tok, node: n} }

// tokens returns the location as member names and indexes.
func (p *place) tokens() []string {
	var toks []string
	for q := p; q != nil && q.up != nil; q = q.up {
		toks = append(toks, q.tok)
	}
	for i, j := 0, len(toks)-1; i < j; i, j = i+1, j-1 {
		toks[i], toks[j] = toks[j], toks[i]
	}
	return toks
}

// metaChecker checks the values of one document against the metaschemas.
type metaChecker struct {
	doc *document
	out []leaf
}

func (c *metaChecker) fail(p *place, format string, args ...any) {
	c.out = append(c.out, leaf{loc: p.tokens(), node: p.node, msg: fmt.Sprintf(format, args...)})
}

// wrongKind reports a value of the wrong JSON kind.
func (c *metaChecker) wrongKind(p *place, want string) {
	c.fail(p, "must be %s, not %s", want, article(p.node.Kind.String()))
}

// either checks two alternative shapes (the metaschema's anyOf). When both
// fail and every failure is about the value itself, one is reported: the
// list of allowed values if there is one ("type": "strng"), else the
// first. Otherwise all of them are, since the problems are inside.
func (c *metaChecker) either(p *place, a, b func()) {
	saved := c.out
	c.out = nil
	if a(); len(c.out) == 0 {
		c.out = saved
		return
	}
	first := c.out
	c.out = nil
	if b(); len(c.out) == 0 {
		c.out = saved
		return
	}
	both := append(first, c.out...)
	c.out = saved
	for _, l := range both {
		if l.node != p.node {
			c.out = append(c.out, both...)
			return
		}
	}
	pick := both[0]
	for _, l := range both {
		if strings.HasPrefix(l.msg, "must be one of") {
			pick = l
			break
		}
	}
	c.out = append(c.out, pick)
}

// schema checks the value at p as a schema of dialect d, or of the
// dialect of the embedded resource that it is.
func (c *metaChecker) schema(p *place, d dialect) {
	if r := c.doc.resourceAt(p); r != nil {
		d = r.dialect
	}
	n := p.node
	switch {
	case n.Kind == Object:
	case n.Kind == Bool && d != draft4:
		return
	case d == draft4:
		c.wrongKind(p, "an object")
		return
	default:
		c.wrongKind(p, "a boolean or an object")
		return
	}
	if d == draft4 {
		for _, dep := range [...][2]string{{"exclusiveMaximum", "maximum"}, {"exclusiveMinimum", "minimum"}} {
			if lastMember(n, dep[0]) != nil && lastMember(n, dep[1]) == nil {
				c.fail(p, "has %q without %q", dep[0], dep[1])
			}
		}
	}
	members(n, func(k string, m *Node) { c.value(p.child(k, m), ruleFor(d, k), d) })
}

// value checks the value at p against rule r.
func (c *metaChecker) value(p *place, r rule, d dialect) {
	n := p.node
	switch r {
	case aSchema:
		c.schema(p, d)
	case schemaArray:
		if c.isArray(p) {
			c.notEmpty(p)
			for i, e := range n.Elems {
				c.schema(p.child(itoa(i), e), d)
			}
		}
	case schemaMap:
		if c.isObject(p) {
			c.members(p, func(q *place) { c.schema(q, d) })
		}
	case schemaOrArray:
		c.either(p, func() { c.schema(p, d) }, func() { c.value(p, schemaArray, d) })
	case boolOrSchema:
		c.either(p, func() { c.value(p, aBoolean, d) }, func() { c.schema(p, d) })
	case dependencyMap:
		if c.isObject(p) {
			c.members(p, func(q *place) {
				c.either(q, func() { c.schema(q, d) }, func() { c.value(q, stringArray, d) })
			})
		}
	case aString:
		c.isKind(p, String)
	case aNumber:
		c.isKind(p, Number)
	case aBoolean:
		c.isKind(p, Bool)
	case anArray:
		c.isArray(p)
	case nonNegative:
		if !isInteger(n) {
			c.wrongKind(p, "an integer")
		} else if n.Num < 0 {
			c.fail(p, "must be at least 0")
		}
	case positive:
		if c.isKind(p, Number) && n.Num <= 0 {
			c.fail(p, "must be greater than 0")
		}
	case typeNames:
		c.either(p, func() { c.typeName(p) }, func() {
			if c.isArray(p) {
				c.notEmpty(p)
				c.distinct(p)
				for i, e := range n.Elems {
					c.typeName(p.child(itoa(i), e))
				}
			}
		})
	case enumValues:
		if c.isArray(p) && d <= draft7 {
			c.notEmpty(p)
			c.distinct(p)
		}
	case stringArray:
		if !c.isArray(p) {
			return
		}
		if d == draft4 {
			c.notEmpty(p)
		}
		c.distinct(p)
		for i, e := range n.Elems {
			c.isKind(p.child(itoa(i), e), String)
		}
	case stringArrays:
		if c.isObject(p) {
			c.members(p, func(q *place) { c.value(q, stringArray, d) })
		}
	case aURI:
		if c.isKind(p, String) && !isURI(n.Str) {
			c.fail(p, "is not a valid uri")
		}
	case aURIRef:
		if c.isKind(p, String) && !isURIRef(n.Str) {
			c.fail(p, "is not a valid uri-reference")
		}
	case anID:
		if !c.isKind(p, String) {
			return
		}
		if !isURIRef(n.Str) {
			c.fail(p, "is not a valid uri-reference")
		} else if i := strings.IndexByte(n.Str, '#'); i >= 0 && i != len(n.Str)-1 {
			c.fail(p, "must not have a fragment; name anchors with \"$anchor\"")
		}
	case anAnchor:
		if c.isKind(p, String) && !isAnchor(n.Str, d) {
			pattern := "^[A-Za-z_][-A-Za-z0-9._]*$"
			if d == draft2019 {
				pattern = "^[A-Za-z][-A-Za-z0-9.:_]*$"
			}
			c.fail(p, "must match %q", pattern)
		}
	case vocabularies:
		if !c.isObject(p) {
			return
		}
		c.members(p, func(q *place) { c.isKind(q, Bool) })
		members(n, func(k string, _ *Node) {
			if !isURI(k) {
				c.fail(p, "has key %q, which is not a valid uri", k)
			}
		})
	}
}

func (c *metaChecker) isKind(p *place, k Kind) bool {
	if p.node.Kind == k {
		return true
	}
	c.wrongKind(p, article(k.String()))
	return false
}

func (c *metaChecker) isArray(p *place) bool  { return c.isKind(p, Array) }
func (c *metaChecker) isObject(p *place) bool { return c.isKind(p, Object) }

func (c *metaChecker) notEmpty(p *place) {
	if len(p.node.Elems) == 0 {
		c.fail(p, "must have at least 1 items")
	}
}

// distinct reports the first pair of equal elements: the earliest second
// element, then its earliest equal.
func (c *metaChecker) distinct(p *place) {
	elems := p.node.Elems
	for i := 1; i < len(elems); i++ {
		for j := 0; j < i; j++ {
			if sameJSON(elems[i], elems[j]) {
				c.fail(p, "has equal items at %d and %d", j, i)
				return
			}
		}
	}
}

// members calls f on each member of the object at p.
func (c *metaChecker) members(p *place, f func(*place)) {
	members(p.node, func(k string, m *Node) { f(p.child(k, m)) })
}

const typeNameList = `"array", "boolean", "integer", "null", "number", "object", "string"`

func (c *metaChecker) typeName(p *place) {
	if n := p.node; n.Kind == String {
		switch n.Str {
		case "array", "boolean", "integer", "null", "number", "object", "string":
			return
		}
	}
	c.fail(p, "must be one of "+typeNameList)
}

// isInteger reports whether n is a number with an integral value (1.0 is
// an integer in JSON Schema).
func isInteger(n *Node) bool {
	return n.Kind == Number && n.Num == math.Trunc(n.Num) && !math.IsInf(n.Num, 0)
}

// sameJSON reports whether a and b are equal JSON values: numbers by value,
// objects by their members whatever the order (the last of each repeated
// key).
func sameJSON(a, b *Node) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case Bool:
		return a.Bool == b.Bool
	case Number:
		return a.Num == b.Num
	case String:
		return a.Str == b.Str
	case Array:
		if len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !sameJSON(a.Elems[i], b.Elems[i]) {
				return false
			}
		}
		return true
	case Object:
		count := 0
		for i, k := range a.Keys {
			if !isLast(a, i) {
				continue
			}
			count++
			m := lastMember(b, k)
			if m == nil || !sameJSON(a.Members[i], m) {
				return false
			}
		}
		for i := range b.Keys {
			if isLast(b, i) {
				count--
			}
		}
		return count == 0
	}
	return false
}

// isURIRef reports whether s is a URI reference as JSON Schema validators
// commonly accept it: what net/url parses, without a backslash, with a
// well-formed IPv6 host.
func isURIRef(s string) bool {
	if strings.Contains(s, `\`) {
		return false
	}
	_, ok := parseURL(s)
	return ok
}

// isURI reports whether s is an absolute URI.
func isURI(s string) bool {
	u, ok := parseURL(s)
	return ok && u.IsAbs()
}

func parseURL(s string) (*url.URL, bool) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, false
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		// net/url does not check IPv6 hosts.
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") {
			return nil, false
		}
		addr, err := netip.ParseAddr(host)
		if err != nil || addr.Zone() != "" {
			return nil, false
		}
	}
	return u, true
}

// isAnchor reports whether s is a plain-name anchor of dialect d.
func isAnchor(s string, d dialect) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z'
		switch {
		case letter:
		case i == 0:
			if r != '_' || d == draft2019 {
				return false
			}
		case '0' <= r && r <= '9', r == '-', r == '.', r == '_':
		case r == ':' && d == draft2019:
		default:
			return false
		}
	}
	return true
}

func itoa(i int) string { return strconv.Itoa(i) }
