package migrategosdk

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The answer's check (validateElicitResult, declared once per package)
// names the schema where the request named it, or moves a schema written
// in the params into a variable: every way a handler writes its schema.

type booking struct {
	Nights int `json:"nights"`
}

var bookingSchema, _ = jsonschema.For[booking](nil)

// A schema from jsonschema.For in a package variable: named where it is.
func bookFor(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "How many nights?", RequestedSchema: bookingSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, fmt.Errorf("booking: %w", err)
	}
	return reply(res.Action), nil, nil
}

type bookings struct{ schema *jsonschema.Schema }

// A schema in a field of the receiver.
func (b *bookings) book(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "How many nights?", RequestedSchema: b.schema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return reply(res.Action), nil, nil
}

// A raw JSON schema written in the params: it moves into a variable.
func bookRaw(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
		Message:         "How many nights?",
		RequestedSchema: json.RawMessage(`{"type": "object", "properties": {"nights": {"type": "integer", "maximum": 14}}}`),
	})
	if err != nil {
		return reply("could not ask: " + err.Error()), nil, nil
	}
	return reply(res.Action), nil, nil
}

// Near miss: a url-mode request has no schema, and Elicit checked
// nothing: no check.
func bookURL(ctx context.Context, req *mcp.CallToolRequest, in struct{ ID string }) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "Pay", URL: "https://example.com/pay?id=" + in.ID, ElicitationID: in.ID}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return reply(res.Action), nil, nil
}

// Near miss: two requests, one with its schema written in its params:
// no check for that one (the fix message says so), a check for the other.
func bookTwo(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	nights, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Nights?", RequestedSchema: map[string]any{"type": "object"}}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	room, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Room?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return reply(nights.Action + room.Action), nil, nil
}

func registerChecks(s *mcp.Server, b *bookings) {
	mcp.AddTool(s, &mcp.Tool{Name: "book_for"}, bookFor)
	mcp.AddTool(s, &mcp.Tool{Name: "book"}, b.book)
	mcp.AddTool(s, &mcp.Tool{Name: "book_raw"}, bookRaw)
	mcp.AddTool(s, &mcp.Tool{Name: "book_url"}, bookURL)
	mcp.AddTool(s, &mcp.Tool{Name: "book_two"}, bookTwo)
}
