package roundtripmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// foreverGuarded refuses a client that cannot be asked, and asks every
// other one on every call.
func foreverGuarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler returns InputRequests on every path of a client that declared elicitation and never reads InputResponses.*\(round-trip\)`
	info := server.RequestProtocolInfoFromContext(ctx)
	if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("nights", mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema}).ToolResult(), nil
}

// Near miss: the same test, and the answer read.
func guardedReads(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info := server.RequestProtocolInfoFromContext(ctx)
	if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	if res := server.ElicitationResponse(req.Params.InputResponses, "nights"); res != nil {
		return mcp.NewToolResultText(string(res.Action)), nil
	}
	return server.NewInputRequestBuilder("").Elicit("nights", mcp.ElicitationParams{Message: "How many nights?", RequestedSchema: schema}).ToolResult(), nil
}
