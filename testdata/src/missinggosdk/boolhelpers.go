package missinggosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A helper that returns only whether the answer is there, tested where it
// is called (issue 36 §2: helpers that return a bool).

// has reports whether key was answered.
func has(req *mcp.CallToolRequest, key string) bool {
	_, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	return ok
}

// hasAny reports whether key was answered with anything at all.
func hasAny(req *mcp.CallToolRequest, key string) bool {
	return req.Params.InputResponses[key] != nil
}

// haltRollout asks on the first round only; a retry without the answer
// fails.
func haltRollout(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !has(req, "halt") {
		if req.Params.RequestState == "" {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"halt": &mcp.ElicitParams{Message: "Halt?"}}, RequestState: "asked"}, nil, nil
		}
		return nil, nil, errors.New("halt was not confirmed") // want `the call fails here when the answer to "halt" is missing.*\(round-trip\)`
	}
	res, _ := req.Params.InputResponses["halt"].(*mcp.ElicitResult)
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// haltRolloutAgain is its near miss: a missing answer always asks again.
func haltRolloutAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !has(req, "halt") {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"halt": &mcp.ElicitParams{Message: "Halt?"}}, RequestState: "asked"}, nil, nil
	}
	res, _ := req.Params.InputResponses["halt"].(*mcp.ElicitResult)
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// haltCases tests the helper in the cases of a switch with no tag.
func haltCases(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch {
	case !hasAny(req, "halt") && req.Params.RequestState == "":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"halt": &mcp.ElicitParams{Message: "Halt?"}}, RequestState: "asked"}, nil, nil
	case !hasAny(req, "halt"):
		return nil, nil, errors.New("no answer") // want `the call fails here when the answer to "halt" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, nil
}

// haltCasesLimit is its near miss: the first case's other term is a limit
// of the server's own.
func haltCasesLimit(ctx context.Context, req *mcp.CallToolRequest, rounds int) (*mcp.CallToolResult, any, error) {
	switch {
	case !hasAny(req, "halt") && rounds < 3:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"halt": &mcp.ElicitParams{Message: "Halt?"}}, RequestState: "asked"}, nil, nil
	case !hasAny(req, "halt"):
		return nil, nil, errors.New("asked three times")
	}
	return &mcp.CallToolResult{}, nil, nil
}

// haltAnswered goes on with the answer inside the if; after it, only a
// missing answer remains, and it fails once something else was answered.
func haltAnswered(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if has(req, "halt") {
		return &mcp.CallToolResult{}, nil, nil
	}
	if len(req.Params.InputResponses) > 0 {
		return nil, nil, errors.New("unexpected answers") // want `the call fails here when the answer to "halt" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"halt": &mcp.ElicitParams{Message: "Halt?"}}, RequestState: "asked"}, nil, nil
}

// haltOther is a near miss: the helper is called for another key than the
// one the failure follows.
func haltOther(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !has(req, "halt") {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"halt": &mcp.ElicitParams{Message: "Halt?"}}, RequestState: "asked"}, nil, nil
	}
	if !has(req, "elsewhere") { // want `answer "elsewhere" is never requested.*\(round-trip\)`
		return nil, nil, errors.New("needs an answer nobody asked for")
	}
	return &mcp.CallToolResult{}, nil, nil
}
