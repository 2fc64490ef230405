package failopenmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// wipeConfirmed returns answered=false with a nil error when there is no
// answer yet, and answered=true on every answer: the flag tells the
// missing path apart, so its nil error is no consent.
func wipeConfirmed(req mcp.CallToolRequest) (answered bool, err error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		return false, nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return true, errors.New("not confirmed")
	}
	return true, nil
}

// Near miss: the flag says "answered" on the missing path too.
func wipeConfirmedAlways(req mcp.CallToolRequest) (answered bool, err error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		return true, nil // want `wipeConfirmedAlways returns a nil error when InputResponses has no answer "wipe", as it does when the user accepts.*\(fail-open\)`
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return true, errors.New("not confirmed")
	}
	return true, nil
}

func registerAnswered(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("wipe4"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		answered, err := wipeConfirmed(req)
		if !answered {
			return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("wiped"), nil
	})
}
