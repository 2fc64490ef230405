// Package kindsgosdk holds the round-trip check's cases for go-sdk's other
// server-initiated requests: sampling (CreateMessage,
// CreateMessageWithTools) and roots (ListRoots), which 2026-07-28 refuses
// like elicitation and deprecates (SEP-2577), and their answers.
package kindsgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Direct requests in tool handlers.

func summarise(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 10}) // want `ServerSession.CreateMessage fails with "cannot be sent while serving a request on protocol version 2026-07-28" on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default, and protocol 2026-07-28 deprecates sampling \(SEP-2577\): while it still works, return the request in the result's InputRequests and read the answer from InputResponses \(it arrives as \*mcp.CreateMessageWithToolsResult\), which works with old and new clients; in the long run, call the model provider's API from the server.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if tc, ok := res.Content.(*mcp.TextContent); ok {
		return text(tc.Text), nil, nil
	}
	return text("(no text)"), nil, nil
}

func withTools(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.CreateMessageWithTools(ctx, &mcp.CreateMessageWithToolsParams{MaxTokens: 10}) // want `ServerSession.CreateMessageWithTools fails .* deprecates sampling \(SEP-2577\).*\(round-trip\)`
	if err != nil {
		return nil, err
	}
	_ = res.Content[0].(*mcp.TextContent) // want `single-value type assertion res.Content\[0\].\(\*mcp.TextContent\) panics when the client's model answers with another type of content .*go-sdk does not recover handler panics.*\(round-trip\)`
	return text(res.Model), nil
}

func roots(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.ListRoots(ctx, nil) // want `ServerSession.ListRoots fails .* deprecates roots \(SEP-2577\): while it still works, return the request in the result's InputRequests and read the answer from InputResponses \(it arrives as \*mcp.ListRootsResult\), which works with old and new clients; in the long run, take paths from tool arguments, resource URIs or configuration.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return text(res.Roots[0].URI), nil, nil
}

// Ping is not refused.
func ping(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if err := req.Session.Ping(ctx, nil); err != nil {
		return nil, nil, err
	}
	return text("pong"), nil, nil
}

// Outside handlers: notification handlers have no result to return a
// request in.
var opts = &mcp.ServerOptions{
	InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
		req.Session.ListRoots(ctx, nil) // want `ServerSession.ListRoots fails .* on sessions that negotiate protocol 2026-07-28, .*, and protocol 2026-07-28 deprecates roots \(SEP-2577\): this function is not a tool, prompt or resource handler, so there is no result to return the request in; take paths from tool arguments, resource URIs or configuration.*\(round-trip\)`
	},
	RootsListChangedHandler: func(ctx context.Context, req *mcp.RootsListChangedRequest) {
		req.Session.ListRoots(ctx, &mcp.ListRootsParams{}) // want `ServerSession.ListRoots fails .*: this function is not a tool, prompt or resource handler.*\(round-trip\)`
	},
}

// A helper that samples names the handlers and middleware that reach it;
// its callers are not reported again.
func askModel(ctx context.Context, ss *mcp.ServerSession, prompt string) (string, error) {
	res, err := ss.CreateMessage(ctx, &mcp.CreateMessageParams{SystemPrompt: prompt}) // want `ServerSession.CreateMessage fails .*; reached from answer, the handler in middleware.*\(round-trip\)`
	if err != nil {
		return "", err
	}
	tc := res.Content.(*mcp.TextContent) // want `single-value type assertion res.Content.\(\*mcp.TextContent\) panics when the client's model answers with another type of content.*\(round-trip\)`
	return tc.Text, nil
}

func answer(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	s, err := askModel(ctx, req.Session, "answer")
	if err != nil {
		return nil, nil, err
	}
	return text(s), nil, nil
}

func middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if ss, ok := req.GetSession().(*mcp.ServerSession); ok {
			if _, err := askModel(ctx, ss, method); err != nil {
				return nil, errors.New("refused")
			}
		}
		return next(ctx, method, req)
	}
}

// The round trip: correct forms are silent.
func summariseRT(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["summary"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"summary": &mcp.CreateMessageParams{MaxTokens: 10},
			"folders": &mcp.ListRootsParams{},
		}}, nil, nil
	}
	rs, ok := req.Params.InputResponses["folders"].(*mcp.ListRootsResult)
	if !ok || len(rs.Roots) == 0 || len(res.Content) == 0 {
		return text("nothing"), nil, nil
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return text(tc.Text + rs.Roots[0].URI), nil, nil
	}
	return text("(no text)"), nil, nil
}

// Answers read as a type the SDK never delivers.
func summariseWrongType(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["draft"].(*mcp.CreateMessageResult) // want `req.Params.InputResponses\["draft"\].\(\*mcp.CreateMessageResult\) never succeeds: go-sdk delivers every sampling answer in InputResponses as \*mcp.CreateMessageWithToolsResult, on old and new protocols alike; assert \*mcp.CreateMessageWithToolsResult, or the handler takes the answer as missing and asks again on every call \(round-trip\)`
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"draft": &mcp.CreateMessageParams{MaxTokens: 10}}}, nil, nil
	}
	return text(res.Model), nil, nil
}

func summariseWrongKind(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["outline"].(*mcp.ElicitResult) // want `req.Params.InputResponses\["outline"\].\(\*mcp.ElicitResult\) never succeeds: "outline" is requested as sampling in this package, whose answer arrives as \*mcp.CreateMessageWithToolsResult, or the handler takes the answer as missing and asks again on every call \(round-trip\)`
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"outline": &mcp.CreateMessageWithToolsParams{MaxTokens: 10}}}, nil, nil
	}
	return text(res.Action), nil, nil
}

// Results: requests with content are rejected whatever the kind.
func both(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["cwd"].(*mcp.ListRootsResult); ok {
		return text("done"), nil, nil
	}
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"cwd": &mcp.ListRootsParams{}}, // want `result sets InputRequests together with Content: go-sdk answers it with error -32603.*\(round-trip\)`
		Content:       []mcp.Content{&mcp.TextContent{Text: "asking"}},
	}, nil, nil
}

// A look-alike CreateMessage on a type that is not the SDK's.
type llm struct{}

func (llm) CreateMessage(ctx context.Context, p *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
	return nil, nil
}

func lookalike(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := llm{}.CreateMessage(ctx, &mcp.CreateMessageParams{})
	if err != nil {
		return nil, nil, err
	}
	return text(res.Model), nil, nil
}
