package missinggosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// More shapes (issue 36 §2): a read in a switch's init; a branch that
// asks only on the first round and fails after; a helper's sentinel.

// rotate reads the answer in the switch's init.
func rotate(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	answers := req.Params.InputResponses
	switch res, ok := answers["rotate"].(*mcp.ElicitResult); {
	case len(answers) == 0:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rotate": &mcp.ElicitParams{Message: "Rotate?"}}}, nil, nil
	case !ok:
		return nil, nil, errors.New("no answer to rotate") // want `the call fails here when the answer to "rotate" is missing.*\(round-trip\)`
	default:
		return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
	}
}

// archive asks only on the first round, inside the missing answer's
// branch, and fails a retry.
func archive(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["archive"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState == "" {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"archive": &mcp.ElicitParams{Message: "Archive?"}}, RequestState: "asked"}, nil, nil
		}
		return &mcp.CallToolResult{IsError: true}, nil, nil // want `the call fails here when the answer to "archive" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// archiveCapable: near miss, inside the branch it asks when the client
// can be asked, and fails only when it cannot.
func archiveCapable(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["archive"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"archive": &mcp.ElicitParams{Message: "Archive?"}}}, nil, nil
		}
		return &mcp.CallToolResult{IsError: true}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// errNoAnswer is what answerOrErr returns when the answer is missing.
var errNoAnswer = errors.New("no answer")

// answerOrErr returns the answer to key; errNoAnswer (wrapped) when there
// is none, and another error for an answer it cannot use.
func answerOrErr(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, error) {
	raw, ok := req.Params.InputResponses[key]
	if !ok {
		return nil, fmt.Errorf("%w to %q", errNoAnswer, key)
	}
	res, ok := raw.(*mcp.ElicitResult)
	if !ok {
		return nil, errors.New("not an elicitation result")
	}
	return res, nil
}

// compact: near miss, it asks on the helper's sentinel; its other
// errors are of answers it cannot use.
func compact(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := answerOrErr(req, "compact")
	if errors.Is(err, errNoAnswer) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"compact": &mcp.ElicitParams{Message: "Compact?"}}}, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// transfer asks on the sentinel only when nothing was answered, and
// fails on it otherwise.
func transfer(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := answerOrErr(req, "transfer")
	switch {
	case errors.Is(err, errNoAnswer) && len(req.Params.InputResponses) == 0:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"transfer": &mcp.ElicitParams{Message: "Transfer?"}}}, nil, nil
	case errors.Is(err, errNoAnswer):
		return nil, nil, errors.New("transfer not confirmed") // want `the call fails here when the answer to "transfer" is missing.*\(round-trip\)`
	case err != nil:
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}
