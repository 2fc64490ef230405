// Package exports runs data-export jobs with mcp-go over stdio. The server
// keeps direct requests (WithLegacyServerInitiatedRequests) for the clients
// it serves.
package exports

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var (
	exportsMu sync.Mutex
	running   = map[string]int{}
)

// NewExportServer builds the export server.
func NewExportServer() *server.MCPServer {
	s := server.NewMCPServer("exports", "1.0.0", server.WithLegacyServerInitiatedRequests(), server.WithToolCapabilities(false))
	e := &exporter{srv: s}
	s.AddTool(mcp.NewTool("export_table", mcp.WithString("table")), e.exportTable)
	s.AddTool(mcp.NewTool("export_link", mcp.WithString("table")), e.requestDownloadLink)
	s.AddTool(mcp.NewTool("export_notify", mcp.WithString("table")), e.exportDiscardResult)
	s.AddTool(mcp.NewTool("export_format", mcp.WithString("table")), e.askExportFormat)
	s.AddTool(mcp.NewTool("export_quick", mcp.WithString("table")), e.confirmExportNoSchema)
	s.AddTool(mcp.NewTool("export_all", mcp.WithString("table")), e.exportAll)
	s.AddTool(mcp.NewTool("export_summary", mcp.WithString("table")), e.summarizeExport)
	s.AddTool(mcp.NewTool("export_to_root", mcp.WithString("table")), e.exportToRoots)
	s.AddTool(mcp.NewTool("export_session", mcp.WithString("table")), e.sessionElicitExport)
	s.AddTool(mcp.NewTool("export_report", mcp.WithString("table")), e.askEmailForReport)
	return s
}

// Serve runs the export server over stdio only.
func Serve() error {
	return server.ServeStdio(NewExportServer())
}

type exporter struct {
	srv *server.MCPServer
}

var errExportDeclined = errors.New("export declined")

// startExport writes the export file on a worker goroutine and sends
// progress notifications to the client that asked.
func (e *exporter) startExport(ctx context.Context, table string, rows int) string {
	id := rand.Text()
	exportsMu.Lock()
	running[id] = 0
	exportsMu.Unlock()
	go func() {
		ctx := context.WithoutCancel(ctx)
		f, err := os.Create(os.TempDir() + "/export-" + id + ".csv")
		if err != nil {
			return
		}
		defer f.Close()
		for done := 0; done < rows; done += 1000 {
			fmt.Fprintf(f, "batch,%d\n", done)
			exportsMu.Lock()
			running[id] = done
			exportsMu.Unlock()
			_ = e.srv.SendNotificationToClient(ctx, "notifications/progress", map[string]any{
				"progressToken": id, "progress": done, "total": rows,
			})
		}
	}()
	return id
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}
