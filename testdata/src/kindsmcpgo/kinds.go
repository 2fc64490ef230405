// Package kindsmcpgo holds the round-trip check's cases for mcp-go's other
// server-initiated requests: sampling (RequestSampling) and roots
// (RequestRoots), and their answers.
package kindsmcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func register(s *server.MCPServer) {
	// Handlers written as function literals passed to AddTool.
	s.AddTool(mcp.NewTool("summarise"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{ // want `MCPServer.RequestSampling returns ErrServerInitiatedRequestUnsupported on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default, and protocol 2026-07-28 deprecates sampling \(SEP-2577\): while it still works, return the request in the result's InputRequests and read the answer from InputResponses, which works with old and new clients; in the long run, call the model provider's API from the server.*\(round-trip\)`
			CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 10},
		})
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		if tc, ok := res.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultText("(no text)"), nil
	})
	s.AddTool(mcp.NewTool("folders"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestRoots(ctx, mcp.ListRootsRequest{}) // want `MCPServer.RequestRoots returns ErrServerInitiatedRequestUnsupported .* deprecates roots \(SEP-2577\).*take paths from tool arguments, resource URIs or configuration.*\(round-trip\)`
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(len(res.Roots))), nil
	})

	// A notification handler has no result to return a request in.
	s.AddNotificationHandler("notifications/roots/list_changed", func(ctx context.Context, n mcp.JSONRPCNotification) {
		s.RequestRoots(ctx, mcp.ListRootsRequest{}) // want `MCPServer.RequestRoots returns .*: this function is not a tool, prompt or resource handler, so there is no result to return the request in; take paths from tool arguments, resource URIs or configuration; no automatic fix: it is made in a notification handler or a client.s callback, .* \(round-trip\)`
	})

	// The round trip, correct: silent.
	s.AddTool(mcp.NewTool("summariseRT"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.SamplingResponse(request.Params.InputResponses, "summary")
		roots := server.RootsResponse(request.Params.InputResponses, "roots")
		if res == nil || roots == nil {
			return server.NewInputRequestBuilder("").
				Sample("summary", mcp.CreateMessageParams{MaxTokens: 10}).
				Roots("roots").
				ToolResult(), nil
		}
		content, err := mcp.ParseSamplingContent(res.Content)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		res.Content = content
		if tc, ok := res.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(len(roots.Roots))), nil
	})

	// A round-trip sampling answer's Content is still JSON for 2026-07-28
	// clients: the assertion never succeeds for them.
	s.AddTool(mcp.NewTool("raw"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.SamplingResponse(request.Params.InputResponses, "draft")
		if res == nil {
			return server.NewInputRequestBuilder("").Sample("draft", mcp.CreateMessageParams{MaxTokens: 10}).ToolResult(), nil
		}
		if tc, ok := res.Content.(mcp.TextContent); ok { // want `res.Content is still JSON \(map\[string\]any\) when the answer comes from a 2026-07-28 client, so res.Content.\(mcp.TextContent\) never succeeds for those clients; convert it first with mcp.ParseSamplingContent\(res.Content\) \(round-trip\)`
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultText("(no text)"), nil
	})

	// The same, with the content's type printed when it is not text:
	// printing converts nothing.
	s.AddTool(mcp.NewTool("rawPrinted"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.SamplingResponse(request.Params.InputResponses, "draft2")
		if res == nil {
			return server.NewInputRequestBuilder("").Sample("draft2", mcp.CreateMessageParams{MaxTokens: 10}).ToolResult(), nil
		}
		tc, ok := res.Content.(mcp.TextContent) // want `res.Content is still JSON \(map\[string\]any\) when the answer comes from a 2026-07-28 client.*\(round-trip\)`
		if !ok {
			return mcp.NewToolResultError(fmt.Sprintf("the model answered with %T, not text", res.Content)), nil
		}
		return mcp.NewToolResultText(tc.Text), nil
	})

	// A single-value assertion on a sampling answer's Content panics on
	// what the model answers (mcp-go recovers, and the call fails).
	s.AddTool(mcp.NewTool("single"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.SamplingResponse(request.Params.InputResponses, "poem")
		if res == nil {
			return server.NewInputRequestBuilder("").Sample("poem", mcp.CreateMessageParams{MaxTokens: 10}).ToolResult(), nil
		}
		tc := res.Content.(mcp.TextContent) // want `single-value type assertion res.Content.\(mcp.TextContent\) panics when the client's model answers with another type of content \(text, image, audio, or a list of them\); use the comma-ok form \(round-trip\)`
		return mcp.NewToolResultText(tc.Text), nil
	})

	// An answer read as another kind than its request.
	s.AddTool(mcp.NewTool("mixed"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.SamplingResponse(request.Params.InputResponses, "name") // want `answer "name" is read as sampling, but this package requests it as elicitation: the answer is decoded as the wrong kind; read it with server.ElicitationResponse \(round-trip\)`
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("name", mcp.ElicitationParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}).ToolResult(), nil
		}
		return mcp.NewToolResultText(res.Model), nil
	})

	// The raw field of another kind stays nil too.
	s.AddTool(mcp.NewTool("rawfield"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if r := request.Params.InputResponses["cwd"].Roots; r != nil { // want `request.Params.InputResponses\["cwd"\].Roots stays nil for answers from 2026-07-28 clients until DecodeFor runs: read the answer with server.RootsResponse\(request.Params.InputResponses, "cwd"\) \(round-trip\)`
			return mcp.NewToolResultText(fmt.Sprint(len(r.Roots))), nil
		}
		return server.NewInputRequestBuilder("").Roots("cwd").ToolResult(), nil
	})

	// A hand-built result with a sampling request and no ResultType is
	// never sent.
	s.AddTool(mcp.NewTool("unsent"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if server.SamplingResponse(request.Params.InputResponses, "joke") != nil {
			return mcp.NewToolResultText("ha"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"joke": mcp.NewSamplingInputRequest(mcp.CreateMessageParams{MaxTokens: 5})}, // want `result has InputRequests but no ResultType: mcp.ResultTypeInputRequired.*\(round-trip\)`
		}}, nil
	})
}

// Keys of sampling and roots requests are matched like elicitation's.
func keys(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("haiku"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if res := server.SamplingResponse(request.Params.InputResponses, "haiku_draft"); res != nil { // want `answer "haiku_draft" is never requested: no InputRequests key in this package is "haiku_draft" \(did you mean "haiku_drafts"\?\).*\(round-trip\)`
			return mcp.NewToolResultText(res.Model), nil
		}
		return server.NewInputRequestBuilder("").
			Sample("haiku_drafts", mcp.CreateMessageParams{MaxTokens: 10}). // want `request "haiku_drafts" is never read from InputResponses in this package \(did you mean "haiku_draft"\?\).*\(round-trip\)`
			Roots("workspace").                                             // want `request "workspace" is never read from InputResponses in this package.*\(round-trip\)`
			ToolResult(), nil
	})
}

// A look-alike RequestSampling on a type that is not the SDK's.
type fakeServer struct{}

func (fakeServer) RequestSampling(ctx context.Context, r mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	return nil, nil
}

func lookalike(ctx context.Context, f fakeServer) string {
	res, err := f.RequestSampling(ctx, mcp.CreateMessageRequest{})
	if err != nil {
		return ""
	}
	return res.Model
}
