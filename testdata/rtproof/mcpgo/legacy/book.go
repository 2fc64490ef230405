// Package handlers (in directory legacy) is the "book" tool written the
// way most servers are today: the handler sends the elicitation itself
// through the server it captured. mcp-go refuses that on a session on
// protocol 2026-07-28. The proof runner copies this file into the
// harness's handlers directory.
package handlers

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Register adds the "book" tool to s.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("book", mcp.WithDescription("Book a stay")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
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
				return mcp.NewToolResultText("no answer"), nil
			}
			nights, ok := content["nights"].(float64)
			if !ok {
				return mcp.NewToolResultText("no number of nights"), nil
			}
			if confirm, ok := content["confirm"].(bool); !ok || !confirm {
				return mcp.NewToolResultText("not confirmed"), nil
			}
			return mcp.NewToolResultText(fmt.Sprintf("booked %d nights", int(nights))), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("declined"), nil
		default:
			return mcp.NewToolResultText("cancelled"), nil
		}
	})
}
