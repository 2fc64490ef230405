// Package wizard is the mcp-go port of the TypeScript "tickets" server. It
// still asks with direct elicitation requests through the fluent Wizard
// helper, the way the TS code did, except where the round-trip port has begun.
package wizard

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// srv is the process-wide server, like `export const server = new McpServer(...)`.
var srv = server.NewMCPServer("wizard", "0.3.0", server.WithElicitation(), server.WithToolCapabilities(false))

func init() {
	srv.AddTool(mcp.NewTool("create_ticket", mcp.WithString("project")), createTicket)
	srv.AddTool(mcp.NewTool("close_ticket", mcp.WithString("id")), closeTicket)
	srv.AddTool(mcp.NewTool("merge_branches", mcp.WithString("source")), mergeBranches)
	srv.AddTool(mcp.NewTool("lock_repo", mcp.WithString("repo")), lockRepo)
	srv.AddTool(mcp.NewTool("open_billing"), openBilling)
	srv.AddTool(mcp.NewTool("archive_repo", mcp.WithString("repo")), archiveRepo)
	srv.AddTool(mcp.NewTool("rename_label", mcp.WithString("label")), renameLabel)
	srv.AddTool(mcp.NewTool("unlock_repo", mcp.WithString("repo")), unlockRepo)
	srv.AddTool(mcp.NewTool("deploy_service", mcp.WithString("service")), deployService)
	srv.AddTool(mcp.NewTool("set_nickname", mcp.WithString("user")), setNickname)
}

// Serve serves over stdio.
func Serve() error {
	return server.ServeStdio(srv)
}

var yesNo = map[string]interface{}{"type": "object", "properties": map[string]interface{}{}}

var errNotAccepted = errors.New("not accepted")

// Wizard is the TS class: new Wizard(ctx).say("...").text("title", "Title").ask()
type Wizard struct {
	ctx      context.Context
	message  string
	fields   map[string]interface{}
	required []string
}

// NewWizard starts a question for the request in ctx.
func NewWizard(ctx context.Context) *Wizard {
	return &Wizard{ctx: ctx, fields: map[string]interface{}{}, required: []string{}}
}

// Say sets the message.
func (w *Wizard) Say(message string) *Wizard {
	w.message = message
	return w
}

// Text adds a free-text field.
func (w *Wizard) Text(name, title string, required bool) *Wizard {
	w.fields[name] = map[string]interface{}{"type": "string", "title": title}
	if required {
		w.required = append(w.required, name)
	}
	return w
}

// Ask sends the question and waits for the answer.
func (w *Wizard) Ask() (*mcp.ElicitationResult, error) {
	return srv.RequestElicitation(w.ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         w.message,
		RequestedSchema: map[string]interface{}{"type": "object", "properties": w.fields, "required": w.required},
	}})
}

// mustAccept is how the TS code did it: throw unless the user said yes, and let
// the tool wrapper turn the exception into a message.
func mustAccept(res *mcp.ElicitationResult) {
	if res.Action != mcp.ElicitationResponseActionAccept {
		panic(errNotAccepted)
	}
}

// canElicit is supportsElicitation(ctx) from helpers.ts.
func canElicit(ctx context.Context) bool {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities.Elicitation != nil
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return caps.Elicitation != nil
	}
	return false
}
