package roundtripgosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var nameSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"name": map[string]any{"type": "string"}, "age": map[string]any{"type": "integer"}},
	"required":   []string{"name"},
}

// greet is the handler of go-sdk's own documentation: both assertions
// panic on what a client may send, and go-sdk does not recover.
func greet(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.InputResponses == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}, nil
	}
	name := req.Params.InputResponses["user_name"].(*mcp.ElicitResult).Content["name"].(string) // want `single-value type assertion req.Params.InputResponses\["user_name"\].\(\*mcp.ElicitResult\) panics when a client sends another kind of answer.*go-sdk does not recover handler panics.*\(round-trip\)` `single-value type assertion .*Content\["name"\].\(string\) panics when a client answers with another type.*\(round-trip\)`
	return reply("hello " + name), nil
}

// fixable: `v := x.(T)` in a function that returns an error gets the
// comma-ok form. A length check on the map is no check of the answer.
func fixable(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}, nil
	}
	res := req.Params.InputResponses["user_name"].(*mcp.ElicitResult) // want `single-value type assertion req.Params.InputResponses\["user_name"\].\(\*mcp.ElicitResult\) panics.*\(round-trip\)`
	if res.Action != "accept" {
		return reply(res.Action), nil
	}
	name := res.Content["name"].(string)    // want `single-value type assertion res.Content\["name"\].\(string\) panics when a client answers with another type: round-trip answers are not checked against the requested schema.*\(round-trip\)`
	age, ok := res.Content["age"].(float64) // comma-ok: fine
	_ = age
	_ = ok
	return reply(name), nil
}

// careful does it right: comma-ok everywhere, a type switch, and an
// assertion guarded by a comma-ok check of the same answer.
func careful(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["user_name"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}, nil
	}
	switch v := req.Params.InputResponses["user_name"].(type) {
	case *mcp.ElicitResult:
		sink(v)
	}
	if _, ok := req.Params.InputResponses["user_name"].(*mcp.ElicitResult); ok {
		sink(req.Params.InputResponses["user_name"].(*mcp.ElicitResult))
	}
	if _, ok := req.Params.InputResponses["user_name"].(*mcp.ElicitResult); !ok {
		return nil, nil
	}
	sink(req.Params.InputResponses["user_name"].(*mcp.ElicitResult))
	switch res.Action {
	case "accept":
		name, ok := res.Content["name"].(string)
		if !ok {
			return reply("no name"), nil
		}
		return reply(name), nil
	case "decline":
		return reply("declined"), nil
	default:
		return reply("cancelled"), nil
	}
}

// Results the SDK rejects: requests together with content.
func both(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if _, ok := req.Params.InputResponses["user_name"].(*mcp.ElicitResult); !ok {
		return &mcp.GetPromptResult{
			InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}, // want `result sets InputRequests together with Messages: go-sdk answers it with error -32603.*\(round-trip\)`
			Messages:      []*mcp.PromptMessage{{Content: &mcp.TextContent{Text: "hi"}}},
		}, nil
	}
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{}}, nil
}

func bothTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := req.Params.InputResponses["user_name"].(*mcp.ElicitResult); !ok {
		if ctx == nil {
			return &mcp.CallToolResult{
				Content:       []mcp.Content{}, // empty: fine
				InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}},
			}, nil
		}
		return &mcp.CallToolResult{
			StructuredContent: map[string]any{"state": "asking"},
			InputRequests:     mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}, // want `result sets InputRequests together with StructuredContent.*\(round-trip\)`
		}, nil
	}
	return reply("ok"), nil
}

func sink(*mcp.ElicitResult) {}
