package actionsmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var req = mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}

func constants(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errors.New("declined")
	case mcp.ElicitationResponseActionCancel:
		return errors.New("cancelled")
	}
	return nil
}

func acceptOnly(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return err
	}
	if res.Action != mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
		return errors.New("no")
	}
	return nil
}

func roundTrip(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer := server.ElicitationResponse(request.Params.InputResponses, "confirm")
	if answer == nil {
		return server.NewInputRequestBuilder("").Elicit("confirm", req.Params).ToolResult(), nil
	}
	if answer.Action == mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
		return mcp.NewToolResultText("done"), nil
	}
	return mcp.NewToolResultText("stopped"), nil
}

func session(ctx context.Context) {
	s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return
	}
	s.RequestElicitation(ctx, req) // want `elicitation result is discarded.*\(actions\)`
}

// A compound condition naming accept and no refusal: accept-only.
func compound(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil || res == nil || res.Action != mcp.ElicitationResponseActionAccept { // want `only checked for "accept": "decline" \(the user refused\) and "cancel" \(the user dismissed\) take the same path.*\(actions\)`
		return errors.New("no")
	}
	return nil
}
