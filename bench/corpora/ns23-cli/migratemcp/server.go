// Package migratemcp serves devtool's database migrations over MCP with
// mcp-go. It asks its questions directly: the database consoles that drive
// it speak protocol 2025-11-25, so the server keeps server-initiated
// requests on and is served over stdio only.
package migratemcp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns23/cli/dbmig"
)

// Options are the flags of `devtool serve` that concern migrations.
type Options struct {
	Migrator  *dbmig.Migrator
	AssumeYes bool // --yes: go ahead when the client cannot confirm
}

type migrator struct {
	srv  *server.MCPServer
	db   *dbmig.Migrator
	opts Options
}

var yesNoSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// Serve runs the migrations server over stdio until the client hangs up.
func Serve(ctx context.Context, opts Options) error {
	s := server.NewMCPServer("devtool-migrate", "0.9.0",
		server.WithToolCapabilities(false),
		server.WithLegacyServerInitiatedRequests(),
	)
	m := &migrator{srv: s, db: opts.Migrator, opts: opts}
	table := mcp.WithString("table", mcp.Required())
	s.AddTool(mcp.NewTool("up", mcp.WithDescription("Apply the pending migrations")), m.up)
	s.AddTool(mcp.NewTool("down", mcp.WithDescription("Roll back migrations"), mcp.WithNumber("steps")), m.down)
	s.AddTool(mcp.NewTool("reset", mcp.WithDescription("Drop everything and migrate again")), m.reset)
	s.AddTool(mcp.NewTool("redo", mcp.WithDescription("Roll back and reapply the last migration")), m.redo)
	s.AddTool(mcp.NewTool("drop_column", mcp.WithDescription("Drop a column"), table, mcp.WithString("column", mcp.Required())), m.dropColumn)
	s.AddTool(mcp.NewTool("seed", mcp.WithDescription("Load fixtures")), m.seed)
	s.AddTool(mcp.NewTool("squash", mcp.WithDescription("Squash the applied migrations into a baseline")), m.squashMigrations)
	s.AddTool(mcp.NewTool("baseline", mcp.WithDescription("Mark a version as applied"), mcp.WithString("version", mcp.Required())), m.baseline)
	s.AddTool(mcp.NewTool("connect", mcp.WithDescription("Connect to a database"), mcp.WithString("target")), m.connect)
	s.AddTool(mcp.NewTool("set_dsn", mcp.WithDescription("Store a database's connection string"), mcp.WithString("target")), m.setDSN)
	s.AddTool(mcp.NewTool("pick_target", mcp.WithDescription("Choose the database the next commands use")), m.pickTarget)
	s.AddTool(mcp.NewTool("generate", mcp.WithDescription("Write a migration from a description"), mcp.WithString("description", mcp.Required())), m.generate)
	s.AddTool(mcp.NewTool("truncate", mcp.WithDescription("Empty a table"), table), m.truncate)
	s.AddTool(mcp.NewTool("rollback_to", mcp.WithDescription("Roll back to a version")), m.rollbackTo)
	return server.ServeStdio(s)
}
