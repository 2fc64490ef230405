package missinggosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A tagless switch after the read whose first case asks only on the
// first round (a test of the state) and whose next fails a retry; and a
// branch for the answer that always leaves through a switch with a
// default, after which a missing answer fails the call.

// rotateKeys asks while the state is empty; a retry without the answer
// fails.
func rotateKeys(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rotate_keys"].(*mcp.ElicitResult)
	switch {
	case !ok && req.Params.RequestState == "":
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rotate_keys": &mcp.ElicitParams{Message: "Rotate the keys?"}}, RequestState: "asked"}, nil, nil
	case !ok:
		return nil, nil, errors.New("no confirmation came back") // want `the call fails here when the answer to "rotate_keys" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// rotateKeysLimit is its near miss: the first case's other term is a
// limit of the server's own (a count of rounds), so the failure after it
// is the server's choice.
func rotateKeysLimit(ctx context.Context, req *mcp.CallToolRequest, rounds int) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rotate_keys"].(*mcp.ElicitResult)
	switch {
	case !ok && rounds < 3:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rotate_keys": &mcp.ElicitParams{Message: "Rotate the keys?"}}}, nil, nil
	case !ok:
		return nil, nil, errors.New("asked three times")
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgeCache handles the answer in a switch that always leaves, then
// fails when something else was answered.
func purgeCache(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return &mcp.CallToolResult{}, nil, nil
		case "decline", "cancel":
			return &mcp.CallToolResult{}, nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	}
	if len(req.Params.InputResponses) > 0 {
		return nil, nil, errors.New("unexpected input responses") // want `the call fails here when the answer to "purge" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"purge": &mcp.ElicitParams{Message: "Purge?"}}}, nil, nil
}

// purgeCacheBreak: a break leaves the switch, so the branch does not
// always leave, and what follows is not only the missing answer's; the
// missing answer still reaches the failure on its own path.
func purgeCacheBreak(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			if req.Params.Name == "dry" {
				break
			}
			return &mcp.CallToolResult{}, nil, nil
		case "decline", "cancel":
			return &mcp.CallToolResult{}, nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	}
	if len(req.Params.InputResponses) > 0 {
		return nil, nil, errors.New("unexpected input responses") // want `the call fails here when the answer to "purge" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"purge": &mcp.ElicitParams{Message: "Purge?"}}}, nil, nil
}
