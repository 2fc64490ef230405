// Package missinggosdk holds the round-trip check's fixtures for answers
// that go missing (go-sdk): a handler that fails the call where it could
// ask again.
package missinggosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ask() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}
}

// failsOnRetry asks on the first call, and fails a retry without the
// answer.
func failsOnRetry(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}, RequestState: "asked"}, nil, nil
	}
	res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok {
		return nil, nil, errors.New("missing confirmation") // want `the call fails here when the answer to "confirm" is missing, though the handler asks for it: .* return the request for "confirm" again \(round-trip\)`
	}
	if res.Action != "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// toolError fails with a tool error in an if with the read as its init.
func toolError(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
	}
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); !ok || res == nil {
		return &mcp.CallToolResult{IsError: true}, nil, nil // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	} else if res.Action == "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// asksAgain returns the request again: right.
func asksAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, fmt.Errorf("action %s", res.Action)
}

// declined fails on a refusal, not on a missing answer: right.
func declined(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	if !ok {
		return ask(), nil, nil
	}
	if res.Action != "accept" {
		return nil, nil, errors.New("declined")
	}
	return &mcp.CallToolResult{}, nil, nil
}

// elsewhere reads an answer another handler asks for: it cannot ask
// again itself.
func elsewhere(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); !ok {
		return nil, nil, errors.New("confirm first")
	}
	return &mcp.CallToolResult{}, nil, nil
}

// someAnswered fails when the client answered something but not this, as
// the concordance copy of go-sdk's conformance server does.
func someAnswered(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["confirm"]; !ok && len(req.Params.InputResponses) > 0 {
		return nil, nil, errors.New("missing input response confirm") // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok && res.Action == "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
}

// gaveUp fails after the third round without the answer: a limit of the
// server's own (a count it keeps in the state), not taken as a missing
// answer.
func gaveUp(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	rounds := len(req.Params.RequestState)
	if _, ok := req.Params.InputResponses["confirm"]; !ok && rounds > 3 {
		return nil, nil, errors.New("no answer after three rounds")
	}
	if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); ok && res.Action == "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}, RequestState: req.Params.RequestState + "."}, nil, nil
}
