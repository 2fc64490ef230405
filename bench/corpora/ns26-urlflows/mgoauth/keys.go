package mgoauth

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns26/urlflows/flowstore"
)

// finishKeyEntry handles the answer to an API-key page from the page's
// own record of the key.
func finishKeyEntry(service, id string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if st, _ := flows.Status(id); st != flowstore.Done {
			return mcp.NewToolResultText("Waiting for the " + service + " key to be entered on the page."), nil
		}
		return mcp.NewToolResultText(service + " key stored"), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No key stored."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Key entry cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// apiKeyEntry sends the user to the server's own page to enter an API key.
func apiKeyEntry(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	service := request.GetString("service", "openai")
	if res := server.ElicitationResponse(request.Params.InputResponses, "api_key_page"); res != nil {
		id, _ := flows.Latest(user, "key:"+service)
		return finishKeyEntry(service, id, res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("storing a key needs a client that can open a URL"), nil
	}
	id := flows.Begin("key:"+service, user)
	return server.NewInputRequestBuilder("").
		Elicit("api_key_page", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Enter your " + service + " API key on our secure page",
			URL:           "https://keys.urlflows.example/enter?flow=" + id,
			ElicitationID: id,
		}).
		ToolResult(), nil
}

// apiKeyEntryForm asks for the API token in a form.
func apiKeyEntryForm(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	service := request.GetString("service", "openai")
	res := server.ElicitationResponse(request.Params.InputResponses, "api_key_form")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("storing a key needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("api_key_form", mcp.ElicitationParams{
				Message: "Paste your " + service + " API token",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"api_token": map[string]any{"type": "string", "title": "API token"},
					},
					"required": []any{"api_token"},
				},
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := res.Content.(map[string]any)
		token, _ := content["api_token"].(string)
		if token == "" {
			return mcp.NewToolResultError("empty token"), nil
		}
		id := flows.Begin("key:"+service, user)
		if err := flows.Complete(id, token); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Token stored."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No token stored."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// apiKeyEntryCredInURL pre-authenticates the key page with a token in the
// URL's query.
func apiKeyEntryCredInURL(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	service := request.GetString("service", "openai")
	if res := server.ElicitationResponse(request.Params.InputResponses, "api_key_prefill"); res != nil {
		id, _ := flows.Latest(user, "key:"+service)
		return finishKeyEntry(service, id, res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("storing a key needs a client that can open a URL"), nil
	}
	id := flows.Begin("key:"+service, user)
	return server.NewInputRequestBuilder("").
		Elicit("api_key_prefill", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Enter your " + service + " API key on our secure page",
			URL:           "https://keys.urlflows.example/enter?flow=" + id + "&access_token=" + user,
			ElicitationID: id,
		}).
		ToolResult(), nil
}
