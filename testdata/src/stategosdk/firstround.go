package stategosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var sourceParams = &mcp.ElicitParams{Message: "Which source?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"source": map[string]any{"type": "string"}}}}

// migrateSource's case "" only asks, and its other case reads only that
// answer: the state says no more than that the question was asked, and
// a forged one finds no answer and asks again. Silent.
func migrateSource(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState {
	case "":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"source": sourceParams}, RequestState: "asked"}, nil, nil
	case "asked":
		res, ok := req.Params.InputResponses["source"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"source": sourceParams}, RequestState: "asked"}, nil, nil
		}
		switch res.Action {
		case "accept":
			src, _ := res.Content["source"].(string)
			return done("migrating from " + src), nil, nil
		case "decline", "cancel":
			return done("not migrated"), nil, nil
		}
	}
	return nil, nil, errors.New("unknown state")
}

// surveySkip's second round reads an answer that case "" asks only after
// reading the first: a forged state skips the first question. Reported.
func surveySkip(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState { // want `RequestState decides what the tool does through a switch on its value.*\(request-state\)`
	case "":
		res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: confirm("Share your data?")}, nil, nil
		}
		if res.Action != "accept" {
			return done("nothing shared"), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"source": sourceParams}, RequestState: "consented"}, nil, nil
	case "consented":
		if _, ok := req.Params.InputResponses["source"].(*mcp.ElicitResult); !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"source": sourceParams}, RequestState: "consented"}, nil, nil
		}
		return done("shared"), nil, nil
	}
	return nil, nil, errors.New("unknown state")
}

// approvedState's other case does its work without reading an answer: a
// forged state goes ahead unasked. Reported.
func approvedState(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState { // want `RequestState decides what the tool does through a switch on its value.*\(request-state\)`
	case "":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"source": sourceParams}, RequestState: "approved"}, nil, nil
	case "approved":
		return done("migrated"), nil, nil
	}
	return nil, nil, errors.New("unknown state")
}
