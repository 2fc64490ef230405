package goschemacases

import (
	"log/slog"
	"reflect"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
)

// Struct types that jsonschema.For derives schemas from. The variables
// below named For* are compared with what the real jsonschema-go v0.4.3
// derives (TestForMatchesJSONSchemaGo).

type Person struct {
	Name string `json:"name"`
}

type Room struct {
	Beds int `json:"beds"`
}

type Ticket struct {
	Title    string            `json:"title" jsonschema:"a short title"`
	Labels   []string          `json:"labels,omitempty"`
	Priority *int              `json:"priority,omitempty"`
	Due      *time.Time        `json:"due"`
	Owner    Person            `json:"owner"`
	Backup   *Person           `json:"backup,omitempty"`
	Meta     map[string]string `json:"meta,omitempty"`
	Extra    any               `json:"extra,omitempty"`
	Rooms    []Room            `json:"rooms,omitempty"`
	Pair     [2]string         `json:"pair"`
	Level    slog.Level        `json:"level"`
	Small    uint8
	Big      uint64   `json:",omitempty"`
	Ratio    *float32 `json:"ratio,omitzero"`
	Skip     []string `json:"-"`
	hidden   string
}

type Inner struct {
	Name string `json:"inner_name"`
	Code string `json:"code"`
}

// Shadow's Name hides Inner's.
type Shadow struct {
	Inner
	Name string `json:"name"`
}

// Tagged: For flattens an embedded struct whatever its json tag.
type Tagged struct {
	Inner `json:"inner"`
	Note  string
}

// Dup has two fields with one JSON name.
type Dup struct {
	A string `json:"x"`
	B int    `json:"x"`
}

type Key string

func (k Key) MarshalText() ([]byte, error) { return []byte(strings.ToLower(string(k))), nil }

type TextKeys struct {
	M map[Key]int `json:"m"`
}

// For fails on these: the elicitation never gets a schema.
type (
	Cyclic struct {
		Next *Cyclic `json:"next"`
	}
	WithChan struct {
		C    chan int
		Name string
	}
	IntKeys struct {
		M map[int]string
	}
	EmptyTag struct {
		Name string `jsonschema:""`
	}
	WordTag struct {
		Name string `jsonschema:"default=x"`
	}
)

var (
	ForTicket, _          = jsonschema.For[Ticket](nil)
	ForPtrTicket, _       = jsonschema.For[*Ticket](nil)
	ForShadow, _          = jsonschema.For[Shadow](nil)
	ForTagged, _          = jsonschema.For[Tagged](nil)
	ForDup, _             = jsonschema.For[Dup](nil)
	ForTextKeys, _        = jsonschema.For[TextKeys](nil)
	ForCyclic, _          = jsonschema.For[Cyclic](nil)
	ForWithChan, _        = jsonschema.For[WithChan](nil)
	ForIntKeys, _         = jsonschema.For[IntKeys](nil)
	ForEmptyTag, _        = jsonschema.For[EmptyTag](nil)
	ForWordTag, _         = jsonschema.For[WordTag](nil)
	ForIgnoreChan, _      = jsonschema.For[WithChan](&jsonschema.ForOptions{IgnoreInvalidTypes: true})
	ForNoIgnore, _        = jsonschema.For[Person](&jsonschema.ForOptions{})
	ForTypeFor, _         = jsonschema.ForType(reflect.TypeFor[Ticket](), nil)
	ForTypeOf, _          = jsonschema.ForType(reflect.TypeOf(Person{}), nil)
	ForTypeOfElem, _      = jsonschema.ForType(reflect.TypeOf((*Room)(nil)).Elem(), nil)
	ForTypeSchemas, _     = jsonschema.For[Person](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{reflect.TypeFor[string](): {Type: "string", Enum: []any{"a"}}}})
	ForInterfaceOf, _     = jsonschema.ForType(reflect.TypeOf(anyPerson), nil)
	anyPerson         any = Person{}
)
