// Package forschema requests schemas derived with jsonschema.For and
// jsonschema.ForType. Findings point at the struct fields and advise on
// the struct (types and tags), which is what the author writes: one
// finding per field.
package forschema

import (
	"context"
	"reflect"
	"time"

	"forlib"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Person struct {
	Name string `json:"name"`
}

type Room struct {
	Beds int `json:"beds"`
}

type Ticket struct {
	Title    string            `json:"title" jsonschema:"a short title"`
	Labels   []string          `json:"labels,omitempty"`   // want `field Labels \(property "labels"\) is a slice, which jsonschema.For turns into an array of free-form strings: the only arrays elicitation allows are multi-select enums, which For does not derive; declare a single value, leave the field out of the form with json:"-", or give the field a named type whose schema \(with items.enum\) you pass in ForOptions.TypeSchemas \(nested\)`
	Priority *int              `json:"priority,omitempty"` // want `field Priority \(property "priority"\) is a pointer, which jsonschema.For turns into "type": \["null", "integer"\]: elicitation needs a single type, and go-sdk rejects lists; declare it as int \(omitempty already makes it optional\) \(schema\)`
	Due      *time.Time        `json:"due"`                // want `field Due \(property "due"\) is a pointer, .*"type": \["null", "string"\].*; declare it as time.Time \(json:"due,omitempty" if the field is optional\) \(schema\)`
	Owner    Person            `json:"owner"`              // want `field Owner \(property "owner"\) is a struct, which jsonschema.For turns into a nested object: elicitation schemas must be flat, and many clients render only one level; embed Person without a json tag to lift its fields to the top level, or ask for them in a second elicitation \(nested\)`
	Backup   *Person           `json:"backup,omitempty"`   // want `field Backup \(property "backup"\) is a pointer to a struct, which jsonschema.For turns into a nested object: .*; embed Person without a json tag .*\(nested\)`
	Meta     map[string]string `json:"meta,omitempty"`     // want `field Meta \(property "meta"\) is a map, which jsonschema.For turns into an object with free-form keys: .*; declare a field for each value you need, or leave it out of the form with json:"-" \(nested\)`
	Extra    any               `json:"extra,omitempty"`    // want `field Extra \(property "extra"\) has an interface type, which jsonschema.For leaves without a "type": .*\(schema\)`
	Rooms    []Room            `json:"rooms,omitempty"`    // want `field Rooms \(property "rooms"\) is a slice, which jsonschema.For turns into an array of objects: .*\(nested\)`
	Grid     [2][2]int         `json:"grid,omitempty"`     // want `field Grid \(property "grid"\) is an array, which jsonschema.For turns into an array of arrays: .*\(nested\)`
	Anon     struct {          // want `field Anon \(property "anon"\) is a struct, .*; move its fields up into the outer struct, or ask for them in a second elicitation \(nested\)`
		A string
	} `json:"anon,omitempty"`
	Hint  string   `json:"hint" jsonschema:"your account password"` // want `form field "hint" asks for a secret \(its jsonschema tag mentions "password"\): .*\(sensitive\)`
	Small uint8    // an integer with bounds: fine
	Note  *string  `json:"note" jsonschema:"anything else"` // want `field Note \(property "note"\) is a pointer, .*declare it as string \(json:"note,omitempty" if the field is optional\) \(schema\)`
	Skip  []string `json:"-"`                               // left out of the form: fine
	Flag  bool     `json:"flag,omitempty"`
}

// Two elicitations use Ticket: each finding names both.
func tickets(ctx context.Context, ss *mcp.ServerSession) {
	s, _ := jsonschema.For[Ticket](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Open a ticket", RequestedSchema: s})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Edit the ticket", RequestedSchema: s})
}

type Inner struct {
	Code string `json:"code"`
}

// Embedding flattens, as the advice says; two fields with one JSON name
// get one finding, not a second about "required".
type Booking struct {
	Inner
	Room  string `json:"room"`
	Suite string `json:"room"` // want `field Suite \(property "room"\) has the same JSON name as field Room: jsonschema.For keeps only the last, and encoding/json may ignore both when it decodes the answer; rename one in its json tag \(schema\)`
}

func booking(ctx context.Context, ss *mcp.ServerSession) {
	a, _ := jsonschema.For[Booking](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Book", RequestedSchema: a})
	b, _ := jsonschema.ForType(reflect.TypeFor[Booking](), nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Book", RequestedSchema: b})
}

// A struct declared in another package: the findings are at the call.
func order(ctx context.Context, ss *mcp.ServerSession) {
	s, _ := jsonschema.For[forlib.Order](nil) // want `field Notes \(property "notes"\) is a slice, .*\(nested\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Order", RequestedSchema: s})
}

// ForType with reflect.TypeOf and .Elem().
type Contact struct {
	Phones []string `json:"phones"` // want `field Phones \(property "phones"\) is a slice, .*\(nested\)`
}

func contact(ctx context.Context, ss *mcp.ServerSession) {
	s, _ := jsonschema.ForType(reflect.TypeOf((*Contact)(nil)).Elem(), nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Contact", RequestedSchema: s})
}

// IgnoreInvalidTypes drops the channel; the rest is checked.
type Watch struct {
	Events chan string
	Tags   []string `json:"tags"` // want `field Tags \(property "tags"\) is a slice, .*\(nested\)`
}

func watch(ctx context.Context, ss *mcp.ServerSession) {
	s, _ := jsonschema.For[Watch](&jsonschema.ForOptions{IgnoreInvalidTypes: true})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Watch", RequestedSchema: s})
}

// Silent: For fails on these at run time, so no schema is ever sent, or
// the schema depends on what only run time knows.
type (
	Cyclic struct {
		Next *Cyclic  `json:"next"`
		Tags []string `json:"tags"`
	}
	WithChan struct {
		C    chan int
		Tags []string `json:"tags"`
	}
	IntKeys struct {
		M    map[int]string
		Tags []string `json:"tags"`
	}
	EmptyTag struct {
		Name string   `jsonschema:""`
		Tags []string `json:"tags"`
	}
	WordTag struct {
		Name string   `jsonschema:"default=x"`
		Tags []string `json:"tags"`
	}
	Generic[T any] struct {
		V    T
		Tags []string `json:"tags"`
	}
)

func silent(ctx context.Context, ss *mcp.ServerSession, v any) {
	a, _ := jsonschema.For[Cyclic](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: a})
	b, _ := jsonschema.For[WithChan](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: b})
	c, _ := jsonschema.For[IntKeys](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: c})
	d, _ := jsonschema.For[EmptyTag](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: d})
	e, _ := jsonschema.For[WordTag](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: e})
	f, _ := jsonschema.For[Contact](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{}})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: f})
	g, _ := jsonschema.ForType(reflect.TypeOf(v), nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: g})
}

func generic[T any](ctx context.Context, ss *mcp.ServerSession) {
	s, _ := jsonschema.For[Generic[T]](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: s})
	t, _ := jsonschema.For[T](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: t})
}
