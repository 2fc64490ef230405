package mglegacy

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// restartService leaves on each refusal, and restarts on what is left.
func restartService(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Restart " + service + "? Open connections are dropped.",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	if res.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText(service + " left running"), nil
	}
	if res.Action == mcp.ElicitationResponseActionCancel {
		return mcp.NewToolResultText("no answer; " + service + " left running"), nil
	}
	if err := hostCall(ctx, "restart", service); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("restarted " + service), nil
}

// reserveHandle asks for a handle and reserves it.
func reserveHandle(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Which handle should the new account get?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"handle": map[string]any{"type": "string", "title": "Handle", "maxLength": 30},
			},
			"required": []string{"handle"},
		},
	}})
	if err != nil {
		return nil, err
	}
	handleOf := func() string {
		m, _ := res.Content.(map[string]any)
		h, _ := m["handle"].(string)
		return h
	}
	if err := hostCall(ctx, "reserve_handle", handleOf()); err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("account created"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no account created"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}
