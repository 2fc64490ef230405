package capsgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errNoElicit = errors.New("this tool needs a client that can ask its user")

// A second question asked where the first was accepted: the client
// answered a form on this very call, so it declared form elicitation.
func secondConfirmation(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["again"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
		case "decline", "cancel":
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
		}
	}
	res, ok := req.Params.InputResponses["first"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errNoElicit
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"first": &mcp.ElicitParams{Message: "Roll back?"}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"again": &mcp.ElicitParams{Message: "Sure?"}}}, nil, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
	}
	return nil, nil, errNoElicit
}

// The same written as an if.
func secondConfirmationIf(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["first2"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errNoElicit
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"first2": &mcp.ElicitParams{Message: "Roll back?"}}}, nil, nil
	}
	if res.Action == "accept" {
		if _, ok := req.Params.InputResponses["again2"]; !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"again2": &mcp.ElicitParams{Message: "Sure?"}}}, nil, nil
		}
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
}

// Near misses: an accepted form says nothing of url mode, nor of
// sampling.
func urlAfterAccept(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["pay"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errNoElicit
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"pay": &mcp.ElicitParams{Message: "Pay?"}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if _, ok := req.Params.InputResponses["checkout"]; !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"checkout": &mcp.ElicitParams{Mode: "url", Message: "Pay", URL: "https://example.com/pay", ElicitationID: "pay-1"}, // want `url-mode elicitation request "checkout" is guarded by a test of elicitation that a client declaring only form mode passes .*\(capabilities\)`
			}}, nil, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "paid"}}}, nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "not paid"}}}, nil, nil
}

func sampleAfterAccept(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["topic"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errNoElicit
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"topic": &mcp.ElicitParams{Message: "Topic?"}}}, nil, nil
	}
	if res.Action == "accept" {
		if _, ok := req.Params.InputResponses["draft"]; !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"draft": &mcp.CreateMessageParams{MaxTokens: 100, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Draft"}}}}, // want `sampling request "draft" is sent without a test that the client declared sampling.*\(capabilities\)`
			}}, nil, nil
		}
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
}
