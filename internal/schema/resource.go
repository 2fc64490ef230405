package schema

import (
	"net/url"
	"strconv"
	"strings"
)

// This file finds what a JSON Schema validator needs before it can check a
// schema against the metaschema: which draft each part of the schema is
// written in ($schema), where base URIs change ($id, or id in draft 4),
// the anchors, and the places that references point at. Nothing is ever
// loaded: a schema that names another metaschema, or whose ids cannot be
// resolved, is not checked at all.

// documentURL is the requested schema's base URI. The .invalid top-level
// domain never resolves.
const documentURL = "https://elicitlint.invalid/requested-schema.json"

// A resource is a schema with its own base URI: the root, or a subschema
// with an id.
type resource struct {
	ptr     string // JSON pointer from the root
	id      string // absolute base URI
	dialect dialect
	anchors map[string]string // plain-name anchor → JSON pointer
}

// A document is a requested schema prepared for the metaschema check.
type document struct {
	root      *Node
	resources map[string]*resource // by JSON pointer
	collected map[string]bool      // JSON pointers of the subschemas walked
}

// load prepares root. It reports false when a validator would stop before
// the metaschema check: a "$schema" that is not one of the JSON Schema
// drafts (its metaschema would have to be fetched), an id that is not a
// URI reference, two subschemas with one id, or one anchor on two
// subschemas of a resource.
func load(root *Node) (*document, bool) {
	doc := &document{root: root, resources: map[string]*resource{}, collected: map[string]bool{}}
	return doc, doc.collect(root, documentURL, "", draft2020)
}

// collect walks the subschema n at ptr, whose enclosing resource has base
// URI base and dialect fallback.
func (doc *document) collect(n *Node, base, ptr string, fallback dialect) bool {
	if doc.collected[ptr] {
		return true
	}
	if !doc.collectOne(n, base, ptr, fallback) {
		return false
	}
	doc.collected[ptr] = true
	return true
}

func (doc *document) collectOne(n *Node, base, ptr string, fallback dialect) bool {
	if n.Kind != Object {
		if ptr == "" {
			doc.resources[ptr] = &resource{ptr: ptr, id: base, dialect: fallback, anchors: map[string]string{}}
		}
		return true
	}
	d, named := fallback, false
	if s := lastMember(n, "$schema"); s != nil && s.Kind == String {
		var ok bool
		if d, ok = dialectOf(s.Str); !ok {
			return false
		}
		named = true
	}
	id := idOf(n, d)
	if id == "" && ptr != "" {
		// "$schema" counts only at the root and beside an id.
		d, named = fallback, false
		id = idOf(n, d)
	}
	var res *resource
	if id != "" {
		u, _, ok := resolveURL(base, id)
		if !ok {
			return false
		}
		base = u
		res = &resource{ptr: ptr, id: base, anchors: map[string]string{}}
	} else if ptr == "" {
		res = &resource{ptr: ptr, id: base, anchors: map[string]string{}}
	}
	if res != nil {
		if other := doc.resourceWithID(base); other != nil {
			if other.ptr != ptr {
				return false
			}
		} else {
			res.dialect = fallback
			if named {
				res.dialect = d
			}
			doc.resources[ptr] = res
		}
	}
	baseRes := doc.resourceWithID(base)
	if baseRes == nil || !baseRes.addAnchors(n, ptr) {
		return false
	}
	ok := true
	eachSubschema(n, d, func(key string, sub *Node, tok ...string) {
		if !ok {
			return
		}
		p := ptr + "/" + escapeToken(key)
		for _, t := range tok {
			p += "/" + escapeToken(t)
		}
		ok = doc.collect(sub, base, p, baseRes.dialect)
	})
	return ok
}

func (doc *document) resourceWithID(id string) *resource {
	for _, r := range doc.resources {
		if r.id == id {
			return r
		}
	}
	return nil
}

// enclosing returns the resource that contains the value at ptr.
func (doc *document) enclosing(ptr string) *resource {
	for {
		if r, ok := doc.resources[ptr]; ok {
			return r
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return doc.resources[""]
		}
		ptr = ptr[:i]
	}
}

// resourceAt returns the resource whose root is the value at p, if any.
func (doc *document) resourceAt(p *place) *resource {
	if p.up != nil && len(doc.resources) == 1 {
		return nil
	}
	return doc.resources[pointer(p)]
}

// addAnchors records the anchors that the subschema n at ptr declares.
func (r *resource) addAnchors(n *Node, ptr string) bool {
	add := func(a string) bool {
		if at, ok := r.anchors[a]; ok {
			return at == ptr
		}
		r.anchors[a] = ptr
		return true
	}
	if r.dialect < draft2019 {
		if lastMember(n, "$ref") != nil {
			return true // the other keywords beside "$ref" do not count
		}
		if id := lastMember(n, r.dialect.idKeyword()); id != nil && id.Kind == String {
			_, frag, _ := strings.Cut(id.Str, "#")
			frag, err := url.PathUnescape(frag)
			if err != nil {
				return false
			}
			if frag != "" && !strings.HasPrefix(frag, "/") && !add(frag) {
				return false
			}
		}
		return true
	}
	if a := lastMember(n, "$anchor"); a != nil && a.Kind == String && !add(a.Str) {
		return false
	}
	if r.dialect >= draft2020 {
		if a := lastMember(n, "$dynamicAnchor"); a != nil && a.Kind == String && !add(a.Str) {
			return false
		}
	}
	return true
}

// idOf returns the base URI that the object n declares in dialect d,
// without its fragment; "" when it declares none.
func idOf(n *Node, d dialect) string {
	if d < draft2019 && lastMember(n, "$ref") != nil {
		return ""
	}
	v := lastMember(n, d.idKeyword())
	if v == nil || v.Kind != String {
		return ""
	}
	id, _, _ := strings.Cut(v.Str, "#")
	return id
}

// eachSubschema calls f on the places of n where dialect d keeps
// subschemas, as validators find embedded resources and anchors: key, the
// value there, and the index or member name below key if any.
func eachSubschema(n *Node, d dialect, f func(key string, sub *Node, tok ...string)) {
	members(n, func(k string, v *Node) {
		switch subschemaShape(d, k) {
		case oneSchema:
			f(k, v)
		case schemasIn:
			elems(v, func(j string, e *Node) { f(k, e, j) })
		case schemaOrSchemas:
			f(k, v)
			elems(v, func(j string, e *Node) { f(k, e, j) })
		case schemasByName:
			members(v, func(name string, m *Node) { f(k, m, name) })
		}
	})
}

type shape uint8

const (
	noSchema        shape = iota
	oneSchema             // the value
	schemasIn             // the elements of an array
	schemaOrSchemas       // the value, or the elements of an array
	schemasByName         // the member values of an object
)

// subschemaShape says where keyword key of dialect d holds subschemas.
func subschemaShape(d dialect, key string) shape {
	switch key {
	case "not", "additionalProperties", "additionalItems":
		return oneSchema
	case "allOf", "anyOf", "oneOf":
		return schemasIn
	case "items":
		return schemaOrSchemas
	case "definitions", "properties", "patternProperties", "dependencies":
		return schemasByName
	case "propertyNames", "contains":
		if d >= draft6 {
			return oneSchema
		}
	case "if", "then", "else":
		if d >= draft7 {
			return oneSchema
		}
	case "unevaluatedProperties", "unevaluatedItems", "contentSchema":
		if d >= draft2019 {
			return oneSchema
		}
	case "$defs", "dependentSchemas":
		if d >= draft2019 {
			return schemasByName
		}
	case "prefixItems":
		if d >= draft2020 {
			return schemasIn
		}
	}
	return noSchema
}

// elems calls f on each element of v, if an array, with its index.
func elems(v *Node, f func(string, *Node)) {
	if v.Kind == Array {
		for i, e := range v.Elems {
			f(strconv.Itoa(i), e)
		}
	}
}

// members calls f on each member of v, if an object: the last of each
// repeated key, which is the one JSON decoders keep.
func members(v *Node, f func(string, *Node)) {
	if v.Kind == Object {
		for i, k := range v.Keys {
			if isLast(v, i) {
				f(k, v.Members[i])
			}
		}
	}
}

// refTargets returns the values that references point at, where these are
// not subschemas already (a "$ref" to "#/x" where "x" is no keyword, say):
// validators check them against the metaschema when they follow the
// reference. Only references from subschemas that a validator compiles
// count, the way it compiles them; references it cannot resolve without
// loading something are skipped.
func (doc *document) refTargets() []*place {
	var targets []*place
	queue := []*place{{node: doc.root}}
	seen := map[string]bool{"": true}
	enqueue := func(ptr string) {
		if seen[ptr] {
			return
		}
		seen[ptr] = true
		if p, ok := doc.lookup(ptr); ok {
			queue = append(queue, p)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		ptr := pointer(p)
		if !doc.collected[ptr] {
			res := doc.enclosing(ptr)
			if !doc.collect(p.node, res.id, ptr, res.dialect) {
				break
			}
			targets = append(targets, p)
		}
		res := doc.enclosing(ptr)
		compiled(p.node, res.dialect,
			func(tok ...string) {
				q := ptr
				for _, t := range tok {
					q += "/" + escapeToken(t)
				}
				enqueue(q)
			},
			func(ref string) {
				if q, ok := doc.resolve(res, ref); ok {
					enqueue(q)
				}
			})
	}
	return targets
}

// resolve returns the JSON pointer that ref, found in resource res, points
// at inside the document.
func (doc *document) resolve(res *resource, ref string) (string, bool) {
	u, frag, ok := resolveURL(res.id, ref)
	if !ok {
		return "", false
	}
	target := doc.resources[""]
	if u != documentURL {
		if target = doc.resourceWithID(u); target == nil {
			return "", false // elsewhere: never loaded
		}
	}
	if frag == "" || strings.HasPrefix(frag, "/") {
		return target.ptr + frag, true
	}
	ptr, ok := target.anchors[frag]
	return ptr, ok
}

// compiled calls sub with the places of object n (dialect d) that a
// validator compiles as subschemas, and ref with its references.
func compiled(n *Node, d dialect, sub func(tok ...string), ref func(string)) {
	if n.Kind != Object {
		return
	}
	str := func(k string) (string, bool) {
		v := lastMember(n, k)
		if v == nil || v.Kind != String {
			return "", false
		}
		return v.Str, true
	}
	one := func(k string) {
		if lastMember(n, k) != nil {
			sub(k)
		}
	}
	each := func(k string) {
		if v := lastMember(n, k); v != nil {
			elems(v, func(i string, _ *Node) { sub(k, i) })
		}
	}
	byName := func(k string, skipArrays bool) {
		if v := lastMember(n, k); v != nil {
			members(v, func(name string, m *Node) {
				if !skipArrays || m.Kind != Array {
					sub(k, name)
				}
			})
		}
	}
	additional := func(k string) {
		if v := lastMember(n, k); v != nil && v.Kind != Bool {
			sub(k)
		}
	}
	r, hasRef := str("$ref")
	if hasRef {
		ref(r)
	}
	if !hasRef || d >= draft2019 {
		each("allOf")
		each("anyOf")
		each("oneOf")
		one("not")
		if d < draft2020 {
			if items := lastMember(n, "items"); items != nil && items.Kind == Array {
				each("items")
				additional("additionalItems")
			} else {
				one("items")
			}
		}
		byName("properties", false)
		byName("patternProperties", false)
		additional("additionalProperties")
		byName("dependencies", true)
	}
	if d >= draft6 {
		one("contains")
		one("propertyNames")
	}
	if d >= draft7 {
		if cond := lastMember(n, "if"); cond != nil {
			sub("if")
			if cond.Kind != Bool || cond.Bool {
				one("then")
			}
			if cond.Kind != Bool || !cond.Bool {
				one("else")
			}
		}
	}
	if d >= draft2019 {
		if r, ok := str("$recursiveRef"); ok {
			ref(r)
		}
		byName("dependentSchemas", false)
		one("unevaluatedItems")
		one("unevaluatedProperties")
	}
	if d >= draft2020 {
		if r, ok := str("$dynamicRef"); ok {
			ref(r)
		}
		each("prefixItems")
		one("items")
	}
}

// lookup returns the place that a JSON pointer names, if there is one.
func (doc *document) lookup(ptr string) (*place, bool) {
	p := &place{node: doc.root}
	if ptr == "" {
		return p, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok, ok := unescapeToken(tok)
		if !ok {
			return nil, false
		}
		var next *Node
		switch n := p.node; n.Kind {
		case Object:
			next = lastMember(n, tok)
		case Array:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.Elems) {
				next = n.Elems[i]
			}
		}
		if next == nil {
			return nil, false
		}
		p = p.child(tok, next)
	}
	return p, true
}

// pointer returns the JSON pointer of p.
func pointer(p *place) string {
	var b strings.Builder
	for _, t := range p.tokens() {
		b.WriteByte('/')
		b.WriteString(escapeToken(t))
	}
	return b.String()
}

func escapeToken(t string) string {
	if !strings.ContainsAny(t, "~/") {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

// unescapeToken undoes escapeToken; false for a "~" not followed by 0 or 1.
func unescapeToken(t string) (string, bool) {
	if !strings.Contains(t, "~") {
		return t, true
	}
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] != '~' {
			b.WriteByte(t[i])
			continue
		}
		if i+1 == len(t) || (t[i+1] != '0' && t[i+1] != '1') {
			return "", false
		}
		if t[i+1] == '0' {
			b.WriteByte('~')
		} else {
			b.WriteByte('/')
		}
		i++
	}
	return b.String(), true
}

// resolveURL resolves ref against base. It returns the absolute URI
// without fragment, and the fragment, percent-decoded.
func resolveURL(base, ref string) (string, string, bool) {
	b, err := url.Parse(base)
	if err != nil {
		return "", "", false
	}
	ref, frag, _ := strings.Cut(ref, "#")
	frag, err = url.PathUnescape(frag)
	if err != nil {
		return "", "", false
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", "", false
	}
	u := b.ResolveReference(r)
	if !r.IsAbs() && b.Opaque != "" {
		u.Opaque = b.Opaque // net/url drops it (go.dev/issue/66084)
	}
	return u.String(), frag, true
}
