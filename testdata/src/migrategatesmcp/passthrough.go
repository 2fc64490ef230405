package migrategatesmcp

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Gates that return the request's results as they are: the gate looks the
// answer up instead, and its callers go on reading the answer as before.

func askDrain(ctx context.Context, s *server.MCPServer, queue string) (*mcp.ElicitationResult, error) {
	return s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `MCPServer.RequestElicitation returns .*; reached from flushQueue \(round-trip\)`
		Params: mcp.ElicitationParams{Message: "Flush " + queue + "?", RequestedSchema: decisionSchema},
	})
}

func flushQueue(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	queue := request.GetString("queue", "")
	result, err := askDrain(ctx, server.ServerFromContext(ctx), queue)
	if err != nil {
		return nil, err
	}
	switch result.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText(fmt.Sprintf("flushed %s: %v", queue, result.Content)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept " + queue), nil
	}
	return mcp.NewToolResultError("unknown answer"), nil
}

// A sampling answer that passes on: the round trip's answer arrives with
// its content unparsed, which the fix parses where the answer is read.
func sampleText(ctx context.Context, s *server.MCPServer, prompt string) (*mcp.CreateMessageResult, error) {
	return s.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 100, Messages: []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent(prompt)}}}}) // want `MCPServer.RequestSampling returns .*; no automatic fix: the request.s result is returned as it is, and the round trip.s answer is converted where it is read; assign it first \(.res, err := \.\.\..\), then run -fix again; .*\(round-trip\)`
}

func summarizeQueue(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := sampleText(ctx, server.ServerFromContext(ctx), "Summarize "+request.GetString("queue", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(res.Content)), nil
}

func registerPassThrough(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("flush_queue"), flushQueue)
	s.AddTool(mcp.NewTool("summarize_queue"), summarizeQueue)
}
