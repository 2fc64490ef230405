// Package editmcp serves devtool's file edits over MCP with mcp-go. Edits
// that cannot be undone confirm through elicitation, the workspace comes
// from the client's roots, and change descriptions are written by the
// client's model.
package editmcp

import (
	"context"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Options are the flags of `devtool serve` that concern file edits.
type Options struct {
	Root   string // workspace used when the client has no roots
	DryRun bool
}

// asker is what the editor needs to ask the user directly.
type asker interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

type editor struct {
	srv    *server.MCPServer
	ask    asker
	root   string
	dryRun bool
}

var yesNoSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

func (e *editor) abs(rel string) string {
	return filepath.Join(e.root, filepath.Clean("/"+rel))
}

func saveFile(path string, data []byte) error {
	return os.WriteFile(path, data, 0o644)
}

// NewServer builds the editing server; `devtool serve` runs it.
func NewServer(opts Options) *server.MCPServer {
	s := server.NewMCPServer("devtool-edit", "0.9.0", server.WithToolCapabilities(false))
	e := &editor{srv: s, ask: s, root: opts.Root, dryRun: opts.DryRun}

	path := mcp.WithString("path", mcp.Required(), mcp.Description("path relative to the workspace"))
	s.AddTool(mcp.NewTool("apply_patch", mcp.WithDescription("Apply a unified diff"), mcp.WithString("patch", mcp.Required())), e.applyPatch)
	s.AddTool(mcp.NewTool("replace_file", mcp.WithDescription("Replace a file's content"), path, mcp.WithString("content", mcp.Required())), e.replaceFile)
	s.AddTool(mcp.NewTool("write_file", mcp.WithDescription("Write a file"), path), e.writeTool)
	s.AddTool(mcp.NewTool("delete_files", mcp.WithDescription("Delete files"), mcp.WithArray("paths", mcp.Required(), mcp.WithStringItems())), e.deleteFiles)
	s.AddTool(mcp.NewTool("rename_symbol", mcp.WithDescription("Rename a symbol across the workspace"), mcp.WithString("symbol", mcp.Required())), e.renameSymbol)
	s.AddTool(mcp.NewTool("format_all", mcp.WithDescription("Reformat every file")), e.formatAll)
	s.AddTool(mcp.NewTool("describe_change", mcp.WithDescription("Describe the pending edits")), e.describeChange)
	s.AddTool(mcp.NewTool("summarize", mcp.WithDescription("Summarize a file"), path), e.summarize)
	s.AddTool(mcp.NewTool("list_workspace", mcp.WithDescription("List the workspace's files")), e.listWorkspace)
	s.AddTool(mcp.NewTool("open_roots", mcp.WithDescription("Show the client's roots")), e.openRoots)
	s.AddTool(mcp.NewTool("find_files", mcp.WithDescription("Find files by name"), mcp.WithString("pattern", mcp.Required())), e.findFiles)
	s.AddTool(mcp.NewTool("insert_license", mcp.WithDescription("Add a license header"), path), e.insertLicense)
	s.AddTool(mcp.NewTool("bulk_replace", mcp.WithDescription("Replace text in many files"), mcp.WithString("pattern", mcp.Required())), e.bulkReplace)
	s.AddTool(mcp.NewTool("set_file_mode", mcp.WithDescription("Change a file's permissions"), path), e.setFileMode)
	s.AddTool(mcp.NewTool("create_file", mcp.WithDescription("Create a file"), path), e.createFile)
	s.AddTool(mcp.NewTool("move_file", mcp.WithDescription("Move a file"), path, mcp.WithString("to", mcp.Required())), e.moveFile)
	s.AddTool(mcp.NewTool("revert_file", mcp.WithDescription("Revert a file to its last committed state"), path), e.revertFile)
	s.AddTool(mcp.NewTool("reindent", mcp.WithDescription("Reindent a file"), path), e.reindent)
	s.AddTool(mcp.NewTool("trim_whitespace", mcp.WithDescription("Trim trailing whitespace"), path), e.trimWhitespace)
	s.AddTool(mcp.NewTool("truncate_file", mcp.WithDescription("Empty a file"), path), e.truncateFile)
	return s
}
