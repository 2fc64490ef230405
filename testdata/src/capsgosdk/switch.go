package capsgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bySwitch errors without elicitation, asks in url mode in the case that
// tests url mode, and asks a form in the default (issue 36 §2: reported
// falsely): each request is guarded for its mode.
func bySwitch(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["login"]; ok {
		return done("signed in"), nil, nil
	}
	caps := req.ClientCapabilities()
	switch {
	case caps == nil || caps.Elicitation == nil:
		return nil, nil, errors.New("this tool needs elicitation")
	case caps.Elicitation.URL != nil:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"login": &mcp.ElicitParams{Mode: "url", Message: "Sign in", URL: "https://example.com/login"},
		}}, nil, nil
	default:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"login": &mcp.ElicitParams{Message: "Your token?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}},
		}}, nil, nil
	}
}

// bySwitchNoURLCase sends url mode in the default, which a form-only
// client reaches: reported.
func bySwitchNoURLCase(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["login"]; ok {
		return done("signed in"), nil, nil
	}
	caps := req.ClientCapabilities()
	switch {
	case caps == nil || caps.Elicitation == nil:
		return nil, nil, errors.New("this tool needs elicitation")
	default:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"login": &mcp.ElicitParams{Mode: "url", Message: "Sign in", URL: "https://example.com/login"}, // want `url-mode elicitation request "login" is guarded by a test of elicitation that a client declaring only form mode passes .*\(capabilities\)`
		}}, nil, nil
	}
}
