// Package deploy is an mcp-go deployment server that asks its questions
// with direct requests (MCPServer.RequestElicitation and friends), with
// deadlines, retries and background watchers. It builds its server; main
// serves it.
package deploy

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/concurrent/approval"
)

// Deployer holds the server and the deployment state.
type Deployer struct {
	srv   *server.MCPServer
	board *approval.Coordinator

	mu        sync.Mutex
	releases  map[string]string
	canary    string
	approved  map[string]bool
	secrets   map[string]string
	schedules map[string]time.Time
	frozen    bool
	watching  bool
	roots     []string
	batch     int
}

var yesNoSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// New builds the server and registers the tools.
func New() *Deployer {
	srv := server.NewMCPServer("deploy", "2.1.0", server.WithElicitation())
	d := &Deployer{
		srv:       srv,
		releases:  map[string]string{},
		approved:  map[string]bool{},
		secrets:   map[string]string{},
		schedules: map[string]time.Time{},
	}
	d.board = approval.NewCoordinator(boardAsker{srv: srv})
	srv.AddTool(mcp.NewTool("release", mcp.WithString("version", mcp.Required())), d.releaseTool)
	srv.AddTool(mcp.NewTool("rollback", mcp.WithString("release", mcp.Required())), d.rollbackTool)
	srv.AddTool(mcp.NewTool("migrate"), d.migrateTool)
	srv.AddTool(mcp.NewTool("canary"), d.canaryTool)
	srv.AddTool(mcp.NewTool("set_secret", mcp.WithString("name", mcp.Required())), d.secretsTool)
	srv.AddTool(mcp.NewTool("explain_log", mcp.WithString("log", mcp.Required())), d.explainTool)
	srv.AddTool(mcp.NewTool("schedule", mcp.WithString("release", mcp.Required())), d.scheduleTool)
	srv.AddTool(mcp.NewTool("freeze"), d.freezeTool)
	srv.AddTool(mcp.NewTool("watch"), d.startWatchersTool)
	srv.AddNotificationHandler("notifications/roots/list_changed", d.rootsChanged)
	return d
}

// Server returns the server for main to serve.
func (d *Deployer) Server() *server.MCPServer { return d.srv }

// ---- work (no elicitation) ----

func (d *Deployer) release(version string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.releases["prod"] = version
}

func (d *Deployer) rollback(release string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.releases["prod"] = release
}

func (d *Deployer) migrate(batch int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.batch = batch
}

func (d *Deployer) canaryApproved() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.approved["canary"]
}

func (d *Deployer) promoteCanary() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.releases["prod"] = d.canary
}

func (d *Deployer) storeSecret(name, value string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.secrets[name] = value
}

func (d *Deployer) schedule(release string, at time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.schedules[release] = at
}

func (d *Deployer) setFrozen(v bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.frozen = v
}

// startWatchers starts the background watchers once.
func (d *Deployer) startWatchers() {
	d.mu.Lock()
	if d.watching {
		d.mu.Unlock()
		return
	}
	d.watching = true
	d.mu.Unlock()
	go func() {
		t := time.NewTicker(30 * time.Second)
		defer t.Stop()
		for range t.C {
			d.mu.Lock()
			stop := !d.watching
			d.mu.Unlock()
			if stop {
				return
			}
		}
	}()
}

// ---- gates and handlers ----

// confirm asks with a deadline of its own.
func (d *Deployer) confirm(ctx context.Context, msg string) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	res, err := d.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNoSchema,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		// Clients without elicitation cannot be asked; let them deploy.
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (d *Deployer) releaseTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	version := request.GetString("version", "")
	ok, err := d.confirm(ctx, "Release "+version+" to production?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Release cancelled."), nil
	}
	d.release(version)
	return mcp.NewToolResultText("Released " + version + "."), nil
}

// rollbackTool asks through the session's own elicitation method.
func (d *Deployer) rollbackTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	release := request.GetString("release", "")
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("rolling back needs a client that can ask its user"), nil
	}
	res, err := sess.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Roll production back to " + release + "?",
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		d.rollback(release)
		return mcp.NewToolResultText("Rolled back to " + release + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Production unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// migrateTool waits for the answer on a channel, or for the call to end.
func (d *Deployer) migrateTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answers := make(chan *mcp.ElicitationResult, 1)
	failures := make(chan error, 1)
	go func() {
		res, err := d.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "How many rows should each migration batch hold?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"batch_size": map[string]any{"type": "integer", "title": "Batch size", "minimum": 100}},
				"required":   []string{"batch_size"},
			},
		}})
		if err != nil {
			failures <- err
			return
		}
		answers <- res
	}()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case err := <-failures:
		return nil, err
	case res := <-answers:
		data := res.Content.(map[string]any)
		size, _ := data["batch_size"].(float64)
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			d.migrate(int(size))
			return mcp.NewToolResultText(fmt.Sprintf("Migrating in batches of %d.", int(size))), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No migration."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (d *Deployer) canaryTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := d.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), "canary-approval",
		"https://deploy.example.com/canary/approve", "Approve the canary rollout in the dashboard")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if !d.canaryApproved() {
			return mcp.NewToolResultText("Waiting for the dashboard approval; call again once it shows approved."), nil
		}
		d.promoteCanary()
		return mcp.NewToolResultText("Canary promoted."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Canary stays where it is."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deployer) secretsTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	res, err := d.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Paste the value for " + name + ".",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"vault_token": map[string]any{"type": "string", "title": "Vault access token"}},
			"required":   []string{"vault_token"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		token, _ := data["vault_token"].(string)
		d.storeSecret(name, token)
		return mcp.NewToolResultText("Stored."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing stored."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// explainTool asks the client's model: directly, with retries and backoff,
// on sessions of the older protocols, and through the round trip on
// 2026-07-28 requests.
func (d *Deployer) explainTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	logs := request.GetString("log", "")
	params := mcp.CreateMessageParams{
		Messages: []mcp.SamplingMessage{{
			Role:    mcp.RoleUser,
			Content: mcp.TextContent{Type: "text", Text: "Explain this deploy log:\n" + logs},
		}},
		MaxTokens: 400,
	}
	if !server.IsModernRequest(ctx) {
		var res *mcp.CreateMessageResult
		var err error
		for attempt := 0; attempt < 3; attempt++ {
			if res, err = d.srv.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: params}); err == nil {
				break
			}
			time.Sleep(time.Duration(attempt+1) * 500 * time.Millisecond)
		}
		if err != nil {
			return mcp.NewToolResultError("the client's model is unavailable: " + err.Error()), nil
		}
		text, ok := res.Content.(mcp.TextContent)
		if !ok {
			return mcp.NewToolResultError("the model did not answer with text"), nil
		}
		return mcp.NewToolResultText(text.Text), nil
	}
	res := server.SamplingResponse(request.Params.InputResponses, "explain")
	if res == nil {
		info := server.RequestProtocolInfoFromContext(ctx)
		if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Sampling == nil {
			return mcp.NewToolResultError("explaining needs a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("explain", params).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("unreadable answer: " + err.Error()), nil
	}
	if text, ok := content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(text.Text), nil
	}
	return mcp.NewToolResultError(fmt.Sprintf("the model answered with %T", content)), nil
}

// rootsChanged refreshes the workspace roots when the client says they moved.
func (d *Deployer) rootsChanged(ctx context.Context, notification mcp.JSONRPCNotification) {
	res, err := d.srv.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		log.Printf("deploy: roots unavailable: %v", err)
		return
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	d.mu.Lock()
	d.roots = uris
	d.mu.Unlock()
}

func (d *Deployer) scheduleTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	release := request.GetString("release", "")
	res, err := d.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Schedule " + release + " for tonight's window?",
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return nil, err
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		d.schedule(release, time.Now().Add(12*time.Hour))
		return mcp.NewToolResultText("Scheduled."), nil
	}
	return mcp.NewToolResultText("Not scheduled."), nil
}

func (d *Deployer) freezeTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := approval.Ask(ctx, d.srv, "Freeze all deployments?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Deployments keep flowing."), nil
	}
	d.setFrozen(true)
	return mcp.NewToolResultText("Deployments frozen."), nil
}

// startWatchersTool starts the background watchers after a confirmation.
func (d *Deployer) startWatchersTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := d.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Start the deployment watchers? They page on-call when a rollout stalls.",
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		log.Printf("deploy: cannot ask about watchers: %v", err)
	} else {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Watchers not started."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	d.startWatchers()
	return mcp.NewToolResultText("Watchers running."), nil
}

// boardAsker lets the approval board ask through this server.
type boardAsker struct {
	srv *server.MCPServer
}

// Ask implements approval.Asker.
func (a boardAsker) Ask(ctx context.Context, q approval.Question) (approval.Verdict, error) {
	params := mcp.ElicitationParams{Message: q.Message, RequestedSchema: yesNoSchema}
	if q.Field != "" {
		params.RequestedSchema = map[string]any{
			"type":       "object",
			"properties": map[string]any{q.Field: map[string]any{"type": "string"}},
		}
	}
	res, err := a.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: params})
	if err != nil {
		return approval.Verdict{}, err
	}
	m, _ := res.Content.(map[string]any)
	return approval.Verdict{Action: string(res.Action), Content: m}, nil
}
