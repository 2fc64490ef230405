// Package handlers holds the tool under test: Register adds a tool named
// "book" that asks the user how many nights to book. The proof runner
// replaces this file with the handler it is proving.
//
// This file is the hand-written round-trip version of ../legacy/book.go, in
// the shape elicitlint's round-trip fix gives it: the answer is looked up in
// InputResponses, and while it is absent the handler returns the request
// instead of sending it.
package handlers

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Register adds the "book" tool to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "book", Description: "Book a stay"}, book)
}

func book(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["book"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"book": &mcp.ElicitParams{
			Message: "How many nights would you like to book?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"nights":  map[string]any{"type": "integer", "minimum": 1},
					"confirm": map[string]any{"type": "boolean"},
				},
				"required": []string{"nights", "confirm"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		nights, ok := res.Content["nights"].(float64)
		if !ok {
			return reply("no number of nights"), nil, nil
		}
		if confirm, ok := res.Content["confirm"].(bool); !ok || !confirm {
			return reply("not confirmed"), nil, nil
		}
		return reply(fmt.Sprintf("booked %d nights", int(nights))), nil, nil
	case "decline":
		return reply("declined"), nil, nil
	default:
		return reply("cancelled"), nil, nil
	}
}

func reply(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
