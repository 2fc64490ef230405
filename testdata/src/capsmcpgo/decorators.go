package capsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A handler wrapped by a function of the package that refuses clients
// without elicitation before it calls it.

func withElicitation(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		info := server.RequestProtocolInfoFromContext(ctx)
		if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Elicitation == nil {
			return mcp.NewToolResultError("this tool needs a client that can be asked"), nil
		}
		return next(ctx, req)
	}
}

// withURL tests url mode only.
func withURL(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		info := server.RequestProtocolInfoFromContext(ctx)
		if info != nil && info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil && info.ClientCapabilities.Elicitation.URL != nil {
			return next(ctx, req)
		}
		return mcp.NewToolResultError("this tool needs url mode"), nil
	}
}

func nameWrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") == nil {
		return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
	}
	return mcp.NewToolResultText("hello"), nil
}

// nameNeedsForm is wrapped by a test of url mode, which holds
// Elicitation != nil too: the test a form request needs.
func nameNeedsForm(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") == nil {
		return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
	}
	return mcp.NewToolResultText("hello"), nil
}

// traced tests nothing before it calls the handler.
func traced(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		return res, err
	}
}

func nameTraced(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") == nil {
		return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil // want `elicitation request "name" is sent without a test that the client declared elicitation.*\(capabilities\)`
	}
	return mcp.NewToolResultText("hello"), nil
}

func registerDecorated(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("name_wrapped"), withElicitation(nameWrapped))
	s.AddTool(mcp.NewTool("name_url"), withURL(nameNeedsForm))
	s.AddTool(mcp.NewTool("name_traced"), traced(nameTraced))
}
