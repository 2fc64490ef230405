package mgfn

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// rotateWebhook sends the user to the provider's page to rotate a webhook.
func rotateWebhook(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "rotate_webhook")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("rotating needs a client that can open a URL"), nil
		}
		id := "hook-" + rand.Text()
		return server.NewInputRequestBuilder("").Elicit("rotate_webhook", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Rotate the webhook on the provider's page",
			URL:           "https://hooks.example.com/rotate?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Rotation page opened; the old webhook keeps working until you finish there."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("webhook not rotated"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// importRepo asks which repository to import.
func importRepo(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "import_repo")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("importing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("import_repo", mcp.ElicitationParams{
			Message: "Which repository? (e.g. https://github.com/owner/repo)",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"repo": map[string]any{"type": "string", "title": "Repository", "format": "uri"},
				},
				"required": []string{"repo"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		repo, _ := data["repo"].(string)
		if repo == "" {
			return mcp.NewToolResultError("no repository given"), nil
		}
		if err := opsCall(ctx, "import_repo", repo); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("importing " + repo), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("nothing imported"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
