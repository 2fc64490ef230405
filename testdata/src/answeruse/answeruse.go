// Package answeruse reads answers through answerlib's helpers (issue 36
// §2): a call with a constant key is a read of that key.
package answeruse

import (
	"context"
	"errors"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"answerlib"
)

func ask(key string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: "Go on?"}}}
}

// share fails on the helper's error.
func share(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"share": &mcp.ElicitParams{Message: "Share?"}}}, nil, nil
	}
	res, err := answerlib.Require(req, "share")
	if err != nil {
		return nil, nil, err // want `the call fails here when the answer to "share" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(res.Action)}}}, nil, nil
}

// lock fails when the helper says false.
func lock(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"lock": &mcp.ElicitParams{Message: "Lock?"}}, RequestState: "asked"}, nil, nil
	}
	if _, ok := answerlib.Lookup(req, "lock"); !ok {
		return &mcp.CallToolResult{IsError: true}, nil, nil // want `the call fails here when the answer to "lock" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, nil
}

// pin: near miss, it asks again when the helper says the answer is
// missing.
func pin(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, err := answerlib.Require(req, "pin"); err != nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"pin": &mcp.ElicitParams{Message: "Pin?"}}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// export: near miss, Decode is not a helper that says the answer is
// missing; its error is the content's.
func export(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return ask("export"), nil, nil
	}
	if _, err := answerlib.Decode(req, "export"); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

// drain: mcp-go, through the helper that returns the SDK's read.
func drain(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return server.NewInputRequestBuilder("").Elicit("drain", gomcp.ElicitationParams{Message: "Drain?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil
	}
	res := answerlib.Answer(ctx, req, "drain")
	if res == nil {
		return gomcp.NewToolResultError("no answer to drain"), nil // want `the call fails here when the answer to "drain" is missing.*\(round-trip\)`
	}
	return gomcp.NewToolResultText(string(res.Action)), nil
}

// tag: the answers handed to Has, a helper that says false when the
// answer is missing; a missing answer asks again.
func tag(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !answerlib.Has(req.Params.InputResponses, "tag") {
		return ask("tag"), nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// transfer fails on Decision's sentinel when something else was answered.
func transfer(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	ok, err := answerlib.Decision(req, "transfer")
	switch {
	case errors.Is(err, answerlib.ErrNoAnswer) && len(req.Params.InputResponses) == 0:
		return ask("transfer"), nil, nil
	case errors.Is(err, answerlib.ErrNoAnswer):
		return nil, nil, err // want `the call fails here when the answer to "transfer" is missing.*\(round-trip\)`
	case err != nil || !ok:
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// archive asks on the first round only, through Answered.
func archive(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, answered := answerlib.Answered(req, "archive")
	if !answered {
		if req.Params.RequestState == "" {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"archive": &mcp.ElicitParams{Message: "Archive?"}}, RequestState: "asked"}, nil, nil
		}
		return &mcp.CallToolResult{IsError: true}, nil, nil // want `the call fails here when the answer to "archive" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(res.Action)}}}, nil, nil
}

// seal fails a retry when another package's bool helper says the answer
// is missing.
func seal(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !answerlib.Answers(req, "seal") {
		if req.Params.RequestState != "" {
			return nil, nil, errors.New("not sealed") // want `the call fails here when the answer to "seal" is missing.*\(round-trip\)`
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"seal": &mcp.ElicitParams{Message: "Seal?"}}, RequestState: "asked"}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// unseal: near miss, Given is not a helper that reads the answer to key.
func unseal(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !answerlib.Given(req, "unseal") {
		if req.Params.RequestState != "" {
			return nil, nil, errors.New("not unsealed")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"unseal": &mcp.ElicitParams{Message: "Unseal?"}}, RequestState: "asked"}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}
