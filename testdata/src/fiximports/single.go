// Package fiximports checks where suggested fixes add an import: the
// fixes must leave the import declaration as gofmt and goimports would.
package fiximports

import "github.com/modelcontextprotocol/go-sdk/mcp"

var schema = map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}

// One import on its own: the fix turns it into a block, errors first.
func single(req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: schema}}}, nil
	}
	res := req.Params.InputResponses["name"].(*mcp.ElicitResult) // want `single-value type assertion req.Params.InputResponses\["name"\].\(\*mcp.ElicitResult\) panics.*\(round-trip\)`
	switch res.Action {
	case "accept", "decline", "cancel":
	}
	return nil, nil
}
