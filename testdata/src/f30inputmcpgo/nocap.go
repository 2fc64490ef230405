package f30inputmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// With no answer and no capability, the handler falls through into the
// work: the request's own capabilities are what the client declared, not
// an operator's setting (issue 36 §2).
func noCapFallsThrough(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil {
			return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
	} else if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	wipe(ctx) // want `noCapFallsThrough reaches wipe\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
	return mcp.NewToolResultText("wiped"), nil
}

// noCapRefuses: near miss, it refuses when the client cannot be asked.
func noCapRefuses(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil {
			return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
		return mcp.NewToolResultError("cannot confirm"), nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	wipe(ctx)
	return mcp.NewToolResultText("wiped"), nil
}

// noCapSetting: near miss, an operator's setting decides: left alone.
func (cfg settings) noCapSetting(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		if !cfg.allowUnconfirmed {
			return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
	} else if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	wipe(ctx)
	return mcp.NewToolResultText("wiped"), nil
}
