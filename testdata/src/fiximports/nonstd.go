package fiximports

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Only imports from outside the standard library: errors gets a section
// of its own, first.
func nonStd(req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: schema}}}, nil
	}
	res := req.Params.InputResponses["name"].(*mcp.ElicitResult) // want `single-value type assertion req.Params.InputResponses\["name"\].\(\*mcp.ElicitResult\) panics.*\(round-trip\)`
	switch res.Action {
	case "accept", "decline", "cancel":
	}
	return nil, nil
}
