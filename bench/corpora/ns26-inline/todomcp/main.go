// Command todomcp is the mcp-go flavour of the todo quickstart: tools are
// closures passed to s.AddTool that ask the user with s.RequestElicitation.
package main

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("todo", "0.1.0", server.WithElicitation())
	todos := map[int]string{1: "buy milk", 2: "call mom"}

	s.AddTool(mcp.NewTool("clear_all", mcp.WithDescription("Remove every todo")), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         fmt.Sprintf("Delete all %d todos?", len(todos)),
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}})
		if err != nil {
			return mcp.NewToolResultError("could not ask: " + err.Error()), nil
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			clear(todos)
			return mcp.NewToolResultText("All todos removed."), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("Nothing removed."), nil
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Cancelled."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})

	setupDelete(s, todos)
	setupRename(s, todos)
	setupAdd(s, todos)
	setupShare(s, todos)
	setupNotify(s, todos)
	setupImportURL(s, todos)
	setupPriority(s, todos)
	setupMove(s, todos)
	setupSchemaString(s, todos)
	setupSessionAsk(s, todos)
	setupSample(s, todos)
	setupSnooze(s, todos)

	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}

func setupDelete(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("delete", mcp.WithNumber("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetInt("id", 0)
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         fmt.Sprintf("Delete todo %d?", id),
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}})
		if err == nil {
			switch result.Action {
			case mcp.ElicitationResponseActionAccept:
			case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
				return mcp.NewToolResultText("Kept it."), nil
			default:
				return nil, fmt.Errorf("unexpected action %q", result.Action)
			}
		}
		delete(todos, id)
		return mcp.NewToolResultText("Deleted."), nil
	})
}

func setupRename(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("rename", mcp.WithNumber("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetInt("id", 0)
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "New title?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"title": map[string]any{"type": "string"}},
				"required":   []string{"title"},
			},
		}})
		if err != nil {
			return nil, err
		}
		data := result.Content.(map[string]any)
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			title, _ := data["title"].(string)
			todos[id] = title
			return mcp.NewToolResultText("Renamed."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Unchanged."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupAdd(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("add", mcp.WithString("title", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		title := request.GetString("title", "")
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "How urgent is \"" + title + "\"?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"priority": map[string]any{"type": "string", "enum": []string{"low", "medium", "high"}},
				},
				"required": []string{"priority"},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, ok := result.Content.(map[string]any)
			if !ok {
				return nil, errors.New("no content in the answer")
			}
			priority, _ := data["priority"].(string)
			todos[len(todos)+1] = title + " [" + priority + "]"
			return mcp.NewToolResultText("Added."), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("Not added."), nil
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Cancelled."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupShare(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("share", mcp.WithString("with", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		with := request.GetString("with", "")
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Share your todo list with " + with + "?",
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText(fmt.Sprintf("Shared %d todos with %s.", len(todos), with)), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not shared."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupNotify(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("complete", mcp.WithNumber("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetInt("id", 0)
		s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Mark todo as done and remove it?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}})
		delete(todos, id)
		return mcp.NewToolResultText("Done."), nil
	})
}

func setupImportURL(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("import_trello"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		session := server.ClientSessionFromContext(ctx)
		result, err := s.RequestURLElicitation(ctx, session, "trello-import",
			"https://todo.example.com/import/trello", "Authorize the Trello import.")
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText(fmt.Sprintf("Import started; you have %d todos now, more will appear.", len(todos))), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Nothing imported."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupPriority(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("set_level", mcp.WithNumber("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetInt("id", 0)
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Priority level (1-5)?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"level": map[string]any{"type": "integer", "minimum": 1, "maximum": 5}},
				"required":   []string{"level"},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := result.Content.(map[string]any)
			level, ok := data["level"].(int)
			if !ok {
				return mcp.NewToolResultError("level must be a number"), nil
			}
			todos[id] += fmt.Sprintf(" !%d", level)
			return mcp.NewToolResultText("Level set."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Unchanged."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupMove(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("label", mcp.WithNumber("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetInt("id", 0)
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Labels for this todo?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"labels": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
				},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := result.Content.(map[string]any)
			labels, _ := data["labels"].([]any)
			todos[id] += fmt.Sprintf(" %v", labels)
			return mcp.NewToolResultText("Labelled."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Unchanged."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupSchemaString(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("due_date", mcp.WithNumber("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetInt("id", 0)
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "When is it due?",
			RequestedSchema: `{"type":"object","properties":{"due":{"type":"string","format":"date"}},"required":["due"]}`,
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := result.Content.(map[string]any)
			due, _ := data["due"].(string)
			todos[id] += " (due " + due + ")"
			return mcp.NewToolResultText("Due date set."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No due date."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupSessionAsk(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("duplicate", mcp.WithNumber("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetInt("id", 0)
		sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
		if !ok {
			return mcp.NewToolResultError("this client cannot be asked"), nil
		}
		result, err := sess.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         fmt.Sprintf("Duplicate todo %d?", id),
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			todos[len(todos)+1] = todos[id]
			return mcp.NewToolResultText("Duplicated."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not duplicated."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupSample(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("suggest"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		list := ""
		for _, t := range todos {
			list += "- " + t + "\n"
		}
		res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
			MaxTokens: 200,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.TextContent{Type: "text", Text: "Suggest what to do first:\n" + list},
			}},
		}})
		if err != nil {
			return nil, err
		}
		if tc, ok := res.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultText("The model did not answer with text."), nil
	})
}

func setupSnooze(s *server.MCPServer, todos map[int]string) {
	s.AddTool(mcp.NewTool("drop", mcp.WithNumber("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetInt("id", 0)
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         fmt.Sprintf("Drop todo %d without doing it?", id),
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}})
		if err != nil {
			return nil, err
		}
		if result.Action == mcp.ElicitationResponseActionDecline {
			return mcp.NewToolResultText("Kept."), nil
		}
		delete(todos, id)
		return mcp.NewToolResultText("Dropped."), nil
	})
}
