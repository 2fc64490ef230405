package rttools

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxSummaryTokens bounds the length of a generated summary.
const maxSummaryTokens = 300

// TextInput is the input of the sampling tools.
type TextInput struct {
	Text string `json:"text"`
}

// handleGenerateSummary asks the client's model for a summary of the text.
func handleGenerateSummary(ctx context.Context, req *mcp.CallToolRequest, in TextInput) (*mcp.CallToolResult, ToolResult, error) {
	res, ok := req.Params.InputResponses[keySummary].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, ToolResult{}, fmt.Errorf("generate summary: %w", errCannotSample)
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keySummary: &mcp.CreateMessageParams{
				MaxTokens:    maxSummaryTokens,
				SystemPrompt: "You write short summaries.",
				Messages: []*mcp.SamplingMessage{{
					Role:    "user",
					Content: &mcp.TextContent{Text: in.Text},
				}},
			},
		}}, ToolResult{}, nil
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return nil, ToolResult{}, fmt.Errorf("generate summary: unexpected content %T", res.Content)
	}
	return textResult(tc.Text), ToolResult{Success: true, Message: tc.Text}, nil
}

// FilesInput is the input of the list_project_files tool.
type FilesInput struct{}

// handleListProjectFiles lists the client's project roots.
func handleListProjectFiles(ctx context.Context, req *mcp.CallToolRequest, _ FilesInput) (*mcp.CallToolResult, ToolResult, error) {
	roots, ok := req.Params.InputResponses[keyProjectRoots].(*mcp.ListRootsResult)
	if !ok {
		initCaps := req.Session.InitializeParams().Capabilities
		if initCaps == nil || initCaps.RootsV2 == nil {
			return nil, ToolResult{}, fmt.Errorf("list project files: %w", errCannotListRoot)
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyProjectRoots: &mcp.ListRootsParams{},
		}}, ToolResult{}, nil
	}
	uris := make([]string, 0, len(roots.Roots))
	for _, r := range roots.Roots {
		if r != nil {
			uris = append(uris, r.URI)
		}
	}
	msg := strings.Join(uris, "\n")
	return textResult(msg), ToolResult{Success: true, Message: msg}, nil
}
