package schema

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file checks one property of a requested schema: its kind, the
// keywords that kind allows, its values, its default, and whether it asks
// for a secret.

type propKind int

const (
	kindUnknown     propKind = iota // type not known statically, or invalid
	kindString                      // free text
	kindEnum                        // enum (+ enumNames): untitled single-select or legacy
	kindTitledEnum                  // oneOf of {const, title}
	kindNumber                      // type "number"
	kindInteger                     // type "integer"
	kindBoolean                     // type "boolean"
	kindMulti                       // array, items {type: string, enum}
	kindTitledMulti                 // array, items {anyOf: [{const, title}]}
)

func (k propKind) label() string {
	switch k {
	case kindString:
		return "string"
	case kindEnum:
		return "enum"
	case kindTitledEnum:
		return "titled enum"
	case kindNumber:
		return "number"
	case kindInteger:
		return "integer"
	case kindBoolean:
		return "boolean"
	case kindMulti:
		return "multi-select enum"
	case kindTitledMulti:
		return "titled multi-select enum"
	}
	return "unknown"
}

// allowedKeys is the keyword whitelist of kind k in version v (§2.1, §2.2).
func allowedKeys(k propKind, v Version) map[string]bool {
	m := map[string]bool{"type": true, "title": true, "description": true}
	add := func(keys ...string) {
		for _, key := range keys {
			m[key] = true
		}
	}
	newer := v.AtLeast(V20251125)
	if newer || k == kindBoolean || k == kindUnknown {
		add("default")
	}
	switch k {
	case kindString:
		add("minLength", "maxLength", "format")
	case kindEnum:
		add("enum", "enumNames")
	case kindTitledEnum:
		if newer {
			add("oneOf")
		}
	case kindNumber, kindInteger:
		add("minimum", "maximum")
	case kindMulti, kindTitledMulti:
		add("items", "minItems", "maxItems")
	case kindUnknown:
		add("minLength", "maxLength", "format", "enum", "enumNames", "minimum", "maximum")
		if newer {
			add("oneOf", "items", "minItems", "maxItems")
		}
	}
	return m
}

// choices are the values a select offers.
type choices struct {
	vals     []string
	complete bool // every value is known
}

func (ch choices) has(s string) bool {
	for _, v := range ch.vals {
		if v == s {
			return true
		}
	}
	return false
}

func (ch choices) list() string {
	q := make([]string, 0, len(ch.vals))
	for i, v := range ch.vals {
		if i == 8 {
			q = append(q, "...")
			break
		}
		q = append(q, strconv.Quote(v))
	}
	return strings.Join(q, ", ")
}

type propCheck struct {
	*checker
	name    string
	p       *Node
	kind    propKind
	handled map[string]bool // keywords already reported on
	choices choices         // the choices of a select
	bounds  map[string]bound
}

func (c *checker) checkProperty(name string, p *Node) {
	if p.Kind == Unknown {
		return
	}
	if p.Kind == Bool && p.Bool && p.Field != nil {
		// jsonschema.For's empty schema, for an interface field.
		c.report(CheckSchema, p, true, "%s", p.Field.forUntyped(name))
		return
	}
	if p.Kind != Object {
		c.report(CheckSchema, p, true, "property %q must be a schema object, not %s", name, describe(p))
		return
	}
	c.field = p.Field
	defer func() { c.field = nil }()
	c.dupKeys(p, fmt.Sprintf("property %q", name))
	pc := &propCheck{checker: c, name: name, p: p, handled: map[string]bool{}}
	if !pc.classify() {
		return
	}
	pc.whitelist()
	pc.values()
	if d := lastMember(p, "default"); d != nil && !pc.handled["default"] && allowedKeys(pc.kind, c.v)["default"] {
		pc.checkDefault(d)
	}
	pc.checkSensitive()
}

// classify reports nesting, composition and type problems and sets pc.kind.
// It returns false when the property needs no further checks.
func (pc *propCheck) classify() bool {
	c, name, p := pc.checker, pc.name, pc.p
	tnode := lastMember(p, "type")

	// Nested objects.
	if typeIncludes(tnode, "object") {
		if p.Field != nil {
			c.report(CheckNested, p, true, "%s", p.Field.forObject(name))
			c.rejected(false)
			return false
		}
		c.report(CheckNested, p, true, "property %q is an object: %s", name, flatAdvice)
		c.rejected(false)
		return false
	}
	for _, kw := range []string{"properties", "patternProperties"} {
		if m := lastMember(p, kw); m != nil {
			c.add(CheckNested, m, p, true, fmt.Sprintf("property %q has %q: %s", name, kw, flatAdvice))
			c.rejected(false)
			return false
		}
	}
	if m := lastMember(p, "additionalProperties"); m != nil {
		c.report(CheckNested, m, true, `property %q has "additionalProperties", which belongs to object schemas: elicitation schemas must be flat; remove it`, name)
		pc.handled["additionalProperties"] = true
	}

	// References and composition.
	oneOf, anyOf := lastMember(p, "oneOf"), lastMember(p, "anyOf")
	oneOfOptions, anyOfOptions := isOptionList(oneOf), isOptionList(anyOf)
	composed := false
	for i, k := range p.Keys {
		if !isLast(p, i) || !compositionKeywords[k] {
			continue
		}
		if k == "oneOf" && oneOfOptions || k == "anyOf" && anyOfOptions {
			continue
		}
		composed = true
		pc.handled[k] = true
		c.report(CheckNested, p.Members[i], true, "property %q uses %q: %s", name, k, compositionAdvice(k))
	}

	// The type.
	typ := ""
	switch {
	case tnode == nil && p.Field != nil:
		c.report(CheckSchema, p, false, "%s", p.Field.forUntyped(name))
		c.rejected(false)
	case tnode == nil:
		if !p.Partial && !composed {
			hint := `"string", "number", "integer" or "boolean"`
			if p.Has("enum") || oneOfOptions {
				hint = `"string"`
			}
			c.report(CheckSchema, p, false, `property %q has no "type": clients cannot tell which input to show, and go-sdk rejects it; add "type": %s`, name, hint)
			c.rejected(false)
		}
	case tnode.Kind == Unknown:
	case tnode.Kind == Array:
		pc.handled["type"] = true
		var nonNull []string
		known := !tnode.Partial
		for _, e := range tnode.Elems {
			switch {
			case e.Kind == Unknown:
				known = false
			case e.IsString("null"):
			case e.Kind == String:
				nonNull = append(nonNull, e.Str)
			default:
				known = false
			}
		}
		switch {
		case known && len(nonNull) == 1 && p.Field != nil:
			// A pointer field; classifyArray reports a slice field.
			typ = nonNull[0]
			if typ != "array" {
				c.add(CheckSchema, p, tnode, true, p.Field.forTypeList(name, typ))
				c.rejected(false)
			}
		case known && len(nonNull) == 1:
			typ = nonNull[0]
			c.report(CheckSchema, tnode, true, `property %q has a list of types: elicitation needs a single type, and go-sdk rejects lists; use "type": %q and leave %q out of "required" to make it optional`, name, typ, name)
			c.rejected(false)
		default:
			c.report(CheckSchema, tnode, true, `property %q has a list of types: elicitation needs a single type, and go-sdk rejects lists; use one of "string", "number", "integer" or "boolean"`, name)
			c.rejected(false)
		}
	case tnode.Kind != String:
		pc.handled["type"] = true
		c.report(CheckSchema, tnode, true, `property %q: type must be a string such as "string", not %s`, name, describe(tnode))
		c.rejected(false)
	default:
		typ = tnode.Str
	}
	switch typ {
	case "", "string", "number", "integer", "boolean", "array":
	case "null":
		c.report(CheckSchema, tnode, true, `property %q has type "null": such a field asks for nothing; give it a real type and leave it out of "required" to make it optional`, name)
		c.rejected(false)
		return false
	default:
		pc.handled["type"] = true
		msg := fmt.Sprintf(`property %q has type %q, which elicitation does not support; use "string", "number", "integer", "boolean" or, for a multi-select, "array"`, name, typ)
		if s := Suggest(typ, []string{"string", "number", "integer", "boolean", "array"}); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		c.add(CheckSchema, tnode, tnode, true, msg)
		typ = ""
	}

	switch typ {
	case "string":
		switch {
		case oneOf != nil && oneOfOptions:
			pc.kind = kindTitledEnum
		case anyOf != nil && anyOfOptions:
			c.report(CheckSchema, anyOf, true, `property %q: titled single-select options go in "oneOf", not "anyOf"`, name)
			return false
		case p.Has("enum"):
			pc.kind = kindEnum
		default:
			pc.kind = kindString
		}
	case "number":
		pc.kind = kindNumber
	case "integer":
		pc.kind = kindInteger
	case "boolean":
		pc.kind = kindBoolean
	case "array":
		if anyOf != nil && anyOfOptions {
			c.report(CheckSchema, anyOf, true, `property %q: titled multi-select options go in "items": {"anyOf": [...]}, not in the property's own "anyOf"`, name)
			return false
		}
		return pc.classifyArray(tnode)
	}
	return true
}

// classifyArray handles type "array": only the two multi-select enum forms
// are allowed, and only from 2025-11-25.
func (pc *propCheck) classifyArray(tnode *Node) bool {
	c, name, p := pc.checker, pc.name, pc.p
	items := lastMember(p, "items")
	if p.Field != nil {
		// jsonschema.For never derives a multi-select: one finding about
		// the field, whatever its items are.
		check, msg := p.Field.forArray(name, items, c.v)
		c.add(check, p, p, true, msg)
		return false
	}
	if items != nil && items.Kind == Object {
		it := lastMember(items, "type")
		if typeIncludes(it, "object") || items.Has("properties") || items.Has("patternProperties") || items.Has("additionalProperties") {
			c.add(CheckNested, p, p, true, fmt.Sprintf("property %q is an array of objects: elicitation schemas must be flat, and arrays may only hold enum choices; move the fields to the top level or ask in a second elicitation", name))
			c.rejected(false)
			return false
		}
		if typeIncludes(it, "array") {
			c.add(CheckNested, p, p, true, fmt.Sprintf("property %q is an array of arrays: elicitation schemas must be flat, and arrays may only hold enum choices; ask for a single value or a multi-select enum", name))
			c.rejected(false)
			return false
		}
	}
	if items != nil && items.Kind == Array {
		c.add(CheckNested, items, p, true, fmt.Sprintf(`property %q has a list of item schemas (a tuple): elicitation arrays may only be multi-select enums; use "items": {"type": "string", "enum": [...]}`, name))
		return false
	}
	if !c.v.AtLeast(V20251125) {
		c.add(CheckSchema, tnode, p, true, fmt.Sprintf("property %q is an array: arrays (multi-select enums) need spec 2025-11-25 or later (this check targets %s); ask for a single value or an enum", name, c.v))
		return false
	}
	pc.kind = kindMulti
	switch {
	case items == nil:
		if p.Partial {
			return true
		}
		c.add(CheckNested, p, p, true, fmt.Sprintf(`property %q is an array without "items": the only arrays elicitation allows are multi-select enums; add "items": {"type": "string", "enum": [...]}`, name))
		c.rejected(false)
		return false
	case items.Kind == Unknown:
		return true
	case items.Kind != Object:
		c.add(CheckSchema, items, p, true, fmt.Sprintf(`property %q: items must be an object listing the choices, not %s`, name, describe(items)))
		return false
	}
	pc.handled["items"] = true
	c.dupKeys(items, fmt.Sprintf("property %q: items", name))

	anyOf, enum, oneOf := lastMember(items, "anyOf"), lastMember(items, "enum"), lastMember(items, "oneOf")
	anyOfOptions := isOptionList(anyOf)
	oneOfOptions := isOptionList(oneOf)
	composed := false
	for i, k := range items.Keys {
		if !isLast(items, i) || !compositionKeywords[k] {
			continue
		}
		if k == "anyOf" && anyOfOptions || k == "oneOf" && oneOfOptions {
			continue
		}
		composed = true
		c.report(CheckNested, items.Members[i], true, "property %q: items use %q: %s", name, k, compositionAdvice(k))
	}
	extra := func(form string, allowed ...string) {
		for i, k := range items.Keys {
			if !isLast(items, i) || compositionKeywords[k] && !(k == "anyOf" || k == "oneOf") {
				continue
			}
			ok := false
			for _, a := range allowed {
				ok = ok || k == a
			}
			if !ok {
				c.report(CheckSchema, items.Members[i], true, "keyword %q is not part of the %s elicitation schema for %s items; clients may ignore it", k, c.v, form)
			}
		}
	}
	switch {
	case anyOf != nil && anyOfOptions:
		pc.kind = kindTitledMulti
		if t := lastMember(items, "type"); t != nil {
			c.report(CheckSchema, t, true, `property %q: titled multi-select items must not carry "type": go-sdk rejects that at run time; keep only "anyOf"`, name)
			c.rejected(true)
		}
		extra("titled multi-select", "anyOf", "type")
		pc.choices = pc.options("items.anyOf", anyOf)
	case enum != nil:
		pc.kind = kindMulti
		switch t := lastMember(items, "type"); {
		case t == nil:
			if !items.Partial {
				c.report(CheckSchema, items, false, `property %q: multi-select items need "type": "string" next to "enum"; go-sdk rejects untyped items`, name)
				c.rejected(false)
			}
		case t.Kind == Unknown || t.IsString("string"):
		default:
			c.report(CheckSchema, t, true, `property %q: multi-select items must have type "string": elicitation choices are strings`, name)
			c.rejected(false)
		}
		extra("multi-select", "type", "enum")
		pc.choices = pc.enumValues("items.enum", enum)
	case oneOf != nil && oneOfOptions:
		c.report(CheckSchema, oneOf, true, `property %q: titled multi-select options go in items.anyOf, not items.oneOf`, name)
		return false
	case composed:
		return false
	case items.Partial:
		pc.choices = choices{}
		return true
	default:
		what := "values"
		switch t := lastMember(items, "type"); {
		case t.IsString("string"):
			what = "strings"
		case t.IsString("number"), t.IsString("integer"):
			what = "numbers"
		case t.IsString("boolean"):
			what = "booleans"
		}
		c.add(CheckNested, items, p, true, fmt.Sprintf("property %q is an array of free-form %s: the only arrays elicitation allows are multi-select enums; list the choices in items.enum (or items.anyOf of {const, title}), or ask for a single value", name, what))
		return false
	}
	return true
}

// whitelist reports keywords outside the kind's schema for the version.
func (pc *propCheck) whitelist() {
	c, name, p := pc.checker, pc.name, pc.p
	allowed := allowedKeys(pc.kind, c.v)
	article := "a " + pc.kind.label()
	switch pc.kind {
	case kindEnum, kindInteger:
		article = "an " + pc.kind.label()
	}
	for i, k := range p.Keys {
		if !isLast(p, i) || pc.handled[k] || allowed[k] {
			continue
		}
		m := p.Members[i]
		isOptions := (k == "oneOf" || k == "anyOf") && isOptionList(m)
		switch {
		case compositionKeywords[k] && !isOptions:
			// reported by classify
		case k == "default" && !c.v.AtLeast(V20251125):
			pc.handled[k] = true
			c.report(CheckSchema, m, true, "default on %s property needs spec 2025-11-25 or later (this check targets %s)", article, c.v)
		case k == "oneOf" && pc.kind == kindTitledEnum:
			pc.handled[k] = true
			c.report(CheckSchema, m, true, `titled options ("oneOf") need spec 2025-11-25 or later (this check targets %s); use "enum" with "enumNames"`, c.v)
		case k == "required":
			pc.handled[k] = true
			c.report(CheckSchema, m, true, `keyword "required" inside property %q has no effect; list %q in the root "required" array instead`, name, name)
		default:
			pc.handled[k] = true
			form := pc.kind.label() + " properties"
			if pc.kind == kindUnknown {
				form = "any property"
			}
			c.report(CheckSchema, m, true, "keyword %q is not part of the %s elicitation schema for %s; clients may ignore it", k, c.v, form)
		}
	}
}

// bound is a numeric keyword that passed its own checks.
type bound struct {
	n  *Node
	v  float64
	ok bool
}

// values checks the values of the whitelisted keywords.
func (pc *propCheck) values() {
	c, name, p := pc.checker, pc.name, pc.p
	get := func(k string) *Node {
		if pc.handled[k] {
			return nil
		}
		return lastMember(p, k)
	}
	for _, k := range []string{"title", "description"} {
		if m := get(k); m != nil && m.Kind != Unknown && m.Kind != String {
			c.report(CheckSchema, m, true, "property %q: %s must be a string, not %s", name, k, describe(m))
		}
	}
	counts := map[string]bound{}
	for _, k := range []string{"minLength", "maxLength", "minItems", "maxItems"} {
		if m := get(k); m != nil {
			counts[k] = pc.count(k, m)
		}
	}
	for _, k := range []string{"minimum", "maximum"} {
		m := get(k)
		switch {
		case m == nil || m.Kind == Unknown:
		case m.Kind != Number:
			c.report(CheckSchema, m, true, "property %q: %s must be a number, not %s", name, k, describe(m))
		default:
			counts[k] = bound{m, m.Num, true}
		}
	}
	for _, pair := range [][2]string{{"minLength", "maxLength"}, {"minimum", "maximum"}, {"minItems", "maxItems"}} {
		lo, hi := counts[pair[0]], counts[pair[1]]
		if lo.ok && hi.ok && lo.v > hi.v {
			c.report(CheckSchema, lo.n, false, "property %q: %s %s is greater than %s %s", name, pair[0], formatNum(lo.v), pair[1], formatNum(hi.v))
			if pair[0] != "minItems" {
				c.rejected(false) // go-sdk does not check minItems
			}
		}
	}
	pc.bounds = counts

	if m := get("format"); m != nil && m.Kind != Unknown {
		if m.Kind != String {
			c.report(CheckSchema, m, true, `property %q: format must be a string, not %s`, name, describe(m))
		} else if !inList(allowedFormats, m.Str) {
			msg := fmt.Sprintf("format %q is not allowed in elicitation schemas (email, uri, date, date-time)", m.Str)
			if s := Suggest(m.Str, allowedFormats); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			} else {
				msg += "; remove it and describe the expected input in the description"
			}
			c.add(CheckSchema, m, m, true, msg)
		}
	}

	enum := get("enum")
	if enum != nil {
		ch := pc.enumValues("enum", enum)
		if pc.kind == kindEnum {
			pc.choices = ch
		}
	}
	if names := get("enumNames"); names != nil && names.Kind != Unknown {
		if names.Kind != Array {
			c.report(CheckSchema, names, true, `property %q: enumNames must be an array of display names, not %s`, name, describe(names))
		} else {
			for i, e := range names.Elems {
				if e.Kind != Unknown && e.Kind != String {
					c.report(CheckSchema, e, true, "property %q: enumNames[%d] must be a string, not %s", name, i, describe(e))
				}
			}
			if enum != nil && enum.Kind == Array && !enum.Partial && !names.Partial && len(enum.Elems) != len(names.Elems) {
				c.report(CheckSchema, names, false, `property %q: enumNames has %d entries but enum has %d; give every enum value one display name`, name, len(names.Elems), len(enum.Elems))
				c.rejected(false)
			}
		}
	}
	if oneOf := get("oneOf"); oneOf != nil && isOptionList(oneOf) {
		ch := pc.options("oneOf", oneOf)
		if pc.kind == kindTitledEnum {
			pc.choices = ch
		}
	}
}

func inList(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// count checks a length or item count: a non-negative integer.
func (pc *propCheck) count(k string, m *Node) bound {
	c, name := pc.checker, pc.name
	switch {
	case m.Kind == Unknown:
	case m.Kind != Number:
		c.report(CheckSchema, m, true, "property %q: %s must be a non-negative integer, not %s", name, k, describe(m))
	case m.Num != math.Trunc(m.Num) || math.IsInf(m.Num, 0):
		c.report(CheckSchema, m, true, "property %q: %s %s must be a whole number", name, k, formatNum(m.Num))
	case m.Num < 0:
		c.report(CheckSchema, m, true, "property %q: %s %s is negative; lengths and counts start at 0", name, k, formatNum(m.Num))
	default:
		return bound{m, m.Num, true}
	}
	return bound{}
}

// list checks that a list of choices is a non-empty array; elems names
// what it must hold and unit one of them. ok is false when there is no
// array to look into.
func (pc *propCheck) list(kw string, n *Node, elems, unit string) (choices, bool) {
	c, name := pc.checker, pc.name
	ch := choices{complete: true}
	switch {
	case n.Kind == Unknown:
		return choices{}, false
	case n.Kind != Array:
		c.report(CheckSchema, n, true, "property %q: %s must be an array of %s, not %s", name, kw, elems, describe(n))
		return choices{}, false
	case n.Partial:
		ch.complete = false
	case len(n.Elems) == 0:
		c.report(CheckSchema, n, true, "property %q: %s is empty; a select needs at least one %s", name, kw, unit)
	}
	return ch, true
}

// enumValues checks an enum array; kw names it in messages.
func (pc *propCheck) enumValues(kw string, n *Node) choices {
	c, name := pc.checker, pc.name
	ch, ok := pc.list(kw, n, "strings", "choice")
	if !ok {
		return ch
	}
	seen := map[string]bool{}
	for i, e := range n.Elems {
		switch {
		case e.Kind == Unknown:
			ch.complete = false
		case e.Kind != String:
			ch.complete = false
			c.report(CheckSchema, e, true, "property %q: %s[%d] is %s; elicitation choices must be strings", name, kw, i, describe(e))
		case seen[e.Str]:
			c.report(CheckSchema, e, false, "property %q: %s lists %q twice", name, kw, e.Str)
		default:
			seen[e.Str] = true
			ch.vals = append(ch.vals, e.Str)
		}
	}
	return ch
}

// options checks a list of titled options ({const, title}); kw names it.
func (pc *propCheck) options(kw string, n *Node) choices {
	c, name := pc.checker, pc.name
	ch, ok := pc.list(kw, n, "{const, title} options", "option")
	if !ok {
		return ch
	}
	seen := map[string]bool{}
	for i, e := range n.Elems {
		where := fmt.Sprintf("%s[%d]", kw, i)
		if e.Kind == Unknown {
			ch.complete = false
			continue
		}
		if e.Kind != Object {
			ch.complete = false
			c.report(CheckSchema, e, true, `property %q: %s must be an option object {"const": value, "title": label}, not %s`, name, where, describe(e))
			continue
		}
		c.dupKeys(e, fmt.Sprintf("property %q: %s", name, where))
		cn, tn := lastMember(e, "const"), lastMember(e, "title")
		switch {
		case cn == nil:
			ch.complete = ch.complete && !e.Partial
			if !e.Partial {
				c.report(CheckSchema, e, false, `property %q: %s has no "const"; titled options need both "const" (the value) and "title" (the label)`, name, where)
				c.rejected(false)
			}
		case cn.Kind == Unknown:
			ch.complete = false
		case cn.Kind != String:
			ch.complete = false
			c.report(CheckSchema, cn, true, `property %q: %s.const must be a string, not %s`, name, where, describe(cn))
			c.rejected(false)
		case seen[cn.Str]:
			c.report(CheckSchema, cn, false, "property %q: %s repeats the value %q", name, where, cn.Str)
		default:
			if cn.Str == "" {
				c.report(CheckSchema, cn, false, `property %q: %s.const is empty; go-sdk rejects empty option values at run time`, name, where)
				c.rejected(false)
			}
			seen[cn.Str] = true
			ch.vals = append(ch.vals, cn.Str)
		}
		switch {
		case tn == nil:
			if !e.Partial {
				c.report(CheckSchema, e, false, `property %q: %s has no "title"; titled options need both "const" (the value) and "title" (the label)`, name, where)
				c.rejected(false)
			}
		case tn.Kind != Unknown && tn.Kind != String:
			c.report(CheckSchema, tn, true, `property %q: %s.title must be a string, not %s`, name, where, describe(tn))
		}
		for j, k := range e.Keys {
			if !isLast(e, j) || k == "const" || k == "title" {
				continue
			}
			if compositionKeywords[k] {
				c.report(CheckNested, e.Members[j], true, "property %q: %s uses %q: %s", name, where, k, compositionAdvice(k))
			} else {
				c.report(CheckSchema, e.Members[j], true, "keyword %q is not part of a titled enum option (const, title); clients may ignore it", k)
			}
		}
	}
	return ch
}

// checkDefault checks that a default has the property's type and fits it.
func (pc *propCheck) checkDefault(d *Node) {
	c, name := pc.checker, pc.name
	if d.Kind == Unknown {
		return
	}
	mismatch := func(want string) {
		c.report(CheckSchema, d, true, "property %q: default must be %s, not %s", name, want, describe(d))
		c.rejected(false)
	}
	b := pc.bounds
	switch pc.kind {
	case kindBoolean:
		if d.Kind != Bool {
			mismatch("a boolean")
		}
	case kindString:
		if d.Kind != String {
			mismatch("a string")
			return
		}
		n := float64(utf8.RuneCountInString(d.Str))
		if lo := b["minLength"]; lo.ok && n < lo.v {
			c.report(CheckSchema, d, false, "property %q: default %q is shorter than minLength %s", name, d.Str, formatNum(lo.v))
		}
		if hi := b["maxLength"]; hi.ok && n > hi.v {
			c.report(CheckSchema, d, false, "property %q: default %q is longer than maxLength %s", name, d.Str, formatNum(hi.v))
		}
	case kindNumber, kindInteger:
		if d.Kind != Number {
			mismatch("a number")
			return
		}
		if pc.kind == kindInteger && d.Num != math.Trunc(d.Num) {
			c.report(CheckSchema, d, false, "property %q: default %s is not an integer", name, formatNum(d.Num))
		}
		if lo := b["minimum"]; lo.ok && d.Num < lo.v {
			c.report(CheckSchema, d, false, "property %q: default %s is less than minimum %s", name, formatNum(d.Num), formatNum(lo.v))
		}
		if hi := b["maximum"]; hi.ok && d.Num > hi.v {
			c.report(CheckSchema, d, false, "property %q: default %s is greater than maximum %s", name, formatNum(d.Num), formatNum(hi.v))
		}
	case kindEnum, kindTitledEnum:
		if d.Kind != String {
			mismatch("a string (one of the choices)")
			return
		}
		if pc.choices.complete && !pc.choices.has(d.Str) {
			c.report(CheckSchema, d, false, "property %q: default %q is not one of the choices (%s)", name, d.Str, pc.choices.list())
		}
	case kindMulti, kindTitledMulti:
		if d.Kind != Array {
			mismatch("an array of choices")
			return
		}
		for _, e := range d.Elems {
			switch {
			case e.Kind == Unknown:
			case e.Kind != String:
				c.report(CheckSchema, e, true, "property %q: default entries must be strings (choices), not %s", name, describe(e))
			case pc.choices.complete && !pc.choices.has(e.Str):
				c.report(CheckSchema, e, false, "property %q: default %q is not one of the choices (%s)", name, e.Str, pc.choices.list())
			}
		}
		if !d.Partial {
			n := float64(len(d.Elems))
			if lo := b["minItems"]; lo.ok && n < lo.v {
				c.report(CheckSchema, d, false, "property %q: default has %d choices, fewer than minItems %s", name, len(d.Elems), formatNum(lo.v))
			}
			if hi := b["maxItems"]; hi.ok && n > hi.v {
				c.report(CheckSchema, d, false, "property %q: default has %d choices, more than maxItems %s", name, len(d.Elems), formatNum(hi.v))
			}
		}
	}
}

// checkSensitive reports free-text fields that ask for a secret, and any
// field marked as a password or write-only.
func (pc *propCheck) checkSensitive() {
	c, name, p := pc.checker, pc.name, pc.p
	if c.sens == nil || c.sens.Allowed(name) {
		return
	}
	pw := lastMember(p, "format").IsString("password")
	wo := lastMember(p, "writeOnly")
	writeOnly := wo != nil && wo.Kind == Bool && wo.Bool
	reason, found := "", false
	// A name that describes a secret ("password_hint", "apiKeyName")
	// settles it: its title or description may well name the secret.
	if pc.kind == kindString && !c.sens.Describes(name) {
		if _, ok := c.sens.Match(name); ok {
			found = true
		}
		for _, k := range []string{"title", "description"} {
			if found {
				break
			}
			if t := lastMember(p, k); t != nil && t.Kind == String {
				if term, ok := c.sens.Match(t.Str); ok {
					what := k
					if k == "description" && p.Field != nil {
						what = "jsonschema tag" // For's only use of the tag
					}
					reason, found = fmt.Sprintf(" (its %s mentions %q)", what, term), true
				}
			}
		}
	}
	switch {
	case found:
	case pw:
		reason, found = ` (format "password")`, true
	case writeOnly:
		reason, found = ` ("writeOnly": true)`, true
	}
	if !found {
		return
	}
	msg := fmt.Sprintf("form field %q asks for a secret%s: servers must not request passwords, API keys, access tokens or payment credentials in form mode (MCP %s); use url mode", name, reason, c.v)
	if !c.v.AtLeast(V20251125) {
		msg = fmt.Sprintf("form field %q asks for a secret%s: servers must not request sensitive information through elicitation (MCP %s), and that version has no url mode; collect it outside MCP", name, reason, c.v)
	}
	// A secret is not a schema error: cover nothing, so metaschema findings
	// about the same property still show.
	c.add(CheckSensitive, p, nil, false, msg)
}
