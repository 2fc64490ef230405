package actionsmcpgo

import (
	"context"
	"errors"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The action compared after strings.ToLower or strings.TrimSpace, or with
// strings.EqualFold: still the action (the actions are lower case).

var nameReq = mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}}}

// foldSwitch names the three after ToLower: Content in the accept case is
// read on accept.
func foldSwitch(ctx context.Context, s *server.MCPServer) (string, error) {
	res, err := s.RequestElicitation(ctx, nameReq)
	if err != nil {
		return "", err
	}
	switch strings.ToLower(string(res.Action)) {
	case "accept":
		content, _ := res.Content.(map[string]any)
		name, _ := content["name"].(string)
		return name, nil
	case "decline":
		return "", errors.New("declined")
	case "cancel":
		return "", errors.New("cancelled")
	}
	return "", errors.New("unknown action")
}

// foldSwitchJoined sends decline and cancel to a default that goes on.
func foldSwitchJoined(ctx context.Context, s *server.MCPServer) (string, error) {
	res, err := s.RequestElicitation(ctx, nameReq)
	if err != nil {
		return "", err
	}
	switch strings.TrimSpace(string(res.Action)) { // want `only checked for "accept".*\(actions\)`
	case "accept":
		content, _ := res.Content.(map[string]any)
		name, _ := content["name"].(string)
		return name, nil
	default:
		return "anonymous", nil
	}
}

// equalFoldGate names the three with EqualFold in a returned bool.
func equalFoldGate(ctx context.Context, s *server.MCPServer) (bool, error) {
	res, err := s.RequestElicitation(ctx, nameReq)
	if err != nil {
		return false, err
	}
	if strings.EqualFold(string(res.Action), "decline") || strings.EqualFold(string(res.Action), "cancel") {
		return false, nil
	}
	return strings.EqualFold(string(res.Action), "accept"), nil
}

// equalFoldContentFirst reads Content before its one test, of accept.
func equalFoldContentFirst(ctx context.Context, s *server.MCPServer) (string, error) {
	res, err := s.RequestElicitation(ctx, nameReq)
	if err != nil {
		return "", err
	}
	content, _ := res.Content.(map[string]any)            // want `res.Content is read before the action is known to be "accept".*\(content\)`
	if !strings.EqualFold(string(res.Action), "accept") { // want `only checked for "accept".*\(actions\)`
		return "", errors.New("not confirmed")
	}
	name, _ := content["name"].(string)
	return name, nil
}
