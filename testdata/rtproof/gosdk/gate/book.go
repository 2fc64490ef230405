// Package handlers (in directory gate) asks through a confirmation gate,
// as real servers do: two tools call confirm, which sends the elicitation
// itself through the session. elicitlint -fix migrates the gate with its
// callers; the proof runs what it makes of this file.
package handlers

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Register adds the "book" and "unbook" tools to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "book", Description: "Book a stay"}, book)
	mcp.AddTool(s, &mcp.Tool{Name: "unbook", Description: "Cancel a stay"}, unbook)
}

var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"nights":  map[string]any{"type": "integer", "minimum": 1},
		"confirm": map[string]any{"type": "boolean"},
	},
	"required": []string{"nights", "confirm"},
}

// confirm asks the user and reports whether they confirmed.
func confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		ok, _ := res.Content["confirm"].(bool)
		return ok, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func book(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	ok, err := confirm(ctx, req.Session, "Book 3 nights?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return reply("not booked"), nil, nil
	}
	return reply("booked"), nil, nil
}

func unbook(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	ok, err := confirm(ctx, req.Session, "Cancel the stay?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return reply("kept"), nil, nil
	}
	return reply("unbooked"), nil, nil
}

func reply(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
