// Package handlers (in directory legacyprompt) is "book" as a prompt whose
// handler asks the user itself through the session, as the tool in
// ../legacy does.
package handlers

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Register adds the prompt "book" to s.
func Register(s *mcp.Server) {
	s.AddPrompt(&mcp.Prompt{Name: "book", Description: "Book a stay"}, book)
}

func book(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
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
		return nil, err
	}
	switch res.Action {
	case "accept":
		nights, ok := res.Content["nights"].(float64)
		if !ok {
			return prompt("no number of nights"), nil
		}
		if confirm, ok := res.Content["confirm"].(bool); !ok || !confirm {
			return prompt("not confirmed"), nil
		}
		return prompt(fmt.Sprintf("booked %d nights", int(nights))), nil
	case "decline":
		return prompt("declined"), nil
	default:
		return prompt("cancelled"), nil
	}
}

func prompt(s string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{
		Description: s,
		Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: s}}},
	}
}
