package roundtripgosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A key read that no request uses, with a near miss.
func city(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["destinaton"].(*mcp.ElicitResult) // want `answer "destinaton" is never requested: no InputRequests key in this package is "destinaton" \(did you mean "destination"\?\).*\(round-trip\)`
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"destination": &mcp.ElicitParams{Message: "Where to?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}, // want `request "destination" is never read from InputResponses in this package \(did you mean "destinaton"\?\).*\(round-trip\)`
		}}, nil
	}
	return reply(res.Action), nil
}

// forever asks on every call and never looks at the answer.
func forever(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler returns InputRequests on every path and never reads InputResponses.*\(round-trip\)`
	if ctx == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name, please?", RequestedSchema: nameSchema}}}, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}, nil
}

// delegated asks and lets a helper read the answer: silent.
func delegated(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if name := answered(req); name != "" {
		return reply(name), nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}, nil
}

func answered(req *mcp.CallToolRequest) string {
	res, ok := req.Params.InputResponses["user_name"].(*mcp.ElicitResult)
	if !ok {
		return ""
	}
	switch res.Action {
	case "accept":
		if name, ok := res.Content["name"].(string); ok {
			return name
		}
		return "?"
	case "decline":
		return "-"
	case "cancel":
		return ""
	}
	return ""
}

// askOnly returns requests on every path but takes no request: it is a
// helper, not a handler, and the caller reads the answers. Silent.
func askOnly() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}
}
