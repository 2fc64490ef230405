// Package goschemacases holds schema expressions that
// internal/goschema's tests read.
package goschemacases

import (
	"encoding/json"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
)

type Base struct {
	Locale string `json:"locale,omitempty"`
}

type Form struct {
	Base
	Name     string    `json:"name" jsonschema:"your name"`
	Age      int8      `json:"age,omitempty"`
	Count    uint      `json:"count"`
	When     time.Time `json:"when"`
	Skip     string    `json:"-"`
	Dash     string    `json:"-,"`
	Maybe    *bool     `json:"maybe,omitzero"`
	Tags     []string  `json:"tags,omitempty"`
	internal int
}

func ptr[T any](v T) *T { return &v }

var (
	ForForm, _ = jsonschema.For[Form](nil)
	Raw        = json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`)
	Lit        = &jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"n": {Type: "integer", Minimum: ptr(1.0), Maximum: jsonschema.Ptr(5.0)}},
		Required:   []string{"n"},
	}
	Map = map[string]interface{}{"type": "object", "properties": map[string]any{"e": map[string]any{"type": "string", "enum": []any{"a", "b"}}}}
)
