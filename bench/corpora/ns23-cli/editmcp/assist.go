package editmcp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func (e *editor) pendingDiff() string {
	b, err := os.ReadFile(filepath.Join(e.root, ".devtool", "index.diff"))
	if err != nil {
		return ""
	}
	return string(b)
}

// describeChange has the client's model describe the pending edits.
func (e *editor) describeChange(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.SamplingResponse(request.Params.InputResponses, "describe_change")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("describing edits needs a client that lets the server use its model"), nil
		}
		return server.NewInputRequestBuilder("").Sample("describe_change", mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Describe these edits in one paragraph:\n\n" + e.pendingDiff()),
			}},
		}).ToolResult(), nil
	}
	text, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model did not answer with text"), nil
	}
	return mcp.NewToolResultText(text.Text), nil
}

// summarize has the client's model summarize a file.
func (e *editor) summarize(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.SamplingResponse(request.Params.InputResponses, "summarize")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("summarizing needs a client that lets the server use its model"), nil
		}
		b, err := os.ReadFile(e.abs(path))
		if err != nil {
			return nil, err
		}
		return server.NewInputRequestBuilder("").Sample("summarize", mcp.CreateMessageParams{
			MaxTokens: 400,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Summarize this file for a code reviewer:\n\n" + string(b)),
			}},
		}).ToolResult(), nil
	}
	parsed, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("unreadable answer from the model: " + err.Error()), nil
	}
	var parts []string
	switch c := parsed.(type) {
	case mcp.TextContent:
		parts = append(parts, c.Text)
	case []mcp.Content:
		for _, block := range c {
			if tc, ok := block.(mcp.TextContent); ok {
				parts = append(parts, tc.Text)
			}
		}
	}
	if len(parts) == 0 {
		return mcp.NewToolResultError("the model did not answer with text"), nil
	}
	return mcp.NewToolResultText(strings.Join(parts, "\n")), nil
}

// workspace returns the directory of the client's first root, or the
// configured root.
func (e *editor) workspace(ctx context.Context) string {
	res, err := e.srv.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil || len(res.Roots) == 0 {
		return e.root
	}
	if dir, ok := strings.CutPrefix(res.Roots[0].URI, "file://"); ok {
		return dir
	}
	return e.root
}

// findFiles finds files of the client's workspace by name.
func (e *editor) findFiles(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	pattern, err := request.RequireString("pattern")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	matches, err := filepath.Glob(filepath.Join(e.workspace(ctx), pattern))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(strings.Join(matches, "\n")), nil
}

// listWorkspace lists the files of the client's first root, asked for
// through the round trip, or of the configured root.
func (e *editor) listWorkspace(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	dir := e.root
	res := server.RootsResponse(request.Params.InputResponses, "roots")
	if res == nil {
		if caps := clientCaps(ctx); caps != nil && caps.Roots != nil {
			return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
		}
	} else if len(res.Roots) > 0 {
		if d, ok := strings.CutPrefix(res.Roots[0].URI, "file://"); ok {
			dir = d
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, en := range entries {
		names = append(names, en.Name())
	}
	return mcp.NewToolResultText(dir + ":\n" + strings.Join(names, "\n")), nil
}

// openRoots shows the roots the client's session reports.
func (e *editor) openRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return mcp.NewToolResultError("this client does not share its roots"), nil
	}
	res, err := sess.ListRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("listing the roots: %v", err)), nil
	}
	var uris []string
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}
