package migratemcp

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// up applies the pending migrations after the user confirms.
func (m *migrator) up(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	pending, err := m.db.Pending(ctx)
	if err != nil {
		return nil, err
	}
	if len(pending) == 0 {
		return mcp.NewToolResultText("Nothing to apply."), nil
	}
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("Apply %d migrations (%s)?", len(pending), strings.Join(pending, ", ")),
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask before migrating: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		n, err := m.db.Up(ctx, 0)
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(fmt.Sprintf("Applied %d migrations.", n)), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Nothing was applied."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Migration cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// down rolls back migrations. CI runs it through clients that cannot
// confirm, so those roll back without a question.
func (m *migrator) down(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	steps := int(request.GetFloat("steps", 1))
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("Roll back the last %d migrations?", steps),
		RequestedSchema: yesNoSchema,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		log.Printf("down: the client cannot confirm; rolling back %d migrations", steps)
	} else if err != nil {
		return mcp.NewToolResultError("cannot ask before rolling back: " + err.Error()), nil
	} else {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Nothing was rolled back."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := m.db.Down(ctx, steps); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprintf("Rolled back %d migrations.", steps)), nil
}

// reset drops the schema and migrates again. When the client cannot
// confirm, only a server started with --yes goes ahead.
func (m *migrator) reset(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Drop every table and apply every migration again? All data is lost.",
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		if !m.opts.AssumeYes {
			return mcp.NewToolResultError("cannot ask before resetting the database: " + err.Error()), nil
		}
		log.Printf("reset: cannot ask (%v); --yes was given, resetting", err)
	} else {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("The database is unchanged."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := m.db.Reset(ctx); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Reset the database."), nil
}

// redo rolls back the last migration and applies it again.
func (m *migrator) redo(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Roll back the last migration and apply it again?",
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask before redoing: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept, "Accept": // an old console of ours sent "Accept"
		if err := m.db.Redo(ctx); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Redid the last migration."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was redone."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// dropColumn drops a column after the user confirms.
func (m *migrator) dropColumn(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	column := request.GetString("column", "")
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Drop column " + column + " of " + table + "? Its data is lost.",
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask before dropping a column: " + err.Error()), nil
	}
	switch res.Action {
	case "Accept":
		if err := m.db.DropColumn(ctx, table, column); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Dropped " + table + "." + column + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Kept " + table + "." + column + "."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// seed loads the fixture set the user picks.
func (m *migrator) seed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Which fixtures should be loaded?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"file": map[string]any{"type": "string", "title": "Fixture set", "enum": []string{"demo", "fixtures", "load-test"}},
			},
			"required": []string{"file"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask which fixtures: " + err.Error()), nil
	}
	data, ok := res.Content.(map[string]any)
	if !ok {
		return mcp.NewToolResultError("the answer names no fixture set"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		file, _ := data["file"].(string)
		if err := m.db.Seed(ctx, file+".sql"); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Loaded " + file + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No fixtures were loaded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// squashMigrations folds the applied migrations into a baseline. A busy
// client gets three tries to answer.
func (m *migrator) squashMigrations(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	req := mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Fold every applied migration into one baseline file?",
		RequestedSchema: yesNoSchema,
	}}
	var res *mcp.ElicitationResult
	var err error
	for try := 0; try < 3; try++ {
		if res, err = m.srv.RequestElicitation(ctx, req); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(try+1) * time.Second):
		}
	}
	if err != nil {
		return mcp.NewToolResultError("cannot ask before squashing: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := m.db.Squash(ctx); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Squashed the migrations."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The migrations are unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// baseline marks a version as applied, asking through the session.
func (m *migrator) baseline(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("this client cannot be asked to confirm"), nil
	}
	version := request.GetString("version", "")
	res, err := session.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Mark " + version + " as applied without running it?",
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask before marking the baseline: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := m.db.Baseline(ctx, version); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Marked " + version + " as applied."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was marked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// connect sends the user to the database console's connect page.
func (m *migrator) connect(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := request.GetString("target", "staging")
	res, err := m.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx),
		"devtool-db-connect",
		"https://db.example.dev/connect?target="+target,
		"Connect devtool to the "+target+" database.")
	if err != nil {
		return mcp.NewToolResultError("cannot open the connect page: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if !m.db.Connected(ctx, target) {
			return mcp.NewToolResultText("The connection is not set up yet; call connect again once the page says so."), nil
		}
		return mcp.NewToolResultText("Connected to " + target + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not connected."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// setDSN stores the connection string of a database.
func (m *migrator) setDSN(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := request.GetString("target", "staging")
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "How does devtool reach the " + target + " database?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"dsn":         map[string]any{"type": "string", "title": "Host, port and database name"},
				"db_password": map[string]any{"type": "string", "title": "Database password"},
			},
			"required": []string{"dsn", "db_password"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask for the connection: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the answer is empty"), nil
		}
		dsn, _ := data["dsn"].(string)
		pw, _ := data["db_password"].(string)
		if err := m.db.SetDSN(ctx, target, "postgres://devtool:"+pw+"@"+dsn); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Stored the connection of " + target + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The connection is unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// pickTarget chooses the database the next commands apply to.
func (m *migrator) pickTarget(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Which database should the next commands use?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"target": map[string]any{"type": "string", "title": "Database", "enum": []string{"development", "staging", "production"}},
			},
			"required": []string{"traget"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask which database: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		target, ok := data["target"].(string)
		if !ok {
			return mcp.NewToolResultError("no database chosen"), nil
		}
		if err := m.db.SetTarget(ctx, target); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("The next commands use " + target + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The database is unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// generate has the client's model write a migration from a description.
func (m *migrator) generate(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	desc, err := request.RequireString("description")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res, err := m.srv.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
		MaxTokens:    1500,
		SystemPrompt: "You write PostgreSQL migrations. Answer with SQL only.",
		Messages: []mcp.SamplingMessage{{
			Role:    mcp.RoleUser,
			Content: mcp.NewTextContent(desc),
		}},
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask the client's model: " + err.Error()), nil
	}
	sqlText := res.Content.(mcp.TextContent).Text
	name := time.Now().UTC().Format("20060102150405") + "_generated"
	path, err := m.db.WriteMigration(ctx, name, sqlText)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Wrote " + path + "; review it before running up."), nil
}

// confirmDestructive asks before a destructive statement. A client that
// cannot answer does not block maintenance scripts.
func confirmDestructive(ctx context.Context, srv *server.MCPServer, msg string) (bool, error) {
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		log.Printf("cannot confirm (%v): going ahead", err)
		return true, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// truncate empties a table after confirmDestructive.
func (m *migrator) truncate(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	ok, err := confirmDestructive(ctx, m.srv, "Delete every row of "+table+"?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText(table + " is unchanged."), nil
	}
	if err := m.db.Truncate(ctx, table); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Emptied " + table + "."), nil
}

// rollbackTo rolls back every migration after the version the user gives.
func (m *migrator) rollbackTo(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := m.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Roll back every migration after which version?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"version": map[string]any{"type": "integer", "minimum": 1},
			},
			"required": []string{"version"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask for the version: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the answer is empty"), nil
		}
		version, ok := data["version"].(int)
		if !ok {
			return mcp.NewToolResultError("no version given"), nil
		}
		if err := m.db.RollbackTo(ctx, version); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(fmt.Sprintf("Rolled back to version %d.", version)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was rolled back."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
