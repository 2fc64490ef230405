// Package handlers (in directory legacyprompt) is "book" as a prompt whose
// handler asks the user itself through the server it captured, as the tool
// in ../legacy does.
package handlers

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Register adds the prompt "book" to s.
func Register(s *server.MCPServer) {
	s.AddPrompt(mcp.NewPrompt("book", mcp.WithPromptDescription("Book a stay")), func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "How many nights would you like to book?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"nights":  map[string]any{"type": "integer", "minimum": 1},
					"confirm": map[string]any{"type": "boolean"},
				},
				"required": []string{"nights", "confirm"},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			content, ok := res.Content.(map[string]any)
			if !ok {
				return prompt("no answer"), nil
			}
			nights, ok := content["nights"].(float64)
			if !ok {
				return prompt("no number of nights"), nil
			}
			if confirm, ok := content["confirm"].(bool); !ok || !confirm {
				return prompt("not confirmed"), nil
			}
			return prompt(fmt.Sprintf("booked %d nights", int(nights))), nil
		case mcp.ElicitationResponseActionDecline:
			return prompt("declined"), nil
		default:
			return prompt("cancelled"), nil
		}
	})
}

func prompt(s string) *mcp.GetPromptResult {
	return mcp.NewGetPromptResult(s, []mcp.PromptMessage{mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(s))})
}
