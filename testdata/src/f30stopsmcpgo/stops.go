// Package f30stopsmcpgo: a return on the path without an answer is
// fail-open only when its callers go on with it (issue 30 §1), for mcp-go.
package f30stopsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var authorizeSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"authorize": map[string]any{"type": "boolean"}},
}

func request() mcp.ElicitationRequest {
	return mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Open a browser to authorize?", RequestedSchema: authorizeSchema}}
}

func addServer(name string) {}

// status is false when the request fails, and when the user accepts.
func status(ctx context.Context, s *server.MCPServer) (bool, string) {
	res, err := s.RequestElicitation(ctx, request())
	if err != nil {
		return false, "cannot ask"
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		return false, "authorize in the browser"
	}
	return true, "authorized"
}

// statusGoesOn is the same helper, and its caller goes on with false.
func statusGoesOn(ctx context.Context, s *server.MCPServer) (bool, string) {
	res, err := s.RequestElicitation(ctx, request())
	if err != nil {
		return false, "cannot ask" // want `statusGoesOn returns false when MCPServer.RequestElicitation fails, as it does when the user accepts.*\(fail-open\)`
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		return false, "authorize in the browser"
	}
	return true, "authorized"
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("add"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ok, msg := status(ctx, s)
		if !ok {
			return mcp.NewToolResultText(msg), nil
		}
		addServer(req.GetString("name", ""))
		return mcp.NewToolResultText("added"), nil
	})
	s.AddTool(mcp.NewTool("add3"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ok, _ := statusGoesOn(ctx, s)
		if ok {
			return mcp.NewToolResultText("already authorized"), nil
		}
		addServer(req.GetString("name", ""))
		return mcp.NewToolResultText("added, authorize later"), nil
	})
}
