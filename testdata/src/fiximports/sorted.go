package fiximports

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The standard library section: errors goes between context and fmt.
// Two fixes in one file add the same import (a driver merges the two
// identical edits).
func sorted(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: fmt.Sprint("Your name?"), RequestedSchema: schema}}}, nil
	}
	res := req.Params.InputResponses["name"].(*mcp.ElicitResult) // want `single-value type assertion req.Params.InputResponses\["name"\].\(\*mcp.ElicitResult\) panics.*\(round-trip\)`
	switch res.Action {
	case "accept", "decline", "cancel":
	}
	return nil, nil
}

func sortedToo(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: strings.TrimSpace("Your name?"), RequestedSchema: schema}}}, nil
	}
	res := req.Params.InputResponses["name"].(*mcp.ElicitResult) // want `single-value type assertion req.Params.InputResponses\["name"\].\(\*mcp.ElicitResult\) panics.*\(round-trip\)`
	switch res.Action {
	case "accept", "decline", "cancel":
	}
	return nil, nil
}
