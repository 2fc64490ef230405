// Package migratemcpgo holds the shapes of mcp-go handlers that the
// round-trip fix migrates, modelled on mcp-go's own conformance server and
// examples, and the shapes it leaves alone, each saying why. The .golden
// files show every rewrite.
package migratemcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func registerTools(mcpServer *server.MCPServer) {
	// A handler written as a function literal in AddTool, reading its
	// arguments inside the request: the key is the tool's name, and the
	// request's Request field goes (the builder does not need it).
	mcpServer.AddTool(mcp.NewTool("test_elicitation"),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			result, err := mcpServer.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `MCPServer.RequestElicitation returns ErrServerInitiatedRequestUnsupported .*which works with old and new clients \(round-trip\)`
				Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
				Params: mcp.ElicitationParams{
					Message: request.GetString("message", ""),
					RequestedSchema: map[string]any{
						"type": "object",
						"properties": map[string]any{
							"username": map[string]any{"type": "string"},
						},
					},
				},
			})
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return mcp.NewToolResultText(fmt.Sprintf("action=%s, content=%v", result.Action, result.Content)), nil
		})
	// An unnamed request parameter, a schema in a local variable and the
	// whole request on one line.
	mcpServer.AddTool(mcp.NewTool("test_defaults"),
		func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			schema := map[string]any{
				"type":       "object",
				"properties": map[string]any{"name": map[string]any{"type": "string", "default": "John Doe"}},
			}
			result, err := mcpServer.RequestElicitation(ctx, mcp.ElicitationRequest{Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)}, Params: mcp.ElicitationParams{Message: "Provide your information", RequestedSchema: schema}}) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return mcp.NewToolResultText(fmt.Sprintf("action=%s", result.Action)), nil
		})
	// Parameters without names at all.
	mcpServer.AddTool(mcp.NewTool("test_unnamed"),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			result, err := mcpServer.RequestElicitation(context.Background(), mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go on?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return mcp.NewToolResultText(string(result.Action)), nil
		})
	// Sampling: a round-trip answer's Content is JSON for 2026-07-28
	// clients, so the fix parses it, and the error check after the request
	// now checks the parse.
	mcpServer.AddTool(mcp.NewTool("test_sampling"),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			prompt := request.GetString("prompt", "")
			result, err := mcpServer.RequestSampling(ctx, mcp.CreateMessageRequest{ // want `MCPServer.RequestSampling returns .*deprecates sampling.*\(round-trip\)`
				Request: mcp.Request{Method: string(mcp.MethodSamplingCreateMessage)},
				CreateMessageParams: mcp.CreateMessageParams{
					Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.TextContent{Type: "text", Text: prompt}}},
					MaxTokens: 100,
				},
			})
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			text := "No response"
			if content, ok := result.Content.(mcp.TextContent); ok {
				text = content.Text
			}
			return mcp.NewToolResultText("LLM response: " + text), nil
		})
	// Roots.
	mcpServer.AddTool(mcp.NewTool("test_roots"),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := mcpServer.RequestRoots(ctx, mcp.ListRootsRequest{Request: mcp.Request{Method: string(mcp.MethodListRoots)}}) // want `MCPServer.RequestRoots returns .*deprecates roots.*\(round-trip\)`
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return mcp.NewToolResultText(fmt.Sprint(len(res.Roots))), nil
		})
}
