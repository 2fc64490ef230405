// Package handlers (in directory legacy) is the "book" tool written the
// way most servers are today: the handler sends the elicitation itself
// through the session. A session on protocol 2026-07-28 refuses that. The
// proof runner copies this file into the harness's handlers directory.
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
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How many nights would you like to book?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"nights":  map[string]any{"type": "integer", "minimum": 1},
				"confirm": map[string]any{"type": "boolean"},
			},
			"required": []string{"nights", "confirm"},
		},
	})
	if err != nil {
		return nil, nil, err
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
