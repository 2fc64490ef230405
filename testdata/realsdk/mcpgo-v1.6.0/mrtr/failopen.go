package mrtr

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func wipe(ctx context.Context) {}

// RegisterFailOpen adds a tool that wipes on the first call, before
// anything is asked, and one that asks.
func RegisterFailOpen(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("wipe"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, approveKey)
		if res == nil || res.Action == mcp.ElicitationResponseActionAccept {
			wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when InputResponses has no answer "approve", as only an accepted answer should: the first call has none yet.*\(fail-open\)`
			return mcp.NewToolResultText("wiped"), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("kept"), nil
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("cancelled"), nil
		}
		return mcp.NewToolResultText("unknown answer"), nil
	})
	s.AddTool(mcp.NewTool("wipe_asks"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, approveKey)
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit(approveKey, mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: approveSchema}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			wipe(ctx)
			return mcp.NewToolResultText("wiped"), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("kept"), nil
		default:
			return mcp.NewToolResultText("cancelled"), nil
		}
	})
}
