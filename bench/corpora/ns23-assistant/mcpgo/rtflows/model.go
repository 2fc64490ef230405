package rtflows

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// samplingRequest builds a single-message sampling request.
func samplingRequest(system, prompt string, maxTokens int) mcp.CreateMessageParams {
	return mcp.CreateMessageParams{
		SystemPrompt: system,
		MaxTokens:    maxTokens,
		Messages: []mcp.SamplingMessage{{
			Role:    mcp.RoleUser,
			Content: mcp.NewTextContent(prompt),
		}},
	}
}

// handleGenerateTitle asks the client's model for a title for the text.
func handleGenerateTitle(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := request.RequireString("text")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.SamplingResponse(request.Params.InputResponses, keyTitle)
	if res == nil {
		if caps := clientCapabilities(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError(msgNeedsSampling), nil
		}
		return server.NewInputRequestBuilder("").
			Sample(keyTitle, samplingRequest("You write short titles.", text, 30)).
			ToolResult(), nil
	}
	tc, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError(fmt.Sprintf("unexpected sampling content %T", res.Content)), nil
	}
	return mcp.NewToolResultText(strings.TrimSpace(tc.Text)), nil
}

// handleGenerateSlogan asks the client's model for a product slogan.
func handleGenerateSlogan(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	product, err := request.RequireString("product")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.SamplingResponse(request.Params.InputResponses, keySlogan)
	if res == nil {
		if caps := clientCapabilities(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError(msgNeedsSampling), nil
		}
		return server.NewInputRequestBuilder("").
			Sample(keySlogan, samplingRequest("You write catchy slogans.", "A slogan for "+product, 40)).
			ToolResult(), nil
	}
	parsed, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("could not read the model's answer: " + err.Error()), nil
	}
	tc, ok := parsed.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError(fmt.Sprintf("unexpected sampling content %T", parsed)), nil
	}
	return mcp.NewToolResultText(tc.Text), nil
}

// handleIndexRoots indexes every root the client exposes. The capabilities
// cached at initialize tell whether the client has roots at all.
func handleIndexRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	roots := server.RootsResponse(request.Params.InputResponses, keyIndexRoots)
	if roots == nil {
		sess := server.ClientSessionFromContext(ctx)
		if sess == nil {
			return mcp.NewToolResultError("no session"), nil
		}
		v, ok := sessionCapabilities.Load(sess.SessionID())
		caps, _ := v.(mcp.ClientCapabilities)
		if !ok || caps.Roots == nil {
			return mcp.NewToolResultError(msgNeedsRoots), nil
		}
		return server.NewInputRequestBuilder("").Roots(keyIndexRoots).ToolResult(), nil
	}
	uris := make([]string, 0, len(roots.Roots))
	for _, r := range roots.Roots {
		uris = append(uris, r.URI)
	}
	accounts.index(uris)
	return mcp.NewToolResultText(fmt.Sprintf("Indexed %d roots.", len(uris))), nil
}
