package modegosdk

import (
	"context"
	"crypto/rand"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A url-mode request returned in InputRequests: a 2026-07-28 client needs
// no ID, but the SDK sends the same request to an older client itself,
// and that client matches the completion notification by the ID.
func connect(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"github": &mcp.ElicitParams{Mode: "url", Message: "Connect GitHub", URL: "https://example.com/connect"}, // want `url-mode elicitation has no ElicitationID: 2026-07-28 clients need none, but go-sdk's bridge sends this request to older clients, which need one to match the completion notification \(spec 2025-11-25\); generate a unique one per elicitation \(mode\)`
		"gitlab": &mcp.ElicitParams{Mode: "url", Message: "Connect GitLab", URL: "https://example.com/connect?id=" + id, ElicitationID: id},
		"form":   &mcp.ElicitParams{Mode: "form", Message: "Your name?", RequestedSchema: schema},
	}}, nil
}
