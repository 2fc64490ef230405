package migrategatesmcp

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A gate tested where it is called, in an if's condition that evaluates
// it first.

func approveBulk(ctx context.Context, srv *server.MCPServer, n int) error {
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `MCPServer.RequestElicitation returns .*; reached from the handler in bulkDelete \(round-trip\)`
		Params: mcp.ElicitationParams{Message: "Delete them all?", RequestedSchema: decisionSchema},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errRefused
	}
	return errRefused
}

func bulkDelete(srv *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if approveBulk(ctx, srv, 3) != nil {
			return mcp.NewToolResultText("kept"), nil
		}
		return mcp.NewToolResultText("deleted"), nil
	}
}

func registerCond(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("bulk_delete"), bulkDelete(s))
}

var errRefused = errors.New("refused")
