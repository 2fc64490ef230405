// Package legacyform is the first Go port of our TypeScript "projects" MCP
// server. It still asks its questions with direct elicitation requests, so it
// stays on the protocols before 2026-07-28 until the round-trip port lands.
package legacyform

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Server is the process-wide MCP server (server.ts exported a singleton too).
var Server = mcp.NewServer(&mcp.Implementation{Name: "legacyform", Version: "0.4.0"}, &mcp.ServerOptions{
	// Our users' editors still speak 2025-11-25; direct requests work there.
	SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	InitializedHandler:        onInitialized,
})

// Session is the one client session of this stdio process, like the TS global.
var Session *mcp.ServerSession

// Config mirrors config.json of the TS server.
var Config = struct {
	AllowUnconfirmed bool
}{}

// Args is how the TS handlers saw their arguments.
type Args = map[string]interface{}

func onInitialized(ctx context.Context, req *mcp.InitializedRequest) {
	Session = req.Session
	log.Printf("client initialized")
}

// Serve registers the tools and serves over stdio.
func Serve(ctx context.Context) error {
	register()
	return Server.Run(ctx, &mcp.StdioTransport{})
}

func register() {
	mcp.AddTool(Server, &mcp.Tool{Name: "delete_project"}, deleteProjectTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "rename_project"}, renameProjectTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "reset_workspace"}, resetWorkspaceTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "wipe_logs"}, wipeLogsTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "connect_github"}, connectGitHubTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "link_slack"}, linkSlackTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "link_jira"}, linkJiraTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "signup"}, signupTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "ship_order"}, shipOrderTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "rate_session"}, rateSessionTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "feedback"}, feedbackTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "label_issue"}, labelIssueTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "announce_release"}, announceTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "connect_stripe"}, connectStripeTool)
	mcp.AddTool(Server, &mcp.Tool{Name: "close_account"}, closeAccountTool)
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func str(args Args, key string) string {
	s, _ := args[key].(string)
	return s
}
