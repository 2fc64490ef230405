package capsgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A helper that takes the request, as a handler does, returns the answer
// when it is there and the question to return when it is not: called,
// never registered, it is judged at its calls, like askKeyed.

func answerOrAsk(req *mcp.CallToolRequest, key string, params *mcp.ElicitParams) (*mcp.ElicitResult, *mcp.CallToolResult) {
	if res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult); ok {
		return res, nil
	}
	return nil, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: params}}
}

func drainTested(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("draining needs a client that can ask")
	}
	res, ask := answerOrAsk(req, "drain", &mcp.ElicitParams{Message: "Drain?"})
	if ask != nil {
		return ask, nil, nil
	}
	return done(string(res.Action)), nil, nil
}

func evacuateUntested(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ask := answerOrAsk(req, "evacuate", &mcp.ElicitParams{Message: "Evacuate?"}) // want `elicitation request "evacuate" that answerOrAsk builds is sent from here without a test .*\(capabilities\)`
	if ask != nil {
		return ask, nil, nil
	}
	return done(string(res.Action)), nil, nil
}

// askingHandler is a near miss: a handler of the same shape that is
// registered is judged where it asks, as its own.
func askingHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); ok {
		return done("wiped"), nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?"}}}, nil // want `form elicitation request "wipe" is sent without a test .*\(capabilities\)`
}

func registerAsking(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "wipe"}, askingHandler)
	if false {
		_, _ = askingHandler(context.Background(), nil)
	}
}
