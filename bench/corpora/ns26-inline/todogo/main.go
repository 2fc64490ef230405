// Command todogo is a quickstart todo server on the official go-sdk, written
// the way the README shows: tools registered inline with closures that ask the
// user directly with req.Session.Elicit.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type AddArgs struct {
	Title string `json:"title"`
}

type IDArgs struct {
	ID int `json:"id"`
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "todo", Version: "0.1.0"}, nil)

	todos := map[int]string{1: "buy milk", 2: "walk the dog"}
	nextID := 3

	mcp.AddTool(server, &mcp.Tool{Name: "clear_all", Description: "Remove every todo"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: fmt.Sprintf("Delete all %d todos?", len(todos)),
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			clear(todos)
			return text("All todos removed."), nil, nil
		case "decline":
			return text("Nothing removed."), nil, nil
		case "cancel":
			return text("Cancelled."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})

	setupDelete(server, todos)
	setupRename(server, todos)
	setupAdd(server, todos, &nextID)
	setupShare(server, todos)
	setupArchive(server, todos)
	setupMove(server, todos)
	setupSnooze(server, todos)
	setupPriority(server, todos)
	setupPurge(server, todos)
	setupTag(server, todos)
	setupExport(server, todos)
	setupSummary(server, todos)
	setupRoots(server)

	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

func setupDelete(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "delete", Description: "Delete one todo"}, func(ctx context.Context, req *mcp.CallToolRequest, args IDArgs) (*mcp.CallToolResult, any, error) {
		title, found := todos[args.ID]
		if !found {
			return text("no such todo"), nil, nil
		}
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "Delete \"" + title + "\"?",
		})
		if err != nil {
			log.Printf("could not ask the user: %v", err)
		} else if res.Action == "decline" || res.Action == "cancel" {
			return text("Kept it."), nil, nil
		}
		delete(todos, args.ID)
		return text("Deleted."), nil, nil
	})
}

func setupRename(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "rename", Description: "Rename a todo"}, func(ctx context.Context, req *mcp.CallToolRequest, args IDArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "New title?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"title": map[string]any{"type": "string", "minLength": 1},
				},
				"required": []string{"title"},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		newTitle, _ := res.Content["title"].(string)
		switch res.Action {
		case "accept":
			todos[args.ID] = newTitle
			return text("Renamed."), nil, nil
		case "decline", "cancel":
			return text("Unchanged."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupAdd(server *mcp.Server, todos map[int]string, nextID *int) {
	mcp.AddTool(server, &mcp.Tool{Name: "add", Description: "Add a todo"}, func(ctx context.Context, req *mcp.CallToolRequest, args AddArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "How urgent is \"" + args.Title + "\"?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"priority": map[string]any{"type": "string", "enum": []string{"low", "medium", "high"}},
					"due":      map[string]any{"type": "string", "format": "date"},
				},
				"required": []string{"priority"},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			priority, _ := res.Content["priority"].(string)
			due, _ := res.Content["due"].(string)
			todos[*nextID] = fmt.Sprintf("%s [%s] %s", args.Title, priority, due)
			*nextID++
			return text("Added."), nil, nil
		case "decline":
			todos[*nextID] = args.Title
			*nextID++
			return text("Added without a priority."), nil, nil
		case "cancel":
			return text("Not added."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupShare(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "share", Description: "Share the list with a friend"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "Who should get the list?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"email":    map[string]any{"type": "string", "format": "email"},
					"apiToken": map[string]any{"type": "string", "title": "Your mail provider API token"},
				},
				"required": []string{"email", "apiToken"},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			email, _ := res.Content["email"].(string)
			token, _ := res.Content["apiToken"].(string)
			return text(fmt.Sprintf("Sent %d todos to %s (token %d chars).", len(todos), email, len(token))), nil, nil
		case "decline", "cancel":
			return text("Not shared."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupArchive(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "archive", Description: "Archive a todo"}, func(ctx context.Context, req *mcp.CallToolRequest, args IDArgs) (*mcp.CallToolResult, any, error) {
		_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "Archive this todo?",
		})
		if err != nil {
			return nil, nil, err
		}
		delete(todos, args.ID)
		return text("Archived."), nil, nil
	})
}

func setupMove(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "move", Description: "Move a todo to another list"}, func(ctx context.Context, req *mcp.CallToolRequest, args IDArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "Where to?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"target": map[string]any{
						"type": "object",
						"properties": map[string]any{
							"list":    map[string]any{"type": "string"},
							"section": map[string]any{"type": "string"},
						},
					},
				},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			target, _ := res.Content["target"].(map[string]any)
			list, _ := target["list"].(string)
			delete(todos, args.ID)
			return text("Moved to " + list + "."), nil, nil
		case "decline", "cancel":
			return text("Not moved."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupSnooze(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "snooze", Description: "Snooze a todo"}, func(ctx context.Context, req *mcp.CallToolRequest, args IDArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "Snooze for how many days?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"days": map[string]any{"type": "integer", "minimum": 1, "maximum": 30},
				},
				"required": []string{"dayz"},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			days, _ := res.Content["days"].(float64)
			todos[args.ID] += fmt.Sprintf(" (snoozed %d days)", int(days))
			return text("Snoozed."), nil, nil
		case "decline", "cancel":
			return text("Not snoozed."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupPriority(server *mcp.Server, todos map[int]string) {
	// ask is shared by the two priority tools below.
	ask := func(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) {
		return ss.Elicit(ctx, &mcp.ElicitParams{
			Message: msg,
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"level": map[string]any{"type": "integer", "minimum": 1, "maximum": 5},
				},
				"required": []string{"level"},
			},
		})
	}
	mcp.AddTool(server, &mcp.Tool{Name: "set_priority", Description: "Set a priority"}, func(ctx context.Context, req *mcp.CallToolRequest, args IDArgs) (*mcp.CallToolResult, any, error) {
		res, err := ask(ctx, req.Session, "Priority for this todo (1-5)?")
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			level, ok := res.Content["level"].(float64)
			if !ok {
				return text("No level given."), nil, nil
			}
			todos[args.ID] += fmt.Sprintf(" !%d", int(level))
			return text("Priority set."), nil, nil
		case "decline":
			return text("Left as is."), nil, nil
		case "cancel":
			return text("Cancelled."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupPurge(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "purge_done", Description: "Purge finished todos"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "Purge finished todos for good?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"confirm": map[string]any{"type": "boolean", "title": "Tick to purge"},
				},
				"required": []string{"confirm"},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			for id, t := range todos {
				if len(t) > 0 && t[0] == 'x' {
					delete(todos, id)
				}
			}
			return text("Purged."), nil, nil
		case "decline", "cancel":
			return text("Kept everything."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupTag(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "estimate", Description: "Estimate a todo"}, func(ctx context.Context, req *mcp.CallToolRequest, args IDArgs) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "How many pomodoros will it take?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"count": map[string]any{"type": "integer", "minimum": 1},
				},
				"required": []string{"count"},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			count := res.Content["count"].(int)
			todos[args.ID] += fmt.Sprintf(" (~%d)", count)
			return text("Estimated."), nil, nil
		case "decline", "cancel":
			return text("No estimate."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupExport(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "export", Description: "Export the list"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"format": map[string]any{"type": "string", "enum": []string{"csv", "markdown"}},
				},
				"required": []string{"format"},
			},
		})
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			format, _ := res.Content["format"].(string)
			return text(fmt.Sprintf("Exported %d todos as %s.", len(todos), format)), nil, nil
		case "decline", "cancel":
			return text("Not exported."), nil, nil
		}
		return nil, nil, fmt.Errorf("unexpected action %q", res.Action)
	})
}

func setupSummary(server *mcp.Server, todos map[int]string) {
	mcp.AddTool(server, &mcp.Tool{Name: "summarize", Description: "Summarize the list with the client's model"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		list := ""
		for _, t := range todos {
			list += "- " + t + "\n"
		}
		msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
			MaxTokens: 200,
			Messages: []*mcp.SamplingMessage{{
				Role:    "user",
				Content: &mcp.TextContent{Text: "Summarize my todos:\n" + list},
			}},
		})
		if err != nil {
			return nil, nil, err
		}
		if tc, ok := msg.Content.(*mcp.TextContent); ok {
			return text(tc.Text), nil, nil
		}
		return text("The model answered with something other than text."), nil, nil
	})
}

func setupRoots(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{Name: "where", Description: "Show the client's roots"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		roots, err := req.Session.ListRoots(ctx, nil)
		if err != nil {
			return nil, nil, err
		}
		out := ""
		for _, r := range roots.Roots {
			out += r.URI + "\n"
		}
		return text(out), nil, nil
	})
}
