// Package f30forgedmcpgo: in the round trip the action is any string the
// client sends (issue 30 §1), for mcp-go.
package f30forgedmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

func wipe(ctx context.Context) error { return nil }

func ask() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult()
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("wipe"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res == nil {
			return ask(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("kept"), nil
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("cancelled"), nil
		case mcp.ElicitationResponseActionAccept:
		}
		if err := wipe(ctx); err != nil { // want `the function passed to s.AddTool reaches wipe\(...\) when the answer's action is none of "accept", "decline" and "cancel".*\(fail-open\)`
			return nil, err
		}
		return mcp.NewToolResultText("wiped"), nil
	})
	s.AddTool(mcp.NewTool("wipe_chain"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res == nil {
			return ask(), nil
		}
		if res.Action != mcp.ElicitationResponseActionDecline && res.Action != mcp.ElicitationResponseActionCancel {
			wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when the answer's action is none of.*; no automatic fix: the test of the action is not in sight \(fail-open\)`
			return mcp.NewToolResultText("wiped"), nil
		}
		return mcp.NewToolResultText("kept"), nil
	})
	// Near miss: every action has its case and the others are refused.
	s.AddTool(mcp.NewTool("wipe_ok"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res == nil {
			return ask(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("kept"), nil
		default:
			return mcp.NewToolResultError("unknown elicitation action"), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("wiped"), nil
	})
}
