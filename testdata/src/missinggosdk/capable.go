package missinggosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Asking only when the client can be asked (issue 36 §2): a missing
// answer that goes past the branch that asks does so because the client
// cannot be asked, and the failure there is the server's choice.

// askIfCapable: flat, the capability in the branch that asks.
func askIfCapable(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["seal"].(*mcp.ElicitResult)
	caps := req.ClientCapabilities()
	if !ok && caps != nil && caps.Elicitation != nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"seal": &mcp.ElicitParams{Message: "Seal?"}}}, nil, nil
	}
	if !ok {
		return nil, nil, errors.New("sealing needs a client that can ask")
	}
	if res.Action != "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// askIfCapableSwitch: the same as the cases of a tagless switch.
func askIfCapableSwitch(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["seal"].(*mcp.ElicitResult)
	switch {
	case !ok && canAsk(req):
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"seal": &mcp.ElicitParams{Message: "Seal?"}}}, nil, nil
	case !ok:
		return nil, nil, errors.New("sealing needs a client that can ask")
	}
	if res.Action != "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func canAsk(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// askIfNothing: near miss. The other term reads only the request's
// answers (nothing answered yet): a retry that answers something else
// still fails without this answer.
func askIfNothing(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["seal"].(*mcp.ElicitResult)
	if !ok && len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"seal": &mcp.ElicitParams{Message: "Seal?"}}}, nil, nil
	}
	if !ok {
		return nil, nil, errors.New("no answer to seal") // want `the call fails here when the answer to "seal" is missing.*\(round-trip\)`
	}
	if res.Action != "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}
