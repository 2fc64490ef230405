// Package legacyops is a database operations server that stays on the
// protocols before 2026-07-28: its only server is pinned to 2025-11-25 and
// 2025-06-18 and served over stdio, so its direct requests keep working.
// State changes go through a mutex-guarded state machine.
package legacyops

import (
	"context"
	"crypto/rand"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type opState int

const (
	stateIdle opState = iota
	stateAsking
	stateMaintenance
)

// Ops is the operations state shared by every tool.
type Ops struct {
	mu        sync.Mutex
	state     opState
	primary   string
	names     map[string]string
	linked    map[string]bool
	snapshots map[string]int
	dbSecret  string
	until     time.Time
	queue     []string
}

type replicaIn struct {
	Replica string `json:"replica"`
}

type windowIn struct {
	Minutes int `json:"minutes"`
}

type renameIn struct {
	Old string `json:"old"`
}

type snapshotIn struct {
	Name string `json:"name"`
}

type purgeIn struct {
	Before string `json:"before"`
}

type tagIn struct {
	Tag string `json:"tag"`
}

var yesNoSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// NewOps makes the shared state.
func NewOps() *Ops {
	return &Ops{names: map[string]string{}, linked: map[string]bool{}, snapshots: map[string]int{}}
}

// Serve builds the pinned server and serves it over stdio.
func Serve(ctx context.Context, o *Ops) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "legacyops", Version: "0.3.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "failover", Description: "Promote a replica"}, o.failoverTool)
	mcp.AddTool(s, &mcp.Tool{Name: "maintenance", Description: "Enter maintenance"}, o.maintenanceTool)
	mcp.AddTool(s, &mcp.Tool{Name: "rename", Description: "Rename a database"}, o.renameTool)
	mcp.AddTool(s, &mcp.Tool{Name: "snapshot", Description: "Take a snapshot"}, o.snapshotTool)
	mcp.AddTool(s, &mcp.Tool{Name: "credentials", Description: "Set database credentials"}, o.credentialsTool)
	mcp.AddTool(s, &mcp.Tool{Name: "drain_queue", Description: "Drain the job queue"}, o.drainQueueTool)
	mcp.AddTool(s, &mcp.Tool{Name: "bulk_tag", Description: "Tag every replica"}, o.bulkTagTool)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_pager", Description: "Link the paging account"}, o.connectTool)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_snapshots", Description: "Purge old snapshots"}, o.purgeSnapshotsTool)
	mcp.AddTool(s, &mcp.Tool{Name: "archive", Description: "Archive a snapshot"}, o.archiveTool)
	return s.Run(ctx, &mcp.StdioTransport{})
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// ---- state machine (no elicitation) ----

func (o *Ops) setState(s opState) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.state = s
}

func (o *Ops) enterMaintenance(minutes int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.state = stateMaintenance
	o.until = time.Now().Add(time.Duration(minutes) * time.Minute)
}

func (o *Ops) promote(replica string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.primary = replica
}

func (o *Ops) rename(old, name string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.names[old] = name
}

func (o *Ops) snapshot(name string, days int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.snapshots[name] = days
}

func (o *Ops) setDBSecret(secret string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.dbSecret = secret
}

func (o *Ops) drainQueue() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.queue = nil
}

func (o *Ops) tagAll(tag string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for k := range o.snapshots {
		o.names[k] = tag
	}
}

func (o *Ops) purgeSnapshots(before string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.snapshots, before)
}

func (o *Ops) archive(name string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.names[name] = "archived"
}

// ---- gates and handlers ----

// confirm asks a yes-or-no question and fails closed.
func confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (o *Ops) failoverTool(ctx context.Context, req *mcp.CallToolRequest, in replicaIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirm(ctx, req.Session, "Promote "+in.Replica+" to primary?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Primary unchanged."), nil, nil
	}
	o.promote(in.Replica)
	return textResult(in.Replica + " is the new primary."), nil, nil
}

func (o *Ops) maintenanceTool(ctx context.Context, req *mcp.CallToolRequest, in windowIn) (*mcp.CallToolResult, any, error) {
	o.mu.Lock()
	if o.state != stateIdle {
		o.mu.Unlock()
		return textResult("Another operation is in progress."), nil, nil
	}
	o.state = stateAsking
	o.mu.Unlock()

	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("Enter maintenance for %d minutes?", in.Minutes),
		RequestedSchema: yesNoSchema,
	})
	if err != nil {
		log.Printf("legacyops: cannot ask about maintenance: %v", err)
	} else if res.Action != "accept" {
		o.setState(stateIdle)
		return textResult("Maintenance skipped."), nil, nil
	}
	o.enterMaintenance(in.Minutes)
	announceMaintenance(ctx, req.Session, in.Minutes)
	return textResult("Maintenance started."), nil, nil
}

// announceMaintenance shows the user a notice; nobody waits for the answer.
func announceMaintenance(ctx context.Context, ss *mcp.ServerSession, minutes int) {
	if _, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("The database is in maintenance for %d minutes.", minutes),
		RequestedSchema: yesNoSchema,
	}); err != nil {
		log.Printf("legacyops: notice not shown: %v", err)
	}
}

// renameTool waits for the answer on a channel, with its own deadline.
func (o *Ops) renameTool(ctx context.Context, req *mcp.CallToolRequest, in renameIn) (*mcp.CallToolResult, any, error) {
	type reply struct {
		res *mcp.ElicitResult
		err error
	}
	ch := make(chan reply, 1)
	go func() {
		r, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "What should " + in.Old + " be renamed to?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"name": map[string]any{"type": "string", "title": "New name"}},
				"required":   []string{"name"},
			},
		})
		ch <- reply{res: r, err: err}
	}()
	var rp reply
	select {
	case rp = <-ch:
	case <-time.After(2 * time.Minute):
		return textResult("No answer in time; nothing renamed."), nil, nil
	}
	if rp.err != nil {
		return nil, nil, rp.err
	}
	newName, _ := rp.res.Content["name"].(string)
	switch rp.res.Action {
	case "accept":
		o.rename(in.Old, newName)
		return textResult(in.Old + " renamed to " + newName), nil, nil
	case "decline", "cancel":
		return textResult("Nothing renamed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", rp.res.Action)
}

func (o *Ops) snapshotTool(ctx context.Context, req *mcp.CallToolRequest, in snapshotIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How many days should snapshot " + in.Name + " be kept?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"retain_days": map[string]any{"type": "integer", "title": "Days to keep", "minimum": 1, "maximum": 365},
			},
			"required": []string{"retain_days"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		days := res.Content["retain_days"].(int)
		o.snapshot(in.Name, days)
		return textResult(fmt.Sprintf("Snapshot kept for %d days.", days)), nil, nil
	case "decline", "cancel":
		return textResult("No snapshot taken."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (o *Ops) credentialsTool(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Enter the credentials of the reporting database.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"db_user":     map[string]any{"type": "string", "title": "Database user"},
				"db_password": map[string]any{"type": "string", "title": "Database password"},
			},
			"required": []string{"db_user", "db_password"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		user, _ := res.Content["db_user"].(string)
		secret, _ := res.Content["db_password"].(string)
		o.setDBSecret(user + ":" + secret)
		return textResult("Credentials stored."), nil, nil
	case "decline", "cancel":
		return textResult("Credentials unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (o *Ops) drainQueueTool(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop every queued job?", RequestedSchema: yesNoSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		o.drainQueue()
		return textResult("Queue drained."), nil, nil
	case "decline":
		return textResult("Queue kept."), nil, nil
	default:
		return textResult("No answer; queue kept."), nil, nil
	}
}

func (o *Ops) bulkTagTool(ctx context.Context, req *mcp.CallToolRequest, in tagIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: fmt.Sprintf("You are about to apply the tag %q to every replica in the cluster. "+
			"Tagging restarts the replication agents one at a time, which can take several minutes per replica "+
			"and briefly raises replication lag on busy primaries. Continue?", in.Tag),
		RequestedSchema: yesNoSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		o.tagAll(in.Tag)
		return textResult("Replicas tagged."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing tagged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (o *Ops) connectTool(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your paging account",
		URL:           "https://oncall.example.com/link?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("Paging account linked."), nil, nil
	case "decline", "cancel":
		return textResult("Paging account unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (o *Ops) purgeSnapshotsTool(ctx context.Context, req *mcp.CallToolRequest, in purgeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Purge every snapshot taken before " + in.Before + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"confirm": map[string]any{"type": "boolean", "title": "Tick to purge"},
			},
			"required": []string{"confirm"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		o.purgeSnapshots(in.Before)
		return textResult("Snapshots purged."), nil, nil
	case "decline", "cancel":
		return textResult("Snapshots kept."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (o *Ops) archiveTool(ctx context.Context, req *mcp.CallToolRequest, in snapshotIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Archive snapshot " + in.Name + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"notify": map[string]any{"type": "boolean", "title": "Notify subscribers", "default": false},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		o.archive(in.Name)
		return textResult("Snapshot archived."), nil, nil
	case "decline", "cancel":
		return textResult("Snapshot kept."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
