// Package legacy is the old admin server, kept on protocol 2025-11-25 while
// its clients migrate: its tools still ask with direct requests.
package legacy

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const dataDir = "/var/lib/layered/users"

// UserIn is the input of the legacy tools.
type UserIn struct {
	User string `json:"user"`
}

// NewServer builds the legacy server, pinned to the older protocols.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "layered-legacy", Version: "1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "reset_user"}, confirmReset)
	mcp.AddTool(s, &mcp.Tool{Name: "force_reset_user"}, forceReset)
	mcp.AddTool(s, &mcp.Tool{Name: "verify_user"}, verifyUser)
	return s
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func confirmReset(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Reset " + in.User + "?", RequestedSchema: yesNo})
	if err != nil {
		return nil, nil, fmt.Errorf("reset: %w", err)
	}
	switch res.Action {
	case "accept":
		if err := os.RemoveAll(filepath.Join(dataDir, in.User)); err != nil {
			return nil, nil, err
		}
		return text("Reset."), nil, nil
	case "decline", "cancel":
		return text("Kept."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func forceReset(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Force a reset of " + in.User + "?", RequestedSchema: yesNo})
	if err != nil {
		log.Printf("cannot ask, resetting anyway: %v", err)
	} else {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return text("Kept."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := os.RemoveAll(filepath.Join(dataDir, in.User)); err != nil {
		return nil, nil, err
	}
	return text("Reset."), nil, nil
}

func verifyUser(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Enter the code we sent to " + in.User,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"verificationCode": map[string]any{"type": "string", "title": "Verification code"},
			},
			"required": []string{"verificationCode"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		code, _ := res.Content["verificationCode"].(string)
		return text(fmt.Sprintf("Checking code of %d digits.", len(code))), nil, nil
	case "decline", "cancel":
		return text("Not verified."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
