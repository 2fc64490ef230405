// Package purgejobs runs batch deletes with mcp-go over streamable HTTP. The
// tools ask before and during a purge with direct requests.
package purgejobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Purger owns the database and the MCP server.
type Purger struct {
	db  *sql.DB
	srv *server.MCPServer

	mu       sync.Mutex
	progress map[string]int
}

var errPurgeDeclined = errors.New("purge declined")

// New builds the purge server.
func New(db *sql.DB) *Purger {
	p := &Purger{db: db, progress: map[string]int{}}
	p.srv = server.NewMCPServer("purgejobs", "1.0.0", server.WithToolCapabilities(false))
	p.srv.AddTool(mcp.NewTool("purge_stale", mcp.WithString("table")), p.purgeStaleRows)
	p.srv.AddTool(mcp.NewTool("purge_session", mcp.WithString("table")), p.purgeWithSessionIface)
	p.srv.AddTool(mcp.NewTool("purge_midway", mcp.WithString("table")), p.purgeAsksMidway)
	p.srv.AddTool(mcp.NewTool("purge_summary", mcp.WithString("table")), p.purgeSampleSummary)
	p.srv.AddTool(mcp.NewTool("purge_roots", mcp.WithString("table")), p.purgeRootsCheck)
	p.srv.AddTool(mcp.NewTool("purge_modern", mcp.WithString("table")), p.purgeModernOnly)
	p.srv.AddTool(mcp.NewTool("purge_via", mcp.WithString("table")), p.purgeViaIface)
	p.srv.AddTool(mcp.NewTool("purge_progress", mcp.WithString("table")), p.purgeProgressConfirm)
	return p
}

// Handler serves the purge tools over streamable HTTP.
func (p *Purger) Handler() http.Handler {
	return server.NewStreamableHTTPServer(p.srv)
}

func (p *Purger) countRows(ctx context.Context, table string) (int, error) {
	var n int
	err := p.db.QueryRowContext(ctx, "SELECT count(*) FROM "+table+" WHERE stale").Scan(&n)
	return n, err
}

// deleteBatches deletes stale rows in batches on a pool of workers and
// reports progress; it stops when ctx is cancelled.
func (p *Purger) deleteBatches(ctx context.Context, table string, total int) {
	batches := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range batches {
				if _, err := p.db.ExecContext(ctx, fmt.Sprintf("DELETE FROM %s WHERE stale AND batch = %d", table, b)); err != nil {
					return
				}
				p.mu.Lock()
				p.progress[table] += 500
				done := p.progress[table]
				p.mu.Unlock()
				_ = p.srv.SendNotificationToClient(ctx, "notifications/progress", map[string]any{
					"progressToken": table, "progress": done, "total": total,
				})
			}
		}()
	}
	go func() {
		defer close(batches)
		for b := 0; b*500 < total; b++ {
			select {
			case <-ctx.Done():
				return
			case batches <- b:
			}
		}
	}()
	wg.Wait()
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}
