package capsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Requests filed on a builder in a loop, sent by a return after a test;
// and a request made by a helper in a case that the earlier cases'
// falsity guards (issue 36 §2).

func canAsk(ctx context.Context) bool {
	caps := callerCaps(ctx)
	return caps != nil && caps.Elicitation != nil
}

func configure(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b := server.NewInputRequestBuilder("")
	missing := 0
	for _, f := range []string{"region", "size"} {
		if server.ElicitationResponse(req.Params.InputResponses, f) == nil {
			b.Elicit(f, form)
			missing++
		}
	}
	if missing > 0 {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("configuring needs a client that can ask"), nil
		}
		return b.ToolResult(), nil
	}
	return mcp.NewToolResultText("configured"), nil
}

// configureUntested: near miss, nothing tested before the builder is sent.
func configureUntested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b := server.NewInputRequestBuilder("")
	missing := 0
	for _, f := range []string{"region", "size"} {
		if server.ElicitationResponse(req.Params.InputResponses, f) == nil {
			b.Elicit(f, form) // want `elicitation request is sent without a test that the client declared elicitation.*\(capabilities\)`
			missing++
		}
	}
	if missing > 0 {
		return b.ToolResult(), nil
	}
	return mcp.NewToolResultText("configured"), nil
}

func askPause() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("pause", form).ToolResult()
}

// pause: `res == nil && !canAsk(ctx)` is false and `res == nil` holds, so
// canAsk(ctx) holds in the second case.
func pause(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "pause")
	switch {
	case res == nil && !canAsk(ctx):
		return mcp.NewToolResultError("pausing needs a client that can ask"), nil
	case res == nil:
		return askPause(), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

func askResume() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("resume", form).ToolResult() // want `elicitation request "resume" is sent without a test.*\(capabilities\)`
}

// resume: near miss, the second case does not hold `res == nil`, so the
// first case's falsity says nothing of canAsk.
func resume(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "resume")
	switch {
	case res == nil && !canAsk(ctx):
		return mcp.NewToolResultError("resuming needs a client that can ask"), nil
	case len(req.Params.InputResponses) == 0:
		return askResume(), nil
	}
	if res == nil {
		return mcp.NewToolResultError("no answer"), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("configure"), configure)
	s.AddTool(mcp.NewTool("configure-untested"), configureUntested)
	s.AddTool(mcp.NewTool("pause"), pause)
	s.AddTool(mcp.NewTool("resume"), resume)
}
