// Package legacyhttp is the reporting server that the dashboards still reach
// over mcp-go's SSE transport (v0.44.0), as they have since early 2025.
package legacyhttp

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// capsBySession keeps what each client declared at initialize.
var capsBySession sync.Map

func keptCaps(ctx context.Context) (mcp.ClientCapabilities, bool) {
	s := server.ClientSessionFromContext(ctx)
	if s == nil {
		return mcp.ClientCapabilities{}, false
	}
	v, ok := capsBySession.Load(s.SessionID())
	if !ok {
		return mcp.ClientCapabilities{}, false
	}
	caps, ok := v.(mcp.ClientCapabilities)
	return caps, ok
}

// New builds the reporting server.
func New() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(func(ctx context.Context, id any, msg *mcp.InitializeRequest, res *mcp.InitializeResult) {
		if s := server.ClientSessionFromContext(ctx); s != nil {
			capsBySession.Store(s.SessionID(), msg.Params.Capabilities)
		}
	})
	s := server.NewMCPServer("reports", "2025.4.0", server.WithHooks(hooks), server.WithElicitation())
	s.AddTool(mcp.NewTool("export_report"), ExportReport)
	s.AddTool(mcp.NewTool("purge_old"), PurgeOld)
	s.AddTool(mcp.NewTool("sample_digest"), SampleDigest)
	return s
}

// Serve serves the reporting server over SSE.
func Serve(addr string) error {
	return server.NewSSEServer(New(), server.WithBaseURL("https://reports.example.com")).Start(addr)
}

// ExportReport asks which format to export.
func ExportReport(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Export the weekly report as?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"format": map[string]any{"type": "string", "enum": []string{"pdf", "csv"}, "default": "pdf"},
				},
			},
		},
	})
	if err != nil {
		return mcp.NewToolResultError("Could not ask for a format: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		format, _ := data["format"].(string)
		return mcp.NewToolResultText("Exported as " + format + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No export."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// PurgeOld asks only clients that declared elicitation at initialize.
func PurgeOld(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	caps, ok := keptCaps(ctx)
	if !ok || caps.Elicitation == nil {
		return mcp.NewToolResultError("Purging needs a client that can confirm it."), nil
	}
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message:         "Purge reports older than a year?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Purged."), os.RemoveAll("/srv/reports/archive")
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Kept."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// SampleDigest asks the client's model for a digest of the report.
func SampleDigest(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := server.ServerFromContext(ctx).RequestSampling(ctx, mcp.CreateMessageRequest{
		CreateMessageParams: mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Write a three-line digest of this week's incidents."),
			}},
		},
	})
	if err != nil {
		return mcp.NewToolResultError("No digest: " + err.Error()), nil
	}
	if t, ok := out.Content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(t.Text), nil
	}
	return mcp.NewToolResultText("The model did not answer with text."), nil
}
