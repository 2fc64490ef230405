// Package countedanswers holds handlers that ask, then go ahead when the
// call carries any answer at all, reading none (issue #38 §3), and near
// misses that count answers only to tell the first round from a retry.
package countedanswers

import (
	"context"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirm = map[string]any{"type": "object", "properties": map[string]any{}}

func done(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

var store = map[string]string{"a": "1"}

func wipe() { clear(store) }

// The conformance server's shape: any answer is taken as consent.
func anyAnswer(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 { // want `the handler goes ahead when req.Params.InputResponses carries any answer, and reads none: any client can send InputResponses on any call, and a decline is an answer too.*\(round-trip\)`
		wipe()
		return done("wiped"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}}, nil, nil
}

// The same, asking first and going ahead after the if.
func askFirst(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	p := req.Params
	if len(p.InputResponses) == 0 { // want `goes ahead when p.InputResponses carries any answer.*\(round-trip\)`
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}}, nil, nil
	}
	wipe()
	return done("wiped"), nil, nil
}

// mcp-go, the count written the other way round, in a switch case.
func mcpgoAny(ctx context.Context, request mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	switch {
	default:
		if 0 < len(request.Params.InputResponses) { // want `goes ahead when request.Params.InputResponses carries any answer.*\(round-trip\)`
			wipe()
			return mcpgo.NewToolResultText("wiped"), nil
		}
	}
	return server.NewInputRequestBuilder("").Elicit("wipe", mcpgo.ElicitationParams{Message: "Wipe?", RequestedSchema: confirm}).ToolResult(), nil
}

// Near misses.

// The count tells the first round; the answer is then read by its key.
func thenRead(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe2": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}}, nil, nil
	}
	res, ok := req.Params.InputResponses["wipe2"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe2": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		wipe()
		return done("wiped"), nil, nil
	case "decline":
		return done("kept"), nil, nil
	default:
		return done("no answer"), nil, nil
	}
}

// The answers handed to a helper with the request.
func helper(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		return decide(req)
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe3": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}}, nil, nil
}

func decide(req *mcp.CallToolRequest) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["wipe3"].(*mcp.ElicitResult)
	if !ok {
		return done("no answer"), nil, nil
	}
	switch res.Action {
	case "accept":
		wipe()
		return done("wiped"), nil, nil
	case "decline":
		return done("kept"), nil, nil
	default:
		return done("cancelled"), nil, nil
	}
}

// The answered side only replies: nothing goes ahead.
func replies(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		return done("thanks"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe4": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}}, nil, nil // want `request "wipe4" is never read from InputResponses.*\(round-trip\)`
}

// Counting to log, in a function that does not ask.
func logs(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		return done("retry"), nil, nil
	}
	return done("first"), nil, nil
}

var _ = []any{anyAnswer, askFirst, mcpgoAny, thenRead, helper, replies, logs}
