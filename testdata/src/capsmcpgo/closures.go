package capsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The capability test is a closure kept in a local variable.
func registerClosureTested(s *server.MCPServer) {
	canAsk := func(ctx context.Context) bool {
		c := clientCaps(ctx)
		return c != nil && c.Elicitation != nil
	}
	s.AddTool(mcp.NewTool("alias"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if res := server.ElicitationResponse(req.Params.InputResponses, "alias_pick"); res != nil {
			return mcp.NewToolResultText(string(res.Action)), nil
		}
		if !canAsk(ctx) {
			return mcp.NewToolResultError("cannot ask"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("alias_pick", mcp.ElicitationParams{Message: "Alias?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}).ToolResult(), nil
	})
}

// Its near miss: a closure that calls another function value is not read,
// and the request is reported.
func registerClosureOpaque(s *server.MCPServer, probe func(context.Context) bool) {
	canAsk := func(ctx context.Context) bool {
		return probe(ctx)
	}
	s.AddTool(mcp.NewTool("nickname"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if res := server.ElicitationResponse(req.Params.InputResponses, "nick_pick"); res != nil {
			return mcp.NewToolResultText(string(res.Action)), nil
		}
		if !canAsk(ctx) {
			return mcp.NewToolResultError("cannot ask"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("nick_pick", mcp.ElicitationParams{Message: "Nickname?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}).ToolResult(), nil // want `form elicitation request "nick_pick" is sent without a test that the client declared elicitation.*\(capabilities\)`
	})
}
