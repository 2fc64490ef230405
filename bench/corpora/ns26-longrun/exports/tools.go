package exports

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func (e *exporter) confirmExport(ctx context.Context, table string, rows int) (bool, error) {
	res, err := e.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("Export %d rows of %s?", rows, table),
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (e *exporter) exportTable(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	ok, err := e.confirmExport(ctx, table, 50000)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("export not started"), nil
	}
	return mcp.NewToolResultText("export job " + e.startExport(ctx, table, 50000)), nil
}

func (e *exporter) requestDownloadLink(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	sig := rand.Text()
	res, err := e.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), "export-download",
		"https://files.example.com/exports/"+table+".csv?X-Amz-Signature="+sig, "Download the export of "+table)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("the download opens in your browser"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("download skipped"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (e *exporter) exportDiscardResult(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	e.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Export " + table + " in the background?",
		RequestedSchema: yesNo,
	}})
	return mcp.NewToolResultText("export job " + e.startExport(ctx, table, 1000)), nil
}

var formatSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"format": map[string]any{"type": "string", "enum": []string{"csv", "parquet", "json"}},
	},
	"required": []string{"format"},
}

func (e *exporter) askExportFormat(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res, err := e.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Which format for the export of " + table + "?",
		RequestedSchema: formatSchema,
	}})
	if err != nil {
		return nil, err
	}
	data, _ := res.Content.(map[string]any)
	format, _ := data["format"].(string)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("exporting as " + format + ": " + e.startExport(ctx, table, 1000)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("export not started"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (e *exporter) confirmExportNoSchema(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res, err := e.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Quick-export " + table + "?",
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("export job " + e.startExport(ctx, table, 100)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not exported"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (e *exporter) confirmExportAll(ctx context.Context, tables int) error {
	res, err := e.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("Export all %d tables? This runs for hours.", tables),
		RequestedSchema: yesNo,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return nil
	}
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errExportDeclined
	}
	return fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (e *exporter) exportAll(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := e.confirmExportAll(ctx, 40); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("export job " + e.startExport(ctx, "*", 40*50000)), nil
}

func (e *exporter) summarizeExport(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res, err := e.srv.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages: []mcp.SamplingMessage{{
			Role:    mcp.RoleUser,
			Content: mcp.TextContent{Type: "text", Text: "Summarize the export of " + table},
		}},
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	text := res.Content.(mcp.TextContent)
	return mcp.NewToolResultText(text.Text), nil
}

func (e *exporter) exportToRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	roots, err := e.srv.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return mcp.NewToolResultError("cannot list roots: " + err.Error()), nil
	}
	if len(roots.Roots) == 0 {
		return mcp.NewToolResultError("no roots to export into"), nil
	}
	return mcp.NewToolResultText("exporting into " + roots.Roots[0].URI), nil
}

func (e *exporter) sessionElicitExport(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("this session cannot ask its user"), nil
	}
	res, err := session.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Export " + table + " for this session?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("export job " + e.startExport(ctx, table, 500)), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("declined"), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("cancelled"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var reportSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"email": map[string]any{"type": "string", "format": "email", "title": "Send the report to"},
	},
	"required": []string{"email"},
}

func (e *exporter) askEmailForReport(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := e.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Where should the export report go?",
		RequestedSchema: reportSchema,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		email, _ := data["email"].(string)
		return mcp.NewToolResultText("the report goes to " + email), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no report"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
