// Package gooauth connects third-party accounts (GitHub, Slack, Jira, ...)
// to the server through url-mode elicitation, in the round-trip style of
// protocol 2026-07-28, with go-sdk.
package gooauth

import (
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
	"example.com/ns26/urlflows/statecodec"
)

var (
	flows = flowstore.New()
	codec = statecodec.New([]byte(os.Getenv("URLFLOWS_STATE_KEY")))
)

// ConnectIn is the input of the connect tools.
type ConnectIn struct {
	Scope string `json:"scope,omitempty"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func userOf(req *mcp.CallToolRequest) string { return req.Session.ID() }

// canOpenURL reports whether the client of this very request declared
// url-mode elicitation.
func canOpenURL(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

// connectURL is the page that starts the OAuth dance for one flow.
func connectURL(provider, flowID string) string {
	return "https://connect.urlflows.example/" + provider + "/start?flow=" + flowID
}

// grantScope records the scope the user agreed to for a provider.
func grantScope(user, provider, scope string) error {
	id, ok := flows.Latest(user, provider)
	if !ok {
		return flowstore.ErrUnknownFlow
	}
	return flows.Complete(id, "scope:"+scope)
}

// Register adds the connect tools, prompts and resources to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "connect_github"}, connectGitHub)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_slack"}, connectSlackClaimsDone)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_drive"}, connectDriveFormGuard)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_jira"}, connectJiraNoCapTest)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_linear"}, connectLinearSessionCaps)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_service"}, chooseAndAuthorize)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_workspace"}, chooseWorkspaceFormTestOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_notion"}, connectNotionPlainState)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_gitlab"}, connectGitLabWaitingStateOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_bitbucket"}, connectBitbucketAskAgain)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_discord"}, connectDiscordPanics)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_dropbox"}, connectDropboxAnyAnswer)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_box"}, connectBoxMissingFails)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_asana"}, connectAsanaTypo)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_zoom"}, withURLElicitation(connectZoom))
	s.AddPrompt(&mcp.Prompt{Name: "onboarding"}, onboardingPrompt)
	s.AddResource(&mcp.Resource{URI: "urlflows://connections", Name: "connections"}, connectionsResource)
}
