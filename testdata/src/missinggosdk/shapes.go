package missinggosdk

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// More shapes of a missing answer that fails the call (issue 36 §2).

func accepted(raw mcp.InputResponse) bool {
	res, ok := raw.(*mcp.ElicitResult)
	return ok && res.Action == "accept"
}

// answeredSwitch: a comma-ok read, and a case of a tagless switch that
// fails when there is no answer.
func answeredSwitch(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}, RequestState: "asked"}, nil, nil
	}
	raw, answered := req.Params.InputResponses["confirm"]
	switch {
	case answered && accepted(raw):
		return &mcp.CallToolResult{}, nil, nil
	case !answered:
		return nil, nil, errors.New("no answer to confirm") // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, nil
}

// notNext: the test of the missing answer is not the statement right
// after the read.
func notNext(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	log.Printf("round with state %q", req.Params.RequestState)
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}, RequestState: "asked"}, nil, nil
	}
	if !ok {
		return &mcp.CallToolResult{IsError: true}, nil, nil // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// afterAnswered: the answered branch leaves; what follows runs only
// without the answer, and fails when the client answered something else,
// as go-sdk's conformance server does.
func afterAnswered(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok {
		return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
	}
	if len(req.Params.InputResponses) > 0 {
		return nil, nil, errors.New("unexpected input responses") // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
}

// asksWhenNone asks when nothing was answered, and fails when something
// else was.
func asksWhenNone(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok && len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
	}
	if !ok {
		return nil, nil, errors.New("answer confirm") // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// Near misses.

// afterAnsweredAsks: what follows the answered branch asks again.
func afterAnsweredAsks(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok {
		return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
}

// afterAnsweredLimit: what follows fails after a count of the server's
// own: a limit, not taken.
func afterAnsweredLimit(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok {
		return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
	}
	if len(req.Params.RequestState) > 3 {
		return nil, nil, errors.New("no answer after three rounds")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}, RequestState: req.Params.RequestState + "."}, nil, nil
}

// switchAsks: the case without an answer asks again.
func switchAsks(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	raw, answered := req.Params.InputResponses["confirm"]
	switch {
	case !answered:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
	case accepted(raw):
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, errors.New("declined")
}

// readAgain: the answer is read again before the test.
func readAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if req.Params.RequestState != "" {
		res, ok = &mcp.ElicitResult{Action: "accept"}, true
	}
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}
