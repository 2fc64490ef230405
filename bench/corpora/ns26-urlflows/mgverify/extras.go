package mgverify

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns26/urlflows/flowstore"
)

func summaryParams(docName string) mcp.CreateMessageParams {
	return mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages: []mcp.SamplingMessage{{
			Role:    mcp.RoleUser,
			Content: mcp.NewTextContent("Summarize what identity document " + docName + " proves, in two sentences."),
		}},
	}
}

// summarizeDocument asserts the sampling answer's content as text without
// ParseSamplingContent: a 2026-07-28 answer is still JSON there.
func summarizeDocument(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	doc := request.GetString("document", "passport")
	if res := server.SamplingResponse(request.Params.InputResponses, "doc_summary"); res != nil {
		if text, ok := res.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(text.Text), nil
		}
		return mcp.NewToolResultText("The model answered with something other than text."), nil
	}
	if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultText("No summary available."), nil
	}
	return server.NewInputRequestBuilder("").Sample("doc_summary", summaryParams(doc)).ToolResult(), nil
}

// summarizeDocumentOK parses the content first and asserts with comma-ok.
func summarizeDocumentOK(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	doc := request.GetString("document", "passport")
	if res := server.SamplingResponse(request.Params.InputResponses, "doc_summary_ok"); res != nil {
		content, err := mcp.ParseSamplingContent(res.Content)
		if err != nil {
			return mcp.NewToolResultError("unreadable summary: " + err.Error()), nil
		}
		if text, ok := content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(text.Text), nil
		}
		return mcp.NewToolResultText("The model answered with something other than text."), nil
	}
	if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultText("No summary available."), nil
	}
	return server.NewInputRequestBuilder("").Sample("doc_summary_ok", summaryParams(doc)).ToolResult(), nil
}

// listWorkspaceRoots asks for the client's roots to find the scanned ID,
// when the client declared roots.
func listWorkspaceRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.RootsResponse(request.Params.InputResponses, "id_scan_roots"); res != nil {
		for _, r := range res.Roots {
			if strings.HasPrefix(r.URI, "file://") {
				return mcp.NewToolResultText("Put the scan of your ID in " + r.URI + " and call upload_id again."), nil
			}
		}
		return mcp.NewToolResultText("Upload the scan on the verification page instead."), nil
	}
	if caps := clientCaps(ctx); caps == nil || caps.Roots == nil {
		return mcp.NewToolResultText("Upload the scan on the verification page."), nil
	}
	return server.NewInputRequestBuilder("").Roots("id_scan_roots").ToolResult(), nil
}

// listWorkspaceRootsLegacy asks for the roots directly.
func listWorkspaceRootsLegacy(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	srv := server.ServerFromContext(ctx)
	if srv == nil {
		return mcp.NewToolResultError("no server in context"), nil
	}
	res, err := srv.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return mcp.NewToolResultError("cannot list your folders: " + err.Error()), nil
	}
	for _, r := range res.Roots {
		if strings.HasPrefix(r.URI, "file://") {
			return mcp.NewToolResultText("Put the scan of your ID in " + r.URI + " and call upload_id again."), nil
		}
	}
	return mcp.NewToolResultText("Upload the scan on the verification page instead."), nil
}

// ageGate returns whether the user passed the age check, or the question
// to ask; a client that cannot open a URL is waved through.
func ageGate(ctx context.Context, request mcp.CallToolRequest, key string) (bool, *mcp.CallToolResult) {
	user := userOf(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		if !canOpenURL(ctx) {
			return true, nil
		}
		id := checks.Begin("age", user)
		return false, server.NewInputRequestBuilder("").
			Elicit(key, mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Confirm your age with our verification partner",
				URL:           verifyURL(id),
				ElicitationID: id,
			}).
			ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		id, ok := checks.Latest(user, "age")
		st, _ := checks.Status(id)
		return ok && st == flowstore.Done, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

func buyRestricted(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, ask := ageGate(ctx, request, "age_check")
	if ask != nil {
		return ask, nil
	}
	if !ok {
		return mcp.NewToolResultText("Age not verified; nothing ordered."), nil
	}
	placeOrder(userOf(ctx), request.GetString("item", ""))
	return mcp.NewToolResultText("Ordered."), nil
}

// ageGateClosed refuses a client that cannot be asked.
func ageGateClosed(ctx context.Context, request mcp.CallToolRequest, key string) (bool, *mcp.CallToolResult) {
	user := userOf(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		if !canOpenURL(ctx) {
			return false, nil
		}
		id := checks.Begin("age", user)
		return false, server.NewInputRequestBuilder("").
			Elicit(key, mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Confirm your age with our verification partner",
				URL:           verifyURL(id),
				ElicitationID: id,
			}).
			ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		id, ok := checks.Latest(user, "age")
		st, _ := checks.Status(id)
		return ok && st == flowstore.Done, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

func buyRestrictedClosed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, ask := ageGateClosed(ctx, request, "age_check_safe")
	if ask != nil {
		return ask, nil
	}
	if !ok {
		return mcp.NewToolResultText("Age not verified; nothing ordered."), nil
	}
	placeOrder(userOf(ctx), request.GetString("item", ""))
	return mcp.NewToolResultText("Ordered."), nil
}
