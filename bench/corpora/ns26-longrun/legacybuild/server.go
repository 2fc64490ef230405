// Package legacybuild serves database migration jobs to older clients: the
// server is pinned to protocols before 2026-07-28, where the direct
// elicitation requests it makes still work.
package legacybuild

import (
	"context"
	"errors"
	"log"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MigrateIn is the input of the migration tools.
type MigrateIn struct {
	Table string `json:"table"`
	Rows  int    `json:"rows,omitempty"`
}

// NewLegacyServer builds a server that negotiates 2025-11-25 at most.
func NewLegacyServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "legacybuild", Version: "0.9.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "migrate_batch", Description: "Migrate a batch of rows"}, migrateBatch)
	mcp.AddTool(s, &mcp.Tool{Name: "drop_table", Description: "Drop a table after migration"}, dropTable)
	mcp.AddTool(s, &mcp.Tool{Name: "batch_size", Description: "Pick a batch size"}, askBatchSize)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_db", Description: "Connect a database"}, askDBCredentials)
	mcp.AddTool(s, &mcp.Tool{Name: "export_target", Description: "Pick an export target"}, askExportTarget)
	mcp.AddTool(s, &mcp.Tool{Name: "schedule", Description: "Schedule a migration"}, askSchedule)
	mcp.AddTool(s, &mcp.Tool{Name: "rebuild_indexes", Description: "Rebuild every index"}, askLongMessage)
	mcp.AddTool(s, &mcp.Tool{Name: "dashboard", Description: "Open the job dashboard"}, openDashboardLink)
	mcp.AddTool(s, &mcp.Tool{Name: "truncate_table", Description: "Truncate a table"}, truncateTable)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_legacy", Description: "Purge legacy rows"}, purgeLegacyTool)
	mcp.AddTool(s, &mcp.Tool{Name: "annotate", Description: "Annotate a migration"}, askNotes)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_table", Description: "Archive a table"}, askArchive)
	mcp.AddTool(s, &mcp.Tool{Name: "vacuum", Description: "Vacuum after migration"}, askVacuum)
	return s
}

// Serve runs the pinned server over stdio.
func Serve(ctx context.Context) error {
	return NewLegacyServer().Run(ctx, &mcp.StdioTransport{})
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var (
	progressMu sync.Mutex
	progress   = map[string]int{}
)

// migrateRows copies rows in batches on a worker goroutine and records how
// far it got.
func migrateRows(ctx context.Context, table string, rows, batch int) {
	go func() {
		for done := 0; done < rows; done += batch {
			select {
			case <-ctx.Done():
				return
			default:
			}
			progressMu.Lock()
			progress[table] = done
			progressMu.Unlock()
		}
	}()
}

func dropTableNow(table string) error {
	progressMu.Lock()
	defer progressMu.Unlock()
	if table == "" {
		return errors.New("no table")
	}
	delete(progress, table)
	log.Printf("dropped %s", table)
	return nil
}
