// Package mrtr checks multi round-trip elicitation (mcp-go v1.0.0+):
// server.NewInputRequestBuilder(...).Elicit(...), mcp.NewElicitationInputRequest,
// and server.ElicitationResponse on the retry.
package mrtr

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const approveKey = "approve"

var approveSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"approve": map[string]any{"type": "boolean", "description": "Proceed with the deploy"},
		"note":    map[string]any{"type": "string", "maxLength": 140},
	},
	"required": []string{"approve"},
}

// DeployOK asks on the first call and handles every action on the retry.
func DeployOK(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	env := request.GetString("environment", "staging")
	if answer := server.ElicitationResponse(request.Params.InputResponses, approveKey); answer != nil {
		switch answer.Action {
		case mcp.ElicitationResponseActionAccept:
			content, _ := answer.Content.(map[string]any)
			return mcp.NewToolResultText(fmt.Sprintf("deploying to %s (%v)", env, content["note"])), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("deploy declined"), nil
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("deploy cancelled"), nil
		}
		return mcp.NewToolResultError("unexpected answer"), nil
	}
	return server.NewInputRequestBuilder("env="+env).
		Elicit(approveKey, mcp.ElicitationParams{
			Mode:            mcp.ElicitationModeForm,
			Message:         fmt.Sprintf("Deploy to %s?", env),
			RequestedSchema: approveSchema,
		}).
		ToolResult(), nil
}

// DeployNoSchema builds a form-mode input request without a schema.
func DeployNoSchema(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return server.NewInputRequestBuilder("").
		Elicit(approveKey, mcp.ElicitationParams{ // want `form-mode elicitation has no RequestedSchema.*\(mode\)`
			Message: "Deploy now?",
		}).
		ToolResult(), nil
}

// DeployLowLevel uses mcp.NewElicitationInputRequest directly with a
// too-long message.
func DeployLowLevel(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := mcp.NewToolResultText("")
	res.ResultType = mcp.ResultTypeInputRequired
	res.InputRequests = mcp.InputRequests{
		approveKey: mcp.NewElicitationInputRequest(mcp.ElicitationParams{
			Message:         "This deploy will roll out the new build to all regions one after another, run the schema migrations on the primary database, and flush the edge caches, which briefly increases latency for users in every region.", // want `elicitation message is 2\d\d characters.*\(message\)`
			RequestedSchema: approveSchema,
		}),
	}
	return res, nil
}

// DeployAcceptOnly mirrors a common pattern: anything but accept is treated
// as a cancellation.
func DeployAcceptOnly(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if answer := server.ElicitationResponse(request.Params.InputResponses, approveKey); answer != nil {
		if answer.Action != mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
			return mcp.NewToolResultText("deploy cancelled"), nil
		}
		return mcp.NewToolResultText("deploying"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit(approveKey, mcp.ElicitationParams{Message: "Deploy now?", RequestedSchema: approveSchema}).
		ToolResult(), nil
}

// DeployContentFirst reads the note before looking at the action.
func DeployContentFirst(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer := server.ElicitationResponse(request.Params.InputResponses, approveKey)
	if answer == nil {
		return server.NewInputRequestBuilder("").
			Elicit(approveKey, mcp.ElicitationParams{Message: "Deploy now?", RequestedSchema: approveSchema}).
			ToolResult(), nil
	}
	content, _ := answer.Content.(map[string]any) // want `Content is read before the action is known to be "accept".*\(content\)`
	switch answer.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText(fmt.Sprintf("deploying: %v", content["note"])), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("deploy declined"), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("deploy cancelled"), nil
	}
	return mcp.NewToolResultError("unexpected answer"), nil
}

// Register wires the handlers into a server.
func Register(s *server.MCPServer) {
	env := mcp.WithString("environment", mcp.Required(), mcp.Description("Target environment"))
	s.AddTool(mcp.NewTool("deploy", mcp.WithDescription("Deploy the current build"), env), DeployOK)
	s.AddTool(mcp.NewTool("deploy_no_schema", env), DeployNoSchema)
	s.AddTool(mcp.NewTool("deploy_low_level", env), DeployLowLevel)
	s.AddTool(mcp.NewTool("deploy_accept_only", env), DeployAcceptOnly)
	s.AddTool(mcp.NewTool("deploy_content_first", env), DeployContentFirst)
}

// ConnectURL asks for an out-of-band step in the round trip. Without an
// ElicitationID, mcp-go's bridge fails the call of an older client: its
// direct request goes through Validate.
func ConnectURL(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(request.Params.InputResponses, "github") != nil {
		return mcp.NewToolResultText("connected"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("github", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Connect GitHub", URL: "https://example.com/connect"}). // want `url-mode elicitation has no ElicitationID: 2026-07-28 clients need none, but mcp-go's bridge sends this request to older clients as a direct request, which its Validate rejects, and the call fails.*\(mode\)`
		ToolResult(), nil
}
