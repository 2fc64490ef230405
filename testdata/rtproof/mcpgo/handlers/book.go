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

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Register adds the "book" tool to s.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("book", mcp.WithDescription("Book a stay")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "book")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("book", mcp.ElicitationParams{
				Message: "How many nights would you like to book?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"nights":  map[string]any{"type": "integer", "minimum": 1},
						"confirm": map[string]any{"type": "boolean"},
					},
					"required": []string{"nights", "confirm"},
				},
			}).ToolResult(), nil
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
