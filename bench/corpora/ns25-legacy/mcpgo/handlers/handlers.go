// Package handlers holds the ops tools of the mcp-go (v0.44.0) server. Each
// tool registers itself from init(); Install adds the registry to the global
// server of package elicit, which is served over stdio.
package handlers

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"os"

	"example.com/ns25/legacy/internal/registry"
	"example.com/ns25/legacy/mcpgo/elicit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// db is the ops database singleton, opened by main.
var db *sql.DB

// dropTable drops one table of the ops database.
func dropTable(ctx context.Context, table string) error {
	_, err := db.ExecContext(ctx, "DROP TABLE "+table)
	return err
}

// Open sets the database the tools work on.
func Open(d *sql.DB) { db = d }

func reg(name string, h server.ToolHandlerFunc) {
	registry.Add(name, server.ServerTool{Tool: mcp.NewTool(name), Handler: h})
}

func init() {
	reg("wipe_db", WipeDB)
	reg("drop_table", DropTable)
	reg("truncate_logs", TruncateLogs)
	reg("book_room", BookRoom)
	reg("subscribe", Subscribe)
	reg("add_note", AddNote)
	reg("add_note_v2", AddNoteSafe)
	reg("archive_board", ArchiveBoard)
	reg("restart_worker", RestartWorker)
	reg("close_incident", CloseIncident)
	reg("escalate_ticket", EscalateTicket)
	reg("greet_user", GreetUser)
	reg("long_notice", LongNotice)
	reg("empty_prompt", EmptyPrompt)
	reg("quick_poll", QuickPoll)
	reg("login_form", LoginForm)
	reg("login_hint", LoginHint)
	reg("card_payment", CardPayment)
	reg("remember_device", RememberDevice)
	reg("configure_alerts", ConfigureAlerts)
	reg("configure_alerts_v0", ConfigureAlertsString)
	reg("set_priority", SetPriority)
	reg("choose_tags", ChooseTags)
	reg("choose_labels", ChooseLabels)
	reg("assign_owner", AssignOwner)
	reg("connect_sheets", ConnectSheets)
	reg("connect_calendar", ConnectCalendar)
	reg("require_sign_in", RequireSignIn)
	reg("connect_zoom", ConnectZoom)
	reg("pick_plan", PickPlan)
	reg("connect_notion", ConnectNotion)
}

// Install adds every registered mcp-go tool to the global server and serves
// it over stdio.
func Install() error {
	s := elicit.Server()
	for _, e := range registry.All() {
		if t, ok := e.Install.(server.ServerTool); ok {
			s.AddTools(t)
		}
	}
	return server.ServeStdio(s)
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// WipeDB goes through elicit.Confirm.
func WipeDB(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := elicit.Confirm(ctx, "Wipe the ops database?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Database kept."), nil
	}
	if _, err := db.ExecContext(ctx, "DELETE FROM jobs"); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Wiped."), nil
}

// DropTable asks, but a failed question only gets logged.
func DropTable(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: "Drop table " + table + "?", RequestedSchema: yesNo},
	})
	if err != nil {
		log.Printf("drop_table: could not ask: %v", err)
	} else {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Table kept."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := dropTable(ctx, table); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Dropped " + table + "."), nil
}

// TruncateLogs asks how many days to keep.
func TruncateLogs(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Keep how many days of logs?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"days": map[string]any{"type": "integer", "minimum": 1}},
				"required":   []string{"days"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	data := res.Content.(map[string]any)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		days, _ := data["days"].(float64)
		return mcp.NewToolResultText(fmt.Sprintf("Keeping %.0f days.", days)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Logs untouched."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// BookRoom asks for the extras as a multi-select.
func BookRoom(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Which extras for the offsite room?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"extras": map[string]any{
						"type":  "array",
						"items": map[string]any{"type": "string", "enum": []string{"projector", "whiteboard", "catering"}},
					},
				},
				"required": []string{"extras"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		extras, ok := data["extras"].([]string)
		if !ok {
			return mcp.NewToolResultText("No extras."), nil
		}
		return mcp.NewToolResultText(fmt.Sprintf("Booked with %v.", extras)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not booked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Subscribe asks for an address for the status newsletter.
func Subscribe(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Where should we send the status newsletter?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"email": map[string]any{"type": "string", "format": "email"}},
				"required":   []string{"email"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		email, _ := data["emial"].(string)
		return mcp.NewToolResultText("Subscribed " + email + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not subscribed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// AddNote asks for an optional note on the incident.
func AddNote(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Add a note to the incident?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"severity": map[string]any{"type": "string", "enum": []string{"low", "high"}},
					"note":     map[string]any{"type": "string", "maxLength": 500},
				},
				"required": []string{"severity"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		severity, _ := data["severity"].(string)
		note := data["note"].(string)
		return mcp.NewToolResultText("Noted (" + severity + "): " + note), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No note."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// AddNoteSafe is AddNote with the optional field read safely.
func AddNoteSafe(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "Add a note to the incident?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"severity": map[string]any{"type": "string", "enum": []string{"low", "high"}},
					"note":     map[string]any{"type": "string", "maxLength": 500},
				},
				"required": []string{"severity"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		severity, _ := data["severity"].(string)
		note, _ := data["note"].(string)
		return mcp.NewToolResultText("Noted (" + severity + "): " + note), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No note."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Ask again later."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ArchiveBoard asks a plain question and sends no schema.
func ArchiveBoard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: "Archive the ops board?"},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Archived."), os.Rename("/srv/board", "/srv/board.old")
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Board kept."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// RestartWorker goes through elicit.ConfirmKnownClient.
func RestartWorker(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := elicit.ConfirmKnownClient(ctx, "Restart the background worker?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Worker left running."), nil
	}
	return mcp.NewToolResultText("Restarting."), os.WriteFile("/run/worker/restart", nil, 0o600)
}

// CloseIncident uses the American spelling of the refusal.
func CloseIncident(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: "Close the incident?", RequestedSchema: yesNo},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Closed."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Left open."), nil
	case "canceled":
		return mcp.NewToolResultText("Ask me later."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// EscalateTicket records the answer and escalates anyway.
func EscalateTicket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: "Escalate the ticket to the on-call engineer?", RequestedSchema: yesNo},
	})
	if err != nil {
		return nil, err
	}
	log.Printf("escalate_ticket: answer %+v", res)
	if _, err := db.ExecContext(ctx, "UPDATE tickets SET escalated = true"); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Escalated."), nil
}

// GreetUser is the reference handler of the mcp-go half.
func GreetUser(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "What should we call you?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"name": map[string]any{"type": "string", "title": "Name", "maxLength": 64}},
				"required":   []string{"name"},
			},
		},
	})
	if err != nil {
		return mcp.NewToolResultError("Could not ask for your name: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		name, _ := data["name"].(string)
		return mcp.NewToolResultText("Hello, " + name + "!"), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Hello!"), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Hello, whoever you are."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

const retentionNotice = "Ops keeps incident timelines, chat transcripts, pager history and every attached file for " +
	"thirteen months, after which they are moved to cold storage and can only be restored by a ticket to the " +
	"platform team. Keep this incident's data for the full period?"

// LongNotice shows the retention notice through the Form wrapper.
func LongNotice(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Form(ctx, retentionNotice, yesNo)
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Kept for the full period."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Default retention."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// EmptyPrompt relies on the schema's titles and sends no message.
func EmptyPrompt(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: "",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"team": map[string]any{"type": "string", "title": "Team to page"}},
				"required":   []string{"team"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		team, _ := data["team"].(string)
		return mcp.NewToolResultText("Paging " + team + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nobody paged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// QuickPoll goes through elicit.Direct, which skips mcp-go's Validate.
func QuickPoll(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := elicit.Direct(ctx, mcp.ElicitationRequest{
		Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
		Params:  mcp.ElicitationParams{Message: "Was the last deploy smooth?"},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Thanks!"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No answer recorded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}
