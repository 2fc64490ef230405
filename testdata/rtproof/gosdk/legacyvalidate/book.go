// Package handlers (in directory legacyvalidate) is the "book" tool with
// a schema that has bounds and a default, asking directly. go-sdk's
// ServerSession.Elicit validates an accepted answer against the schema
// (an error the handler returns) and fills in the default; the round trip
// does neither by itself, so -fix must keep both. TestRawAnswers runs it
// with a client that does not validate.
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
				"nights":  map[string]any{"type": "integer", "minimum": 1, "maximum": 14},
				"confirm": map[string]any{"type": "boolean"},
				"memo":    map[string]any{"type": "string", "default": "no memo"},
			},
			"required": []string{"nights", "confirm"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		nights, _ := res.Content["nights"].(float64)
		confirm, _ := res.Content["confirm"].(bool)
		memo, _ := res.Content["memo"].(string)
		if !confirm {
			return reply("not confirmed"), nil, nil
		}
		return reply(fmt.Sprintf("booked %v nights (%s)", nights, memo)), nil, nil
	case "decline":
		return reply("declined"), nil, nil
	default:
		return reply("cancelled"), nil, nil
	}
}

func reply(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
