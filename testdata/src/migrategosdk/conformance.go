// Package migrategosdk holds the shapes of go-sdk handlers that the
// round-trip fix migrates, modelled on go-sdk's own conformance server and
// examples, and the shapes it leaves alone, each saying why. The .golden
// files show every rewrite.
package migrategosdk

import (
	"context"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type elicitInput struct {
	Message string `json:"message"`
}

// A typed tool handler reading its input in the params: the fix keeps the
// params where they are, one level deeper.
func askName(ctx context.Context, req *mcp.CallToolRequest, input elicitInput) (*mcp.CallToolResult, any, error) {
	result, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
		Message: input.Message,
		RequestedSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				// the name users see
				"username": {Type: "string", Description: "Your preferred username"},
			},
			Required: []string{"username"},
		},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("elicitation failed: %w", err)
	}
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("action=%s, content=%v", result.Action, result.Content)}},
	}, nil, nil
}

// A schema in a map literal, with a raw JSON string inside that must not
// be re-indented.
func defaults(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	result, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*\(round-trip\)`
		Message: `Test defaults
for primitives`,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"name": map[string]any{"type": "string", "default": "John Doe"},
				"age":  map[string]any{"type": "integer", "default": 30},
			},
		},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("elicitation failed: %w", err)
	}
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("action=%s", result.Action)}},
	}, nil, nil
}

type samplingInput struct {
	Prompt string `json:"prompt"`
}

// Sampling with CreateMessage: the answer arrives as a
// CreateMessageWithToolsResult, so the fix builds the CreateMessageResult
// the rest of the handler reads, as CreateMessage did (one content block;
// several fail as CreateMessage failed).
func sample(ctx context.Context, req *mcp.CallToolRequest, input samplingInput) (*mcp.CallToolResult, any, error) {
	// Request LLM completion from the client
	result, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{ // want `ServerSession.CreateMessage fails .*deprecates sampling.*\(round-trip\)`
		Messages: []*mcp.SamplingMessage{
			{Role: "user", Content: &mcp.TextContent{Text: input.Prompt}},
		},
		MaxTokens: 100,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("sampling failed: %w", err)
	}
	text := "(non-text response)"
	if tc, ok := result.Content.(*mcp.TextContent); ok {
		text = tc.Text
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "LLM response: " + text}}}, nil, nil
}

// Sampling whose error branch does not read the error.
func sampleNew(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.CreateMessage(ctx, new(mcp.CreateMessageParams)) // want `ServerSession.CreateMessage fails .*\(round-trip\)`
	if err != nil {
		return nil, nil, fmt.Errorf("sampling failed")
	}
	return &mcp.CallToolResult{Content: []mcp.Content{res.Content}}, nil, nil
}

// Roots with nil params: the request needs a value in the map.
func roots(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.ListRoots(ctx, nil) // want `ServerSession.ListRoots fails .*\(round-trip\)`
	if err != nil {
		return nil, nil, fmt.Errorf("listing roots failed: %v", err)
	}
	var all []string
	for _, r := range res.Roots {
		all = append(all, r.Name+":"+r.URI)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(all)}}}, nil, nil
}

// A url-mode request whose ID comes from a counter made before it: the
// second call would make another ID.
var elicitations int

func elicitURL(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	elicitations++
	elicitID := fmt.Sprintf("%d", elicitations)
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*; no automatic fix: .elicitations\+\+. before the request runs again on the call that brings the answer; until it is migrated, pinning .* \(round-trip\)`
		Message:       "submit a string",
		URL:           "https://example.com/submit?id=" + elicitID,
		ElicitationID: elicitID,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("eliciting failed: %v", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "(elicitation pending)"}}}, nil, nil
}

// A url-mode request whose ID comes from the call's arguments: the same
// on both calls, so the fix applies.
func elicitURLArg(ctx context.Context, req *mcp.CallToolRequest, in struct{ ID string }) (*mcp.CallToolResult, any, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
		Message:       "connect your account",
		URL:           "https://example.com/connect?id=" + in.ID,
		ElicitationID: in.ID,
	})
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "connected"}}}, nil, nil
}

// go-sdk rejects titled multi-select items that carry "type" when the user
// accepts. After the migration that error would fail the call for a client
// on an older protocol, where the handler used to turn it into its own
// error result: the fix repairs the schema as well.
func enums(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	result, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
		Message: "Test enum schemas",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"untitledMulti": map[string]any{
					"type":  "array",
					"items": map[string]any{"type": "string", "enum": []string{"option1", "option2"}},
				},
				"titledMulti": map[string]any{
					"type": "array",
					"items": map[string]any{
						"type": "string",
						"anyOf": []map[string]any{
							{"const": "value1", "title": "First Option"},
							{"const": "value2", "title": "Second Option"},
						},
					},
				},
			},
		},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("elicitation failed: %w", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "action=" + result.Action}}}, nil, nil
}

// A schema go-sdk rejects with no repair the fix knows: no fix.
func untyped(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	result, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*; no automatic fix: go-sdk rejects the requested schema when the user accepts \(see the schema finding at line \d+\), and after the migration that error would fail the call for older clients instead of reaching your error check; fix the schema first; until it is migrated, pinning .* \(round-trip\)`
		Message: "Your name?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"name": map[string]any{"description": "no type"}},
		},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("elicitation failed: %w", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "action=" + result.Action}}}, nil, nil
}
