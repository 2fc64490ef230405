package roundtripgosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// foreverGuarded refuses a client that cannot be asked, and asks every
// other one on every call.
func foreverGuarded(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler returns InputRequests on every path of a client that declared elicitation and never reads InputResponses.*\(round-trip\)`
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "this tool needs a client that can ask its user"}}}, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"proceed": &mcp.ElicitParams{Message: "Proceed?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}},
	}}, nil
}

// foreverElse says the same with the refusal in the else.
func foreverElse(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler returns InputRequests on every path of a client that declared elicitation.*\(round-trip\)`
	caps := req.ClientCapabilities()
	if caps != nil && caps.Elicitation != nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"proceed": &mcp.ElicitParams{Message: "Proceed?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}},
		}}, nil
	} else {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "cannot ask"}}}, nil
	}
}

// Near misses.

// guardedReads refuses the same clients, and reads the answer.
func guardedReads(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "this tool needs a client that can ask its user"}}}, nil
	}
	if res, ok := req.Params.InputResponses["proceed"].(*mcp.ElicitResult); ok {
		return reply(res.Action), nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"proceed": &mcp.ElicitParams{Message: "Proceed?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}},
	}}, nil
}

// dryRun returns without asking on a condition of the call's own: a
// client that sends it gets an end.
func dryRun(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.Name == "plan" {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "would ask to proceed"}}}, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"proceed": &mcp.ElicitParams{Message: "Proceed?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}},
	}}, nil
}
