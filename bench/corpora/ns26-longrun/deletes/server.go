// Package deletes runs batch deletes with mcp-go's round trip: "found N
// rows to delete, continue?" comes back in the result, the cursor of the
// job travels in RequestState, and the delete starts on the retry.
package deletes

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Settings are the operator's.
type Settings struct {
	RequireConfirmation bool
	DryRun              bool
}

// Deleter owns the delete jobs.
type Deleter struct {
	cfg      Settings
	mu       sync.Mutex
	deleted  map[string]int
	stateKey []byte
}

var capsBySession sync.Map

// NewServer registers the delete tools.
func NewServer(cfg Settings, key []byte) *server.MCPServer {
	d := &Deleter{cfg: cfg, deleted: map[string]int{}, stateKey: key}
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberCaps)
	s := server.NewMCPServer("deletes", "1.0.0", server.WithHooks(hooks), server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("batch_delete", mcp.WithString("table")), d.batchDelete)
	s.AddTool(mcp.NewTool("quick_delete", mcp.WithString("table")), d.batchDeleteNoCaps)
	s.AddTool(mcp.NewTool("cursor_delete", mcp.WithString("table")), d.batchDeleteCursor)
	s.AddTool(mcp.NewTool("raw_delete", mcp.WithString("table")), d.batchDeleteNoResultType)
	s.AddTool(mcp.NewTool("tmp_delete", mcp.WithString("table")), d.batchDeleteTmp)
	s.AddTool(mcp.NewTool("dedupe_plan", mcp.WithString("table")), d.batchDeleteSamplingJSON)
	s.AddTool(mcp.NewTool("roots_delete", mcp.WithString("table")), d.batchDeleteRoots)
	s.AddTool(mcp.NewTool("export_then_delete", mcp.WithString("table")), d.batchDeleteURLNoID)
	s.AddTool(mcp.NewTool("session_delete", mcp.WithString("table")), d.batchDeleteSessionCaps)
	s.AddTool(mcp.NewTool("strict_delete", mcp.WithString("table")), d.batchDeleteMissingFails)
	s.AddTool(mcp.NewTool("hashed_delete", mcp.WithString("table")), d.batchDeleteHashedState)
	s.AddTool(mcp.NewTool("echo_delete", mcp.WithString("table")), d.batchDeleteStateCompare)
	s.AddTool(mcp.NewTool("unattended_delete", mcp.WithString("table")), d.batchDeleteUnattended)
	return s
}

// Serve serves the delete tools over streamable HTTP.
func Serve(addr string, cfg Settings, key []byte) error {
	return http.ListenAndServe(addr, server.NewStreamableHTTPServer(NewServer(cfg, key)))
}

// deleteRows runs the delete in the background, batch by batch, honouring
// the dry-run flag, and returns how many rows it will touch.
func (d *Deleter) deleteRows(ctx context.Context, table, from string, n int) int {
	go func() {
		ctx := context.WithoutCancel(ctx)
		for done := 0; done < n; done += 500 {
			if ctx.Err() != nil {
				return
			}
			if d.cfg.DryRun {
				continue
			}
			d.mu.Lock()
			d.deleted[table+"@"+from] += 500
			d.mu.Unlock()
		}
	}()
	return n
}

func countRows(table string) int { return len(table) * 100 }

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var errNoAnswer = errors.New("no answer to the delete question")

func done(format string, args ...any) *mcp.CallToolResult {
	return mcp.NewToolResultText(fmt.Sprintf(format, args...))
}
