package fixes

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

var p = &sdk.ElicitParams{Message: "Go ahead?"}

func missingCancel(ctx context.Context, ss *sdk.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return "", err
	}
	// The code after the switch is not cancel's alone: accept reaches it
	// too.
	out := ""
	switch res.Action { // want `not handled for "cancel".*\(actions\)`
	case "accept":
		out = "ok"
	case "decline":
		return "", errors.New("declined")
	}
	return out, nil
}

func noResults(ctx context.Context, ss *sdk.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action { // want `only checked for "accept".*\(actions\)`
	case "accept":
	}
}

var req = mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "m", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}

func mcpgo(ctx context.Context, s *server.MCPServer) (*mcp.CallToolResult, error) {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return nil, err
	}
	switch res.Action { // want `only checked for "accept".*\(actions\)`
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("done"), nil
	default:
		return nil, nil
	}
}

// No safe body: the function returns a bool, so no fix.
func confirm(ctx context.Context, ss *sdk.ServerSession) bool {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action { // want `only checked for "accept".*\(actions\)`
	case "accept":
		return true
	}
	return false
}
