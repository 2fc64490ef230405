package schemas

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Map literals.
var booking = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"nights": map[string]any{"type": "integer", "minimum": 1, "maximum": 30},
		"email":  map[string]any{"type": "string", "format": "email"},
		"phone":  map[string]any{"type": "string", "format": "phone"}, // want `format "phone" is not allowed.*\(schema\)`
		"address": map[string]any{ // want `property "address" is an object.*\(nested\)`
			"type":       "object",
			"properties": map[string]any{"city": map[string]any{"type": "string"}},
		},
		"password":     map[string]any{"type": "string"},                                      // want `form field "password" asks for a secret.*\(sensitive\)`
		"max_tokens":   map[string]any{"type": "integer"},                                     // an integer is never a secret
		"uses_manager": map[string]any{"type": "boolean", "title": "Use a password manager?"}, // a boolean is never a secret
	},
	"required": []string{"nights", "emial"}, // want `required names "emial", which is not a property \(did you mean "email"\?\).*\(schema\)`
}

func mapLiteral(ctx context.Context, ss *sdk.ServerSession) {
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: booking})
}

// A schema built at run time: silent.
func runtime(ctx context.Context, ss *sdk.ServerSession, props map[string]any) {
	s := map[string]any{"type": "object", "properties": props}
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: s})
}

// A map given its entries in steps, before any other use, is read as the
// map it ends up: a step replaces the entry of its key.
func mutated(ctx context.Context, ss *sdk.ServerSession) {
	s := map[string]any{"type": "object", "properties": map[string]any{}}
	s["properties"] = map[string]any{"a": map[string]any{"type": "object"}} // want `property "a" is an object.*\(nested\)`
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: s})
}

// The style of code ported from JavaScript: make, then one entry a line.
func stepwise(ctx context.Context, ss *sdk.ServerSession) {
	props := make(map[string]any)
	props["email"] = map[string]any{"type": "string", "format": "email"}
	props["api_key"] = map[string]any{"type": "string"} // want `form field "api_key" asks for a secret.*\(sensitive\)`
	schema := map[string]any{"type": "object"}
	schema["properties"] = props
	schema["required"] = []string{"email"}
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Connect", RequestedSchema: schema})
}

// Changed in a branch, given to a function, or used before a step: the
// map may hold anything there, and is not read.
func stepsUnknown(ctx context.Context, ss *sdk.ServerSession, admin bool) {
	branch := map[string]any{}
	if admin {
		branch["a"] = map[string]any{"type": "object"}
	}
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: map[string]any{"type": "object", "properties": branch}})

	given := map[string]any{}
	given["token"] = map[string]any{"type": "string"}
	addDefaults(given)
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: map[string]any{"type": "object", "properties": given}})

	early := map[string]any{}
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: map[string]any{"type": "object", "properties": early}})
	early["password"] = map[string]any{"type": "string"}
}

func addDefaults(m map[string]any) { m["note"] = map[string]any{"type": "string"} }

// jsonschema.Schema literals.
func schemaLiteral(ctx context.Context, ss *sdk.ServerSession) {
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Pay", RequestedSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"amount":      {Type: "number", Minimum: jsonschema.Ptr(10.0), Maximum: jsonschema.Ptr(5.0)},                  // want `minimum 10 is greater than maximum 5.*\(schema\)`
			"card_number": {Type: "string"},                                                                               // want `form field "card_number" asks for a secret.*\(sensitive\)`
			"size":        {Type: "string", Enum: []any{"S", "M"}, Extra: map[string]any{"enumNames": []string{"Small"}}}, // want `enumNames.*\(schema\)`
			"tags":        {Type: "array", Items: &jsonschema.Schema{Type: "string"}},                                     // want `nested|array.*\(nested\)`
			"note":        {Types: []string{"null", "string"}},                                                            // want `type.*\(schema\)`
		},
	}})
}

// Raw JSON.
func rawJSON(ctx context.Context, ss *sdk.ServerSession) {
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "ok", RequestedSchema: json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean","default":true}}}`)})
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "ok", RequestedSchema: json.RawMessage(`{"type":"object","properties":{"age":{"type":"strng"}}}`)})            // want `strng.*\(schema\)`
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "ok", RequestedSchema: json.RawMessage(`{"type":"object",}`)})                                                 // want `requested schema is not valid JSON.*\(schema\)`
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "ok", RequestedSchema: `{"type":"object"}`})                                                                   // want `RequestedSchema is a Go string.*\(schema\)`
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "ok", RequestedSchema: json.RawMessage(`{"type":"object","properties":{"x":{"$ref":"file:///etc/passwd"}}}`)}) // want `\$ref.*\(nested\)`
}

// For[T].
type Guest struct {
	Name     string    `json:"name" jsonschema:"the guest's full name"`
	Nights   int       `json:"nights"`
	Arrival  time.Time `json:"arrival"`
	Pin      string    `json:"pin"`                // want `form field "pin" asks for a secret.*\(sensitive\)`
	Children *int      `json:"children,omitempty"` // want `field Children \(property "children"\) is a pointer, which jsonschema.For turns into "type": \["null", "integer"\].*; declare it as int \(omitempty already makes it optional\) \(schema\)`
	Home     Address   `json:"home"`               // want `field Home \(property "home"\) is a struct, which jsonschema.For turns into a nested object: .*; embed Address without a json tag to lift its fields to the top level, or ask for them in a second elicitation \(nested\)`
	internal string
}

type Address struct {
	City string `json:"city"`
}

type Flat struct {
	Name   string `json:"name"`
	Nights int    `json:"nights,omitempty"`
}

func forT(ctx context.Context, ss *sdk.ServerSession) {
	s, _ := jsonschema.For[Guest](nil)
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Guest", RequestedSchema: s})
	flat, _ := jsonschema.For[Flat](nil)
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Flat", RequestedSchema: flat})
}

// A helper that returns a literal.
func confirmSchema() map[string]any {
	return map[string]any{"type": "object", "properties": map[string]any{"api_key": map[string]any{"type": "string"}}} // want `form field "api_key" asks for a secret.*\(sensitive\)`
}

func helper(ctx context.Context, s *server.MCPServer) {
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Key", RequestedSchema: confirmSchema()}})
}

// url mode: no schema checks (the mode check reports the schema itself).
func urlMode(ctx context.Context, ss *sdk.ServerSession, id string) { // want urlMode:`elicitWrapper`
	ss.Elicit(ctx, &sdk.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com", ElicitationID: id, RequestedSchema: booking}) // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
}
