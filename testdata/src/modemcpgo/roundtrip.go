package modemcpgo

import (
	"context"
	"crypto/rand"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Url-mode requests returned in InputRequests: a 2026-07-28 client gets
// them as they are, an older client from mcp-go's bridge, which makes a
// direct request, and Validate refuses one without an ID.
func connect(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	return server.NewInputRequestBuilder("").
		Elicit("github", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Connect GitHub", URL: "https://example.com/connect"}). // want `url-mode elicitation has no ElicitationID: 2026-07-28 clients need none, but mcp-go's bridge sends this request to older clients as a direct request, which its Validate rejects, and the call fails; generate a unique one per elicitation \(mode\)`
		Elicit("gitlab", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Connect GitLab", URL: "https://example.com/connect?id=" + id, ElicitationID: id}).
		Elicit("name", mcp.ElicitationParams{Message: "Your name?"}). // want `form-mode elicitation has no RequestedSchema: the spec requires requestedSchema in form mode, and mcp-go's bridge sends this request to older clients as a direct request, which its Validate rejects; add a flat object schema \(mode\)`
		ToolResult(), nil
}

func connectMap(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := mcp.NewToolResultText("")
	res.ResultType = mcp.ResultTypeInputRequired
	res.InputRequests = mcp.InputRequests{
		"github": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Connect GitHub", URL: "https://example.com/connect"}), // want `url-mode elicitation has no ElicitationID: 2026-07-28 clients need none, but mcp-go's bridge.*\(mode\)`
		"form":   mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "Your name?", RequestedSchema: schema}),
	}
	return res, nil
}
