// Package schemalib defines schemas that other packages send.
package schemalib

import "github.com/google/jsonschema-go/jsonschema"

// Booking is a map-literal schema with a secret in it.
var Booking = map[string]any{ // want Booking:"schema"
	"type": "object",
	"properties": map[string]any{
		"nights":   map[string]any{"type": "integer"},
		"password": map[string]any{"type": "string"},
	},
}

// Address returns a nested schema.
func Address() *jsonschema.Schema { // want Address:"schema"
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"home": {Type: "object", Properties: map[string]*jsonschema.Schema{"city": {Type: "string"}}},
	}}
}

// Runtime is built at run time: no fact.
var Runtime = build(3)

func build(n int) map[string]any {
	props := map[string]any{}
	for i := 0; i < n; i++ {
		props[string(rune('a'+i))] = map[string]any{"type": "string"}
	}
	return map[string]any{"type": "object", "properties": props}
}

var unexported = map[string]any{"type": "object", "properties": map[string]any{}}
