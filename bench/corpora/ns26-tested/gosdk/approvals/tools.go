package approvals

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/tested/gosdk/gatekit"
)

// ProjectIn names a project.
type ProjectIn struct {
	Name string `json:"name"`
}

// RenameIn renames a project.
type RenameIn struct {
	Name string `json:"name"`
	To   string `json:"to"`
}

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Tools holds the project tools.
type Tools struct {
	Store Store
	Gate  *Gate
}

func (t *Tools) DeleteProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Delete project " + in.Name + "?",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("cannot confirm: %w", err)
	}
	switch res.Action {
	case "accept":
		if err := t.Store.Delete(in.Name); err != nil {
			return nil, nil, err
		}
		return text("deleted " + in.Name), nil, nil
	case "decline":
		return text("kept " + in.Name), nil, nil
	case "cancel":
		return text("nothing deleted"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) PurgeProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Purge all data of " + in.Name + "?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("could not ask, purging anyway: %v", err)
	} else if res.Action == "decline" || res.Action == "cancel" {
		return text("not purged"), nil, nil
	} else if res.Action != "accept" {
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if err := t.Store.Purge(in.Name); err != nil {
		return nil, nil, err
	}
	return text("purged"), nil, nil
}

func (t *Tools) ArchiveProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Archive " + in.Name + "?", RequestedSchema: confirmSchema})
	if err != nil {
		return nil, nil, err
	}
	if err := t.Store.Archive(in.Name); err != nil {
		return nil, nil, err
	}
	return text("archived"), nil, nil
}

// asker is what RenameProject asks through; only sessions go in (tests put fakes in).
type asker interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func (t *Tools) RenameProject(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	var a asker = req.Session
	return t.renameWith(ctx, a, in)
}

func (t *Tools) renameWith(ctx context.Context, a asker, in RenameIn) (*mcp.CallToolResult, any, error) {
	res, err := a.Elicit(ctx, &mcp.ElicitParams{Message: "Rename " + in.Name + " to " + in.To + "?", RequestedSchema: confirmSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if err := t.Store.Rename(in.Name, in.To); err != nil {
			return nil, nil, err
		}
		return text("renamed"), nil, nil
	case "decline", "cancel":
		return text("not renamed"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) TagProject(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	ok, err := gatekit.ConfirmWith(ctx, req.Session, "tagging "+in.Name)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("not tagged"), nil, nil
	}
	if err := t.Store.Tag(in.Name, in.To); err != nil {
		return nil, nil, err
	}
	return text("tagged"), nil, nil
}

func (t *Tools) ResetProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	ok, err := t.Gate.ConfirmStrict(ctx, "Reset "+in.Name+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("not reset"), nil, nil
	}
	if err := t.Store.Purge(in.Name); err != nil {
		return nil, nil, err
	}
	return text("reset"), nil, nil
}

func (t *Tools) DropProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + in.Name + "?", RequestedSchema: confirmSchema})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, nil, err
		}
		log.Printf("elicitation unavailable: %v", err)
		res = &mcp.ElicitResult{Action: "accept"}
	}
	switch res.Action {
	case "accept":
		if err := t.Store.Delete(in.Name); err != nil {
			return nil, nil, err
		}
		return text("dropped"), nil, nil
	case "decline", "cancel":
		return text("kept"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Register adds the tools to s.
func Register(s *mcp.Server, t *Tools) {
	mcp.AddTool(s, &mcp.Tool{Name: "delete_project"}, t.DeleteProject)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_project"}, t.PurgeProject)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_project"}, t.ArchiveProject)
	mcp.AddTool(s, &mcp.Tool{Name: "rename_project"}, t.RenameProject)
	mcp.AddTool(s, &mcp.Tool{Name: "tag_project"}, t.TagProject)
	mcp.AddTool(s, &mcp.Tool{Name: "reset_project"}, t.ResetProject)
	mcp.AddTool(s, &mcp.Tool{Name: "drop_project"}, t.DropProject)
}

// NewServer builds the project server (not pinned: it negotiates 2026-07-28).
func NewServer(t *Tools) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "projects", Version: "1.0.0"}, nil)
	Register(s, t)
	return s
}
