// Package schema holds elicitlint's model of a requested schema: a JSON-like
// tree in which every node remembers where in the Go source it came from, so
// that findings can point at the offending property.
//
// Readers (JSON text, Go literals, jsonschema.For[T]) build the tree; the
// checker in check.go classifies it against one version of the MCP spec.
package schema

import "go/token"

// Kind is the JSON kind of a node.
type Kind int

const (
	// Unknown marks a value that cannot be known statically (a variable, a
	// call). Checks must stay silent about unknown values.
	Unknown Kind = iota
	Null
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "unknown"
}

// Node is one JSON value.
type Node struct {
	Kind Kind

	Bool  bool
	Num   float64
	IsInt bool // Num holds an integral value written without a fraction
	Str   string

	Elems []*Node // Array

	// Object members in source order. Keys[i] names Members[i].
	Keys    []string
	Members []*Node

	// Pos and End span the value. KeyPos is the position of the key that
	// names this node inside its parent object (token.NoPos for array
	// elements and the root). Diagnostics about a property point at KeyPos
	// when it is valid, else at Pos.
	Pos, End token.Pos
	KeyPos   token.Pos

	// Partial is set on an Object or Array some of whose members or elements
	// could not be read statically (a spread, a computed key). Checks that
	// need the complete set (required ⊆ properties, missing keys) must stay
	// silent on partial nodes.
	Partial bool

	// Field is set on a property that jsonschema.For derived from a Go
	// struct field (and on the entries of "required" it added for it).
	// Findings about such a property advise on the field, which is what
	// the author writes, rather than on the JSON.
	Field *GoField

	// index maps keys to their last position in large objects; built on
	// demand by the checker (see lastIndex).
	index map[string]int
}

// Get returns the member named key, or nil.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i, k := range n.Keys {
		if k == key {
			return n.Members[i]
		}
	}
	return nil
}

// Has reports whether the object has a member named key.
func (n *Node) Has(key string) bool { return n.Get(key) != nil }

// Set appends a member; readers use it to build objects.
func (n *Node) Set(key string, v *Node) {
	n.Keys = append(n.Keys, key)
	n.Members = append(n.Members, v)
	n.index = nil
}

// At returns the best position to report a problem with n: its key when it
// is an object member, else the value itself.
func (n *Node) At() token.Pos {
	if n == nil {
		return token.NoPos
	}
	if n.KeyPos.IsValid() {
		return n.KeyPos
	}
	return n.Pos
}

// Span returns where a finding about n starts and ends: from its key (when
// it is an object member) to the end of its value. The end is the start
// when the node does not know its end.
func (n *Node) Span() (pos, end token.Pos) {
	if n == nil {
		return token.NoPos, token.NoPos
	}
	pos, end = n.At(), n.End
	if !end.IsValid() || end < pos {
		end = pos
	}
	return pos, end
}

// IsString reports whether n is a known string equal to s.
func (n *Node) IsString(s string) bool { return n != nil && n.Kind == String && n.Str == s }
