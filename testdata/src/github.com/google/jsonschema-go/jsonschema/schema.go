// Package jsonschema is a stub of github.com/google/jsonschema-go/jsonschema
// (v0.4.3) for analysistest. TestStubsMatchRealSDK proves each declaration
// here matches the real module.
package jsonschema

import (
	"encoding/json"
	"net/url"
	"reflect"
)

type Schema struct {
	Schema               string             `json:"$schema,omitempty"`
	Ref                  string             `json:"$ref,omitempty"`
	Defs                 map[string]*Schema `json:"$defs,omitempty"`
	Title                string             `json:"title,omitempty"`
	Description          string             `json:"description,omitempty"`
	Default              json.RawMessage    `json:"default,omitempty"`
	WriteOnly            bool               `json:"writeOnly,omitempty"`
	Type                 string             `json:"-"`
	Types                []string           `json:"-"`
	Enum                 []any              `json:"enum,omitempty"`
	Const                *any               `json:"const,omitempty"`
	Minimum              *float64           `json:"minimum,omitempty"`
	Maximum              *float64           `json:"maximum,omitempty"`
	MinLength            *int               `json:"minLength,omitempty"`
	MaxLength            *int               `json:"maxLength,omitempty"`
	Pattern              string             `json:"pattern,omitempty"`
	Items                *Schema            `json:"-"`
	MinItems             *int               `json:"minItems,omitempty"`
	MaxItems             *int               `json:"maxItems,omitempty"`
	Required             []string           `json:"required,omitempty"`
	Properties           map[string]*Schema `json:"properties,omitempty"`
	AdditionalProperties *Schema            `json:"additionalProperties,omitempty"`
	AnyOf                []*Schema          `json:"anyOf,omitempty"`
	OneOf                []*Schema          `json:"oneOf,omitempty"`
	Format               string             `json:"format,omitempty"`
	Extra                map[string]any     `json:"-"`
}

type ForOptions struct {
	IgnoreInvalidTypes bool
	TypeSchemas        map[reflect.Type]*Schema
}

func For[T any](opts *ForOptions) (*Schema, error) { return nil, nil }

func ForType(t reflect.Type, opts *ForOptions) (*Schema, error) { return nil, nil }

func Ptr[T any](x T) *T { return &x }

// A Loader reads and unmarshals the schema at uri, if any.
type Loader func(uri *url.URL) (*Schema, error)

type ResolveOptions struct {
	BaseURI          string
	Loader           Loader
	ValidateDefaults bool
}

type Resolved struct{ root *Schema }

func (root *Schema) Resolve(opts *ResolveOptions) (*Resolved, error) { return &Resolved{root}, nil }

func (rs *Resolved) Validate(instance any) error { return nil }

func (rs *Resolved) ApplyDefaults(instancep any) error { return nil }
