// Package roundtripgosdk holds the round-trip check's cases for go-sdk:
// direct requests (and the -fix that migrates them), and round-trip code
// that panics on what a client sends.
package roundtripgosdk

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type BookIn struct{ City string }
type BookOut struct{ Nights int }

func reply(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// book is the common shape: a typed tool handler with one direct
// elicitation and nothing but pure code before it. It gets the fix.
func book(ctx context.Context, req *mcp.CallToolRequest, in BookIn) (*mcp.CallToolResult, BookOut, error) {
	city := strings.TrimSpace(in.City)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .* on sessions that negotiate protocol 2026-07-28.*\(round-trip\)`
		Message: fmt.Sprintf("Book a room in %s?", city),
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"nights": map[string]any{"type": "integer"}},
			"required":   []string{"nights"},
		},
	})
	if err != nil {
		return nil, BookOut{}, err
	}
	switch res.Action {
	case "accept":
		n, ok := res.Content["nights"].(float64)
		if !ok {
			return reply("no nights"), BookOut{}, nil
		}
		return reply("booked"), BookOut{Nights: int(n)}, nil
	case "decline":
		return reply("declined"), BookOut{}, nil
	default:
		return reply("cancelled"), BookOut{}, nil
	}
}

// confirm is an untyped tool handler with the error discarded. It gets
// the fix too.
func confirm(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, _ := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}) // want `ServerSession.Elicit fails.*\(round-trip\)`
	if res.Action != "accept" {
		if res.Action == "decline" {
			return reply("declined"), nil
		}
		return reply("cancelled"), nil
	}
	return reply("done"), nil
}

// logsFirst logs before asking: the handler runs twice after the
// migration, so the line is logged twice. The fix leaves it there.
func logsFirst(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	log.Printf("asking")
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"}) // want `ServerSession.Elicit fails.*\(round-trip\)`
	if err != nil {
		return nil, err
	}
	return reply(res.Action), nil
}

// errLater uses the error after the check: no fix.
func errLater(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"}) // want `ServerSession.Elicit fails.*; no automatic fix: err is read by more than the .if err != nil. right after the request; until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		return nil, fmt.Errorf("asking: %w", err)
	}
	if errors.Is(err, context.Canceled) {
		return nil, err
	}
	return reply(res.Action), nil
}

// twice asks two questions that do not depend on each other: the fix asks
// both in one result, under two keys.
func twice(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "First?"}) // want `ServerSession.Elicit fails.*\(round-trip\)`
	if err != nil {
		return nil, err
	}
	b, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Second?"}) // want `ServerSession.Elicit fails.*\(round-trip\)`
	if err != nil {
		return nil, err
	}
	return reply(a.Action + b.Action), nil
}

// Ask is a wrapper: the direct request is reported once, here, and not at
// its callers. It passes the answer on, and is exported: its round-trip
// version goes beside it, and usesWrapper calls that.
func Ask(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) { // want Ask:`elicitWrapper\(2:Message\) mode=form`
	return ss.Elicit(ctx, &mcp.ElicitParams{Message: msg}) // want `ServerSession.Elicit fails.*\(round-trip\)`
}

func usesWrapper(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := Ask(ctx, req.Session, "Go ahead?")
	if err != nil {
		return nil, err
	}
	return reply(res.Action), nil
}

// Looks like Elicit, is not MCP.
type survey struct{}

func (survey) Elicit(ctx context.Context, p *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return nil, nil
}

func lookalike(ctx context.Context, s survey) (*mcp.ElicitResult, error) {
	return s.Elicit(ctx, &mcp.ElicitParams{Message: "ok", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}})
}

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "book"}, book)
	s.AddTool(&mcp.Tool{Name: "confirm"}, confirm)
	s.AddTool(&mcp.Tool{Name: "logs"}, logsFirst)
	s.AddTool(&mcp.Tool{Name: "errlater"}, errLater)
	s.AddTool(&mcp.Tool{Name: "twice"}, twice)
	s.AddTool(&mcp.Tool{Name: "wrapper"}, usesWrapper)
}
