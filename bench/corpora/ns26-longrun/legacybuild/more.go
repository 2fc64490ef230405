package legacybuild

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func truncateOnAccept(ctx context.Context, ss *mcp.ServerSession, table string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Truncate " + table + " before the reload?", RequestedSchema: yesNo})
	if err != nil {
		log.Printf("not truncating %s, cannot ask: %v", table, err)
		return nil
	}
	switch res.Action {
	case "accept":
		return dropTableNow(table)
	case "decline", "cancel":
		return nil
	default:
		return fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func truncateTable(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	if err := truncateOnAccept(ctx, req.Session, in.Table); err != nil {
		return nil, nil, err
	}
	return textResult("done with " + in.Table), nil, nil
}

func confirmPurgeLegacy(ctx context.Context, ss *mcp.ServerSession, rows int) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: fmt.Sprintf("Purge %d legacy rows?", rows), RequestedSchema: yesNo})
	if err != nil {
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func purgeLegacyTool(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmPurgeLegacy(ctx, req.Session, in.Rows)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("legacy rows kept"), nil, nil
	}
	if err := dropTableNow(in.Table + "_legacy"); err != nil {
		return nil, nil, err
	}
	return textResult("legacy rows purged"), nil, nil
}

var notesSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"ticket": map[string]any{"type": "string", "title": "Change ticket"},
		"notes":  map[string]any{"type": "string", "title": "Notes", "maxLength": 500},
	},
	"required": []string{"ticket"},
}

func askNotes(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Annotate the migration of " + in.Table, RequestedSchema: notesSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		ticket, _ := res.Content["ticket"].(string)
		notes := res.Content["notes"].(string)
		return textResult(ticket + ": " + notes), nil, nil
	case "decline", "cancel":
		return textResult("no annotation"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var archiveSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "title": "Tick to archive and drop the live table"},
	},
	"required": []string{"confirm"},
}

func askArchive(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Archive " + in.Table + "?", RequestedSchema: archiveSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if err := dropTableNow(in.Table); err != nil {
			return nil, nil, err
		}
		return textResult("archived " + in.Table), nil, nil
	case "decline", "cancel":
		return textResult("not archived"), nil, nil
	}
	return nil, nil, errors.New("unknown elicitation action")
}

func askVacuum(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Vacuum " + in.Table + " now?", RequestedSchema: yesNo})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("vacuuming " + in.Table), nil, nil
	case "decline", "cancelled":
		return textResult("vacuum skipped"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	}
}
