// Package handlers (in directory gate) asks through a confirmation gate,
// as real servers do: two tools call confirm, which sends the elicitation
// itself through the server. elicitlint -fix migrates the gate with its
// callers; the proof runs what it makes of this file.
package handlers

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var srv *server.MCPServer

// Register adds the "book" and "unbook" tools to s.
func Register(s *server.MCPServer) {
	srv = s
	s.AddTool(mcp.NewTool("book", mcp.WithDescription("Book a stay")), book)
	s.AddTool(mcp.NewTool("unbook", mcp.WithDescription("Cancel a stay")), unbook)
}

// confirm asks the user and reports whether they confirmed.
func confirm(ctx context.Context, msg string) (bool, error) {
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: msg,
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
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := res.Content.(map[string]any)
		ok, _ := content["confirm"].(bool)
		return ok, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func book(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := confirm(ctx, "Book 3 nights?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("not booked"), nil
	}
	return mcp.NewToolResultText("booked"), nil
}

func unbook(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := confirm(ctx, "Cancel the stay?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("unbooked"), nil
}
