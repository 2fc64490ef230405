package deletes

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func canAsk(ctx context.Context) bool {
	caps := clientCaps(ctx)
	return caps != nil && caps.Elicitation != nil
}

func (d *Deleter) batchDelete(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	n := countRows(table)
	res := server.ElicitationResponse(request.Params.InputResponses, "batch_confirm")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("batch_confirm", mcp.ElicitationParams{
			Message:         fmt.Sprintf("Found %d rows to delete in %s. Continue?", n, table),
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return done("deleting %d rows", d.deleteRows(ctx, table, "", n)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("nothing deleted"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteNoCaps(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "quick_confirm")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("quick_confirm", mcp.ElicitationParams{
			Message:         "Delete every row of " + table + "?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return done("deleting %d rows", d.deleteRows(ctx, table, "", countRows(table))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteCursor(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "cursor_confirm")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("cursor="+table+":0").Elicit("cursor_confirm", mcp.ElicitationParams{
			Message:         "Continue deleting " + table + " from the saved cursor?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		cursor := strings.TrimPrefix(request.Params.RequestState, "cursor=")
		tbl, from, _ := strings.Cut(cursor, ":")
		return done("deleting from %s", fmt.Sprint(d.deleteRows(ctx, tbl, from, countRows(tbl)))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("stopped"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteNoResultType(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "raw_confirm")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: mcp.InputRequests{
			"raw_confirm": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "Delete " + table + "?", RequestedSchema: yesNo}),
		}}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return done("deleting %d rows", d.deleteRows(ctx, table, "", countRows(table))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteTmp(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "") + "_tmp"
	res := server.ElicitationResponse(request.Params.InputResponses, "purge_tmp")
	caps := clientCaps(ctx)
	if res == nil && caps != nil && caps.Elicitation != nil {
		return server.NewInputRequestBuilder("").Elicit("purge_tmp", mcp.ElicitationParams{
			Message: "Delete the temporary table " + table + "?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	approved := true
	if res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			approved = true
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			approved = false
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if !approved {
		return done("kept %s", table), nil
	}
	return done("deleting %d rows", d.deleteRows(ctx, table, "", countRows(table))), nil
}

func (d *Deleter) batchDeleteSamplingJSON(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.SamplingResponse(request.Params.InputResponses, "dedupe_plan")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("planning needs a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("dedupe_plan", mcp.CreateMessageParams{
			MaxTokens: 400,
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.TextContent{Type: "text", Text: "Which duplicate rows of " + table + " can go?"}}},
		}).ToolResult(), nil
	}
	text, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model sent no plan"), nil
	}
	return mcp.NewToolResultText(text.Text), nil
}

func (d *Deleter) batchDeleteRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	roots := server.RootsResponse(request.Params.InputResponses, "workspace")
	if roots == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Roots == nil {
			return mcp.NewToolResultError("no roots declared: pass the directory as an argument"), nil
		}
		return server.NewInputRequestBuilder("").Roots("workspace").ToolResult(), nil
	}
	return done("%d roots protected from the delete", len(roots.Roots)), nil
}

func (d *Deleter) batchDeleteURLNoID(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "export_link")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("download the export before deleting, at https://exports.example.com"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("export_link", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Download a backup of " + table + " before it is deleted",
			URL:     "https://exports.example.com/backups/" + rand.Text(),
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return done("the backup page is open; call again to delete once it has downloaded"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("nothing deleted without a backup"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteSessionCaps(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "session_confirm")
	if res == nil {
		var caps mcp.ClientCapabilities
		if s := server.ClientSessionFromContext(ctx); s != nil {
			if v, ok := capsBySession.Load(s.SessionID()); ok {
				caps, _ = v.(mcp.ClientCapabilities)
			}
		}
		if caps.Elicitation == nil {
			return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("session_confirm", mcp.ElicitationParams{
			Message: "Delete the rows of " + table + " for this session?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return done("deleting %d rows", d.deleteRows(ctx, table, "", countRows(table))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteMissingFails(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "strict_confirm")
	if res == nil {
		if request.Params.RequestState == "" {
			if !canAsk(ctx) {
				return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("asked").Elicit("strict_confirm", mcp.ElicitationParams{
				Message: "Delete " + table + " for good?", RequestedSchema: yesNo,
			}).ToolResult(), nil
		}
		return mcp.NewToolResultError(errNoAnswer.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return done("deleting %d rows", d.deleteRows(ctx, table, "", countRows(table))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteHashedState(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	sum := sha256.Sum256([]byte(table))
	want := hex.EncodeToString(sum[:])
	res := server.ElicitationResponse(request.Params.InputResponses, "hashed_confirm")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder(want).Elicit("hashed_confirm", mcp.ElicitationParams{
			Message: "Delete the archived rows of " + table + "?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if request.Params.RequestState != want {
			return mcp.NewToolResultError("state does not match"), nil
		}
		return done("deleting %d rows", d.deleteRows(ctx, table, "archive", countRows(table))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteStateCompare(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "echo_confirm")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("table="+table).Elicit("echo_confirm", mcp.ElicitationParams{
			Message: "Delete the rows of " + table + "?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if request.Params.RequestState != "table="+table {
			return mcp.NewToolResultError("the answer belongs to another table"), nil
		}
		return done("deleting %d rows", d.deleteRows(ctx, table, "", countRows(table))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (d *Deleter) batchDeleteUnattended(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "unattended_confirm")
	if res == nil && !d.cfg.RequireConfirmation {
		return done("deleting %d rows unattended", d.deleteRows(ctx, table, "", countRows(table))), nil
	}
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("unattended_confirm", mcp.ElicitationParams{
			Message: "Delete the rows of " + table + "?", RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return done("deleting %d rows", d.deleteRows(ctx, table, "", countRows(table))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return done("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
