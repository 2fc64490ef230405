package mgapi

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// linkConfluence sends the user to the Confluence consent page, and says
// on accept that the link is still pending.
func linkConfluence(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "confluence_link")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("linking Confluence needs a client that can open a URL"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("confluence_link", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Link your Confluence account",
			URL:           "https://id.example.com/confluence/start?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for Confluence to finish the link; call link_status to check it."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Confluence not linked"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
