// Package migrations runs schema migrations as long jobs with go-sdk's
// round trip (protocol 2026-07-28): a tool returns its questions in
// InputRequests, keeps the job's position in RequestState, and starts the
// job on the call that brings the answer.
package migrations

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// In is the input of the migration tools.
type In struct {
	Name string `json:"name"`
}

var stateKey = []byte(os.Getenv("MIGRATIONS_STATE_KEY"))

var (
	jobsMu sync.Mutex
	jobs   = map[string]*migrationJob{}
)

type migrationJob struct {
	name   string
	offset int
	done   bool
	cancel context.CancelFunc
}

// NewServer registers every migration tool.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "migrations", Version: "2.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "run_migration"}, runMigration)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_quick"}, migrateNoCaps)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_resume"}, migrateResumeOffset)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_plan"}, migrateSingleAssert)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_apply"}, migrateFailOpenNoCaps)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_any"}, migrateAnyAnswer)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_strict"}, migrateMissingFails)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_steps"}, migrateStepMachine)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_background"}, migrateStateOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_summary"}, migrateSamplingWrongType)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_direct"}, migrateViaDirect)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_approval"}, migrateURLApproval)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_signoff"}, migrateURLAcceptDone)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_sealed"}, migrateSealedResume)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_signed"}, migrateSuffixCheck)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_gate"}, migrateWithGate)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_sources"}, migrateRoots)
	s.AddPrompt(&mcp.Prompt{Name: "migration_plan"}, migrationPlanPrompt)
	s.AddResource(&mcp.Resource{URI: "migrations://status", Name: "status"}, migrationStatusResource)
	return s
}

// Handler serves the migrations statelessly over streamable HTTP.
func Handler() http.Handler {
	s := NewServer()
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// startMigration runs the migration from offset on a goroutine and returns
// its job ID; the job checks a dry-run flag and stops when cancelled.
func startMigration(name string, offset int, dryRun bool) string {
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	id := fmt.Sprintf("%s-%d", name, time.Now().UnixNano())
	j := &migrationJob{name: name, offset: offset, cancel: cancel}
	jobsMu.Lock()
	jobs[id] = j
	jobsMu.Unlock()
	go func() {
		defer cancel()
		for step := offset; step < offset+100; step++ {
			select {
			case <-ctx.Done():
				return
			case <-time.After(10 * time.Millisecond):
			}
			if dryRun {
				continue
			}
			jobsMu.Lock()
			j.offset = step
			jobsMu.Unlock()
		}
		jobsMu.Lock()
		j.done = true
		jobsMu.Unlock()
	}()
	return id
}

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}
