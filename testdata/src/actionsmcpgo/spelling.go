package actionsmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// An action spelled as no client sends it, and its near miss with the
// SDK's constants.

func upperAccept(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}})
	if err != nil {
		return err
	}
	switch res.Action {
	case "ACCEPT": // want `res.Action is compared with "ACCEPT", which no client sends.*compare with "accept" \(actions\)`
		return nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errors.New("refused")
	}
	return errors.New("unknown action")
}

func spelledByConstants(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errors.New("refused")
	}
	return errors.New("unknown action")
}
