// Package mrtr checks multi round-trip elicitation (go-sdk v1.7.0+): the
// ElicitParams placed in CallToolResult.InputRequests and the answer read
// back from req.Params.InputResponses on the retry.
package mrtr

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DeployIn struct {
	Env string `json:"env"`
}

var approveSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"approve": map[string]any{"type": "boolean", "description": "Proceed with the deploy"},
		"note":    map[string]any{"type": "string", "maxLength": 140},
	},
	"required": []string{"approve"},
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// DeployOK asks on the first call and handles every action on the retry.
func DeployOK(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	answer, ok := req.Params.InputResponses["approve"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{
				"approve": &mcp.ElicitParams{
					Mode:            "form",
					Message:         fmt.Sprintf("Deploy to %s?", in.Env),
					RequestedSchema: approveSchema,
				},
			},
			RequestState: "env=" + in.Env,
		}, nil, nil
	}
	switch answer.Action {
	case "accept":
		note, _ := answer.Content["note"].(string)
		return text("deploying to " + in.Env + " " + note), nil, nil
	case "decline":
		return text("deploy declined"), nil, nil
	case "cancel":
		return text("deploy cancelled"), nil, nil
	}
	return text("unexpected answer"), nil, nil
}

// DeployLongMessage puts a too-long prompt in the input request.
func DeployLongMessage(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{
			"approve": &mcp.ElicitParams{
				Message:         "This deploy will roll out the new build to all regions one after another, run the schema migrations on the primary database, and flush the edge caches, which briefly increases latency for users in every region.", // want `elicitation message is 2\d\d characters.*\(message\)`
				RequestedSchema: approveSchema,
			},
		},
	}, nil, nil
}

// DeployAcceptOnly only distinguishes accept from everything else.
func DeployAcceptOnly(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	answer, ok := req.Params.InputResponses["approve"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{
				"approve": &mcp.ElicitParams{Message: "Deploy now?", RequestedSchema: approveSchema},
			},
		}, nil, nil
	}
	if answer.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return text("deploy cancelled"), nil, nil
	}
	return text("deploying"), nil, nil
}

// DeployContentFirst reads the note before looking at the action.
func DeployContentFirst(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	answer, ok := req.Params.InputResponses["approve"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{
				"approve": &mcp.ElicitParams{Message: "Deploy now?", RequestedSchema: approveSchema},
			},
		}, nil, nil
	}
	note, _ := answer.Content["note"].(string) // want `Content is read before the action is known to be "accept".*\(content\)`
	switch answer.Action {
	case "accept":
		return text("deploying: " + note), nil, nil
	case "decline":
		return text("deploy declined"), nil, nil
	case "cancel":
		return text("deploy cancelled"), nil, nil
	}
	return text("unexpected answer"), nil, nil
}

// Register wires the handlers into a server.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "deploy", Description: "Deploy the current build"}, DeployOK)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_long", Description: "Deploy (long prompt)"}, DeployLongMessage)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_accept_only", Description: "Deploy (accept only)"}, DeployAcceptOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_content_first", Description: "Deploy (content first)"}, DeployContentFirst)
}

// ConnectURL asks for an out-of-band step in the round trip. Without an
// ElicitationID, go-sdk's bridge sends the request to an older client
// with no ID to match the completion notification by.
func ConnectURL(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["github"].(*mcp.ElicitResult); ok {
		return text("connected"), nil, nil
	}
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{
			"github": &mcp.ElicitParams{Mode: "url", Message: "Connect GitHub", URL: "https://example.com/connect"}, // want `url-mode elicitation has no ElicitationID: 2026-07-28 clients need none, but go-sdk's bridge sends this request to older clients.*\(mode\)`
		},
	}, nil, nil
}
