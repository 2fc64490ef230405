package legacybuild

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func confirmMigrationBatch(ctx context.Context, ss *mcp.ServerSession, table string, rows int) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("Found %d rows in %s to migrate. Continue?", rows, table),
		RequestedSchema: yesNo,
	})
	if err != nil {
		return false, fmt.Errorf("asking to migrate %s: %w", table, err)
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

func migrateBatch(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmMigrationBatch(ctx, req.Session, in.Table, in.Rows)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("migration not started"), nil, nil
	}
	migrateRows(context.WithoutCancel(ctx), in.Table, in.Rows, 500)
	return textResult("migrating " + in.Table), nil, nil
}

func confirmDropTable(ctx context.Context, ss *mcp.ServerSession, table string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Drop table " + table + " now that it is migrated?", RequestedSchema: yesNo})
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func dropTable(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmDropTable(ctx, req.Session, in.Table)
	if err != nil || !ok {
		return textResult("table kept"), nil, nil
	}
	if err := dropTableNow(in.Table); err != nil {
		return nil, nil, err
	}
	return textResult("dropped " + in.Table), nil, nil
}

var batchSizeSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"size": map[string]any{"type": "number", "minimum": 100, "maximum": 10000},
	},
	"required": []string{"size"},
}

func askBatchSize(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Batch size for " + in.Table + "?", RequestedSchema: batchSizeSchema})
	if err != nil {
		return nil, nil, err
	}
	size, _ := res.Content["size"].(float64)
	switch res.Action {
	case "accept":
		migrateRows(context.WithoutCancel(ctx), in.Table, in.Rows, int(size))
		return textResult(fmt.Sprintf("migrating in batches of %d", int(size))), nil, nil
	case "decline", "cancel":
		return textResult("not started"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var dbCredsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"host":     map[string]any{"type": "string", "title": "Database host"},
		"user":     map[string]any{"type": "string", "title": "User name"},
		"password": map[string]any{"type": "string", "title": "Password"},
	},
	"required": []string{"host", "user", "password"},
}

func askDBCredentials(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Which database should the migration connect to?", RequestedSchema: dbCredsSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		host, _ := res.Content["host"].(string)
		return textResult("connecting to " + host), nil, nil
	case "decline", "cancel":
		return textResult("not connected"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var exportTargetSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"destination": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"bucket": map[string]any{"type": "string"},
				"prefix": map[string]any{"type": "string"},
			},
		},
	},
}

func askExportTarget(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Where should the export of " + in.Table + " go?", RequestedSchema: exportTargetSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("export target recorded"), nil, nil
	case "decline":
		return textResult("no export"), nil, nil
	case "cancel":
		return textResult("export not configured"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var scheduleSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"start": map[string]any{"type": "string", "format": "datetime", "description": "When to start the migration"},
	},
	"required": []string{"start"},
}

func askSchedule(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "When should the migration of " + in.Table + " start?", RequestedSchema: scheduleSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		start, ok := res.Content["start"].(string)
		if !ok {
			return nil, nil, fmt.Errorf("no start time")
		}
		if _, err := time.Parse(time.RFC3339, start); err != nil {
			return nil, nil, err
		}
		return textResult("scheduled for " + start), nil, nil
	case "decline", "cancel":
		return textResult("not scheduled"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func askLongMessage(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Rebuilding every index locks each table for the duration of its rebuild, which on the larger tables can take several hours, " +
			"during which writes queue up and reads may time out; the job reports progress per table and can be cancelled between tables. Go ahead?",
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("rebuilding indexes"), nil, nil
	case "decline", "cancel":
		return textResult("indexes left as they are"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func openDashboardLink(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Open the migration dashboard to follow " + in.Table,
		URL:           "http://jobs.example.com/migrations/" + in.Table,
		ElicitationID: "migration-dashboard",
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("follow the job on the dashboard; it refreshes every minute"), nil, nil
	case "decline", "cancel":
		return textResult("dashboard not opened"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
