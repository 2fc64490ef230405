package schema

import (
	"fmt"
	"strings"
)

// Validate checks that a requested schema is a valid JSON Schema: it
// checks the tree against the JSON Schema metaschema of draft 2020-12 (or
// of the draft its $schema names) and reports what the metaschema
// rejects, such as "type": "strng" or "minimum": "5". Findings have Check
// "schema".
//
// Validate stays silent on trees that are not fully known (see ToAny) and on
// problems the metaschema does not cover (references that cannot be
// resolved, regular expressions, which are ECMA 262 rather than Go
// syntax). It never reads a file or a URL: a schema whose $schema names a
// metaschema other than the JSON Schema drafts is not reported on, and
// references to anything outside the schema itself are not followed.
//
// Check calls Validate and drops what its own checks already report, so
// callers normally need only Check.
func Validate(root *Node) []Finding {
	var out []Finding
	for _, f := range validate(root) {
		out = append(out, f.Finding)
	}
	return sortFindings(out)
}

func validate(root *Node) []finding {
	leaves, _ := metaLeaves(root)
	if len(leaves) == 0 {
		return nil
	}
	var out []finding
	seen := map[*Node]bool{}
	for _, l := range leaves {
		// One finding per value: the first failure found there.
		if seen[l.node] {
			continue
		}
		seen[l.node] = true
		f := finding{node: l.node}
		f.Check = CheckSchema
		f.Pos, f.End = l.node.Span()
		f.Message = fmt.Sprintf("%s %s: the JSON Schema metaschema rejects it, so SDKs may fail to load the schema", describeLocation(l.loc), l.msg)
		out = append(out, f)
	}
	return out
}

// metaLeaves checks root, and the values that its references point at
// (see refTargets), against the metaschemas. It returns the failures and
// the reference targets checked.
func metaLeaves(root *Node) ([]leaf, []*place) {
	if !known(root) {
		return nil, nil
	}
	doc, ok := load(root)
	if !ok {
		return nil, nil
	}
	c := &metaChecker{doc: doc}
	c.schema(&place{node: root}, doc.resources[""].dialect)
	targets := doc.refTargets()
	for _, t := range targets {
		c.schema(t, doc.enclosing(pointer(t)).dialect)
	}
	return c.out, targets
}

// known reports whether every value in the tree is known and every object
// and array complete.
func known(n *Node) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case Unknown:
		return false
	case Array:
		if n.Partial {
			return false
		}
		for _, e := range n.Elems {
			if !known(e) {
				return false
			}
		}
	case Object:
		if n.Partial || len(n.Keys) != len(n.Members) {
			return false
		}
		for _, m := range n.Members {
			if !known(m) {
				return false
			}
		}
	}
	return true
}

func article(kind string) string {
	switch kind {
	case "array", "object", "integer":
		return "an " + kind
	case "null":
		return "null"
	}
	return "a " + kind
}

// describeLocation names a location inside the requested schema for a
// message: `requested schema`, `property "age": minimum`, `required/1`.
func describeLocation(loc []string) string {
	switch {
	case len(loc) == 0:
		return "requested schema"
	case len(loc) >= 2 && loc[0] == "properties":
		if len(loc) == 2 {
			return fmt.Sprintf("property %q", loc[1])
		}
		return fmt.Sprintf("property %q: %s", loc[1], strings.Join(loc[2:], "/"))
	}
	return strings.Join(loc, "/")
}
