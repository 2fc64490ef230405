package gooauth

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
)

// connectGitHub asks the user to sign in to GitHub out of band, and on the
// retry trusts only the callback's record of the flow.
func connectGitHub(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["github"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			if id, found := flows.Latest(user, "github"); found {
				if st, _ := flows.Status(id); st == flowstore.Done {
					return textResult("GitHub connected"), nil, nil
				}
			}
			// The user agreed to open the page, but the callback has not
			// arrived yet: ask again below.
		case "decline":
			return textResult("GitHub was not connected."), nil, nil
		case "cancel":
			return textResult("Connecting GitHub was cancelled."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("connecting GitHub needs a client that can open a URL")
	}
	id := flows.Begin("github", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"github": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to GitHub to connect your account",
		URL:           connectURL("github", id),
		ElicitationID: id,
	}}}, nil, nil
}

// connectSlackClaimsDone takes the url-mode accept for the end of the OAuth
// dance.
func connectSlackClaimsDone(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["slack"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return textResult("Slack connected successfully"), nil, nil
		case "decline":
			return textResult("Slack was not connected."), nil, nil
		case "cancel":
			return textResult("Connecting Slack was cancelled."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("connecting Slack needs a client that can open a URL")
	}
	id := flows.Begin("slack", userOf(req))
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"slack": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to Slack to connect your workspace",
		URL:           connectURL("slack", id),
		ElicitationID: id,
	}}}, nil, nil
}

// connectDriveFormGuard tests only that the client declared elicitation
// before a url-mode request: a client that declared forms only passes.
func connectDriveFormGuard(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["drive"].(*mcp.ElicitResult); ok {
		return finishConnect("drive", user, res)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("connecting Google Drive needs a client that can ask its user")
	}
	id := flows.Begin("drive", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"drive": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to Google to connect Drive",
		URL:           connectURL("drive", id),
		ElicitationID: id,
	}}}, nil, nil
}

// finishConnect handles the answer to a connect request from the flow's
// record, never from the accept alone.
func finishConnect(provider, user string, res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		id, ok := flows.Latest(user, provider)
		if !ok {
			return nil, nil, errors.New("no " + provider + " connection was started")
		}
		if st, _ := flows.Status(id); st != flowstore.Done {
			return textResult("Still waiting for " + provider + ": finish signing in, then call again"), nil, nil
		}
		return textResult(provider + " connected"), nil, nil
	case "decline":
		return textResult(provider + " was not connected."), nil, nil
	case "cancel":
		return textResult("Connecting " + provider + " was cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// connectJiraNoCapTest sends a url-mode request without any capability test.
func connectJiraNoCapTest(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["jira"].(*mcp.ElicitResult); ok {
		return finishConnect("jira", user, res)
	}
	id := flows.Begin("jira", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"jira": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to Atlassian to connect Jira",
		URL:           connectURL("jira", id),
		ElicitationID: id,
	}}}, nil, nil
}

// connectLinearSessionCaps tests the capabilities the session kept from
// initialize, not those this request declares.
func connectLinearSessionCaps(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["linear"].(*mcp.ElicitResult); ok {
		return finishConnect("linear", user, res)
	}
	caps := req.Session.InitializeParams().Capabilities
	if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("connecting Linear needs a client that can open a URL")
	}
	id := flows.Begin("linear", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"linear": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to Linear to connect your team",
		URL:           connectURL("linear", id),
		ElicitationID: id,
	}}}, nil, nil
}

// withURLElicitation refuses calls whose client did not declare url-mode
// elicitation before the wrapped handler runs.
func withURLElicitation(h mcp.ToolHandlerFor[ConnectIn, any]) mcp.ToolHandlerFor[ConnectIn, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("this tool needs a client that can open a URL")
		}
		return h(ctx, req, in)
	}
}

// connectZoom has no capability test of its own: it is registered only
// through withURLElicitation, which tests url mode before calling it.
func connectZoom(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["zoom"].(*mcp.ElicitResult); ok {
		return finishConnect("zoom", user, res)
	}
	id := flows.Begin("zoom", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"zoom": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to Zoom to connect your meetings",
		URL:           connectURL("zoom", id),
		ElicitationID: id,
	}}}, nil, nil
}
