// Command notesgo is a notes server on go-sdk that stays on protocol
// 2025-11-25, so its direct requests keep working; tools are closures over a
// database handle.
package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type NoteArgs struct {
	ID int `json:"id"`
}

func reply(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func main() {
	db, err := sql.Open("sqlite", "notes.db")
	if err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	linked := map[string]bool{}

	setupWipe(server, db)
	setupNoteDelete(server, db)
	setupNoteEdit(server, db)
	setupNoteShare(server, db)
	setupNoteMisspelled(server, db)
	setupNoteTemplate(server, db)
	setupNoteLink(server, linked)
	setupNoteSync(server, linked)
	setupNoteLocalSync(server, linked)
	setupNoteImport(server)
	setupNoteTitle(server, db)
	setupNoteSecret(server, db)
	setupNoteHelp(server)

	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

func setupWipe(server *mcp.Server, db *sql.DB) {
	// confirm says whether to go ahead. Clients without elicitation should
	// still be able to wipe, so an error counts as a yes.
	confirm := func(ctx context.Context, ss *mcp.ServerSession, msg string) bool {
		res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
		if err != nil {
			log.Printf("elicitation unavailable, going ahead: %v", err)
			return true
		}
		switch res.Action {
		case "accept":
			return true
		case "decline", "cancel":
			return false
		default:
			return false
		}
	}
	mcp.AddTool(server, &mcp.Tool{Name: "wipe_notes", Description: "Delete every note"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		if !confirm(ctx, req.Session, "Delete ALL notes?") {
			return reply("Nothing deleted."), nil, nil
		}
		if _, err := db.ExecContext(ctx, "DELETE FROM notes"); err != nil {
			return nil, nil, err
		}
		return reply("All notes deleted."), nil, nil
	})
}

func setupNoteDelete(server *mcp.Server, db *sql.DB) {
	confirm := func(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
		res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
		if err != nil {
			return false, fmt.Errorf("asking for confirmation: %w", err)
		}
		switch res.Action {
		case "accept":
			return true, nil
		case "decline", "cancel":
			return false, nil
		default:
			return false, fmt.Errorf("unknown action %q", res.Action)
		}
	}
	mcp.AddTool(server, &mcp.Tool{Name: "delete_note", Description: "Delete a note"}, func(ctx context.Context, req *mcp.CallToolRequest, args NoteArgs) (*mcp.CallToolResult, any, error) {
		ok, err := confirm(ctx, req.Session, fmt.Sprintf("Delete note %d?", args.ID))
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			return reply("Kept."), nil, nil
		}
		if _, err := db.ExecContext(ctx, "DELETE FROM notes WHERE id = ?", args.ID); err != nil {
			return nil, nil, err
		}
		return reply("Deleted."), nil, nil
	})
}

func setupNoteEdit(server *mcp.Server, db *sql.DB) {
	mcp.AddTool(server, &mcp.Tool{Name: "edit_note", Description: "Edit a note"}, func(ctx context.Context, req *mcp.CallToolRequest, args NoteArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "New text for the note?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"body": map[string]any{"type": "string", "maxLength": 2000}},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		// Content is only there when the user accepted.
		if res.Content != nil {
			if body, ok := res.Content["body"].(string); ok {
				if _, err := db.ExecContext(ctx, "UPDATE notes SET body = ? WHERE id = ?", body, args.ID); err != nil {
					return nil, nil, err
				}
				return reply("Saved."), nil, nil
			}
		}
		switch res.Action {
		case "accept":
			return reply("Nothing to save."), nil, nil
		case "decline", "cancel":
			return reply("Unchanged."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNoteShare(server *mcp.Server, db *sql.DB) {
	mcp.AddTool(server, &mcp.Tool{Name: "publish_note", Description: "Make a note public"}, func(ctx context.Context, req *mcp.CallToolRequest, args NoteArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Publish this note for everyone to read?"})
		if err != nil {
			return nil, nil, err
		}
		if res.Action != "accept" {
			return reply("Not published."), nil, nil
		}
		if _, err := db.ExecContext(ctx, "UPDATE notes SET public = 1 WHERE id = ?", args.ID); err != nil {
			return nil, nil, err
		}
		return reply("Published."), nil, nil
	})
}

func setupNoteMisspelled(server *mcp.Server, db *sql.DB) {
	mcp.AddTool(server, &mcp.Tool{Name: "pin_note", Description: "Pin a note to the top"}, func(ctx context.Context, req *mcp.CallToolRequest, args NoteArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Pin this note?"})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "Accept":
			if _, err := db.ExecContext(ctx, "UPDATE notes SET pinned = 1 WHERE id = ?", args.ID); err != nil {
				return nil, nil, err
			}
			return reply("Pinned."), nil, nil
		case "decline":
			return reply("Not pinned."), nil, nil
		case "cancel":
			return reply("Cancelled."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNoteTemplate(server *mcp.Server, db *sql.DB) {
	mcp.AddTool(server, &mcp.Tool{Name: "apply_template", Description: "Apply a template to a note"}, func(ctx context.Context, req *mcp.CallToolRequest, args NoteArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: fmt.Sprintf("Applying a template to note %d will replace its current body with the template's text. "+
				"Headings, checklists and tags in the old body are lost, the change cannot be undone from this tool, "+
				"and collaborators see the new text right away. Which template?", args.ID),
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"template": map[string]any{"type": "string", "enum": []string{"meeting", "journal", "recipe"}},
				},
				"required": []string{"template"},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			tpl, _ := res.Content["template"].(string)
			if _, err := db.ExecContext(ctx, "UPDATE notes SET body = (SELECT body FROM templates WHERE name = ?) WHERE id = ?", tpl, args.ID); err != nil {
				return nil, nil, err
			}
			return reply("Template applied."), nil, nil
		case "decline", "cancel":
			return reply("Unchanged."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNoteLink(server *mcp.Server, linked map[string]bool) {
	mcp.AddTool(server, &mcp.Tool{Name: "link_drive", Description: "Connect a cloud drive"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Connect your drive on our site.",
			URL:           "https://notes.example.com/connect/drive",
			ElicitationID: "notes-drive-oauth",
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			if linked[req.Session.ID()] {
				return reply("Drive connected."), nil, nil
			}
			return reply("Finish connecting in the browser, then call again."), nil, nil
		case "decline", "cancel":
			return reply("Not connected."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNoteSync(server *mcp.Server, linked map[string]bool) {
	mcp.AddTool(server, &mcp.Tool{Name: "sync", Description: "Sync notes with the web app"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		id := rand.Text()
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to the web app to sync.",
			URL:           "http://sync.notes.example.com/start?flow=" + id,
			ElicitationID: id,
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			if linked[id] {
				return reply("Synced."), nil, nil
			}
			return reply("Waiting for the sign-in to finish."), nil, nil
		case "decline", "cancel":
			return reply("Not synced."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNoteLocalSync(server *mcp.Server, linked map[string]bool) {
	mcp.AddTool(server, &mcp.Tool{Name: "sync_local", Description: "Sync with the desktop app"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		id := rand.Text()
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Approve the sync in the desktop app.",
			URL:           "http://localhost:8731/approve?flow=" + id,
			ElicitationID: id,
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			if linked[id] {
				return reply("Desktop app synced."), nil, nil
			}
			return reply("Waiting for the desktop app to approve."), nil, nil
		case "decline", "cancel":
			return reply("Not synced."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNoteImport(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{Name: "import_evernote", Description: "Import from Evernote"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		id := rand.Text()
		return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
			{
				Message:       "Authorize the import on Evernote.",
				URL:           "https://notes.example.com/import/evernote?flow=" + id,
				ElicitationID: id,
			},
		})
	})
}

func setupNoteTitle(server *mcp.Server, db *sql.DB) {
	mcp.AddTool(server, &mcp.Tool{Name: "retitle", Description: "Change a note's title"}, func(ctx context.Context, req *mcp.CallToolRequest, args NoteArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "New title?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"title": map[string]any{"type": "string"}},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		title := func() string {
			t, _ := res.Content["title"].(string)
			return t
		}
		log.Printf("retitle %d to %q", args.ID, title())
		switch res.Action {
		case "accept":
			if _, err := db.ExecContext(ctx, "UPDATE notes SET title = ? WHERE id = ?", title(), args.ID); err != nil {
				return nil, nil, err
			}
			return reply("Retitled."), nil, nil
		case "decline", "cancel":
			return reply("Unchanged."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupNoteSecret(server *mcp.Server, db *sql.DB) {
	mcp.AddTool(server, &mcp.Tool{Name: "lock_note", Description: "Lock a note"}, func(ctx context.Context, req *mcp.CallToolRequest, args NoteArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "Lock this note? You will unlock it in the app.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"password_hint":     map[string]any{"type": "string", "description": "A hint to help you remember your password"},
					"remember_password": map[string]any{"type": "boolean", "title": "Remember password on this device?", "default": false},
				},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			hint, _ := res.Content["password_hint"].(string)
			remember, _ := res.Content["remember_password"].(bool)
			if _, err := db.ExecContext(ctx, "UPDATE notes SET locked = 1, hint = ?, remember = ? WHERE id = ?", hint, remember, args.ID); err != nil {
				return nil, nil, err
			}
			return reply("Locked."), nil, nil
		case "decline", "cancel":
			return reply("Not locked."), nil, nil
		}
		return nil, nil, errors.New("unknown action " + res.Action)
	})
}

func setupNoteHelp(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{Name: "feedback", Description: "Send feedback"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Mode:    "form",
			Message: "Read https://notes.example.com/feedback-policy first, then tell us what you think.",
			URL:     "https://notes.example.com/feedback-policy",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"feedback": map[string]any{"type": "string"}},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			fb, _ := res.Content["feedback"].(string)
			log.Printf("feedback: %s", fb)
			return reply("Thanks!"), nil, nil
		case "decline", "cancel":
			return reply("No feedback sent."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown action %q", res.Action)
	})
}
