package rtmw

import (
	"context"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var searchTool = &mcp.Tool{Name: "search", InputSchema: map[string]any{"type": "object"}}

// draftHandler asks the client's model for a draft, offering it a tool, but
// tests only that the client declared sampling.
func draftHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res, ok := req.Params.InputResponses["draft"].(*mcp.CreateMessageWithToolsResult); ok {
		var b strings.Builder
		for _, c := range res.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				b.WriteString(t.Text)
			}
		}
		return textResult(b.String()), nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
		return nil, errors.New("drafting needs a client that can sample")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"draft": &mcp.CreateMessageWithToolsParams{
			MaxTokens: 400,
			Messages:  []*mcp.SamplingMessageV2{{Role: "user", Content: []mcp.Content{&mcp.TextContent{Text: "Draft a release note."}}}},
			Tools:     []*mcp.Tool{searchTool},
		},
	}}, nil
}

// outlineHandler reads its sampling answer as the type go-sdk never delivers.
func outlineHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res, ok := req.Params.InputResponses["outline"].(*mcp.CreateMessageResult); ok {
		if t, ok := res.Content.(*mcp.TextContent); ok {
			return textResult(t.Text), nil
		}
		return textResult("the model answered with something other than text"), nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
		return nil, errors.New("outlining needs a client that can sample")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"outline": &mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Outline the release."}}},
		},
	}}, nil
}

// workspaceHandler asks for the client's roots when it declared them.
func workspaceHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res, ok := req.Params.InputResponses["workspace"].(*mcp.ListRootsResult); ok {
		names := make([]string, 0, len(res.Roots))
		for _, r := range res.Roots {
			names = append(names, r.URI)
		}
		return textResult(strings.Join(names, "\n")), nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
		return textResult("no roots: the client did not declare them"), nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"workspace": &mcp.ListRootsParams{}}}, nil
}

func registerSampling(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "draft", InputSchema: map[string]any{"type": "object"}}, draftHandler)
	s.AddTool(&mcp.Tool{Name: "outline", InputSchema: map[string]any{"type": "object"}}, outlineHandler)
	s.AddTool(&mcp.Tool{Name: "workspace", InputSchema: map[string]any{"type": "object"}}, workspaceHandler)
}
