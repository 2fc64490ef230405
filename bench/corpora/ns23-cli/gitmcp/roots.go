package gitmcp

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/cli/vcs"
)

// workspaceRoot returns the first of the client's roots that holds a devtool
// repository, or fallback.
func workspaceRoot(ctx context.Context, ss *mcp.ServerSession, fallback string) string {
	res, err := ss.ListRoots(ctx, nil)
	if err != nil {
		return fallback
	}
	for _, r := range res.Roots {
		if dir, ok := strings.CutPrefix(r.URI, "file://"); ok && vcs.IsRepo(dir) {
			return dir
		}
	}
	return fallback
}

type logIn struct {
	Count int `json:"count,omitempty"`
}

// logTool lists the recent commits of the client's workspace.
func (t *tools) logTool(ctx context.Context, req *mcp.CallToolRequest, in logIn) (*mcp.CallToolResult, any, error) {
	dir := workspaceRoot(ctx, req.Session, t.repo.Dir)
	repo, err := vcs.Open(dir)
	if err != nil {
		return nil, nil, err
	}
	n := in.Count
	if n <= 0 {
		n = 10
	}
	lines, err := repo.Log(ctx, n)
	if err != nil {
		return nil, nil, err
	}
	return textResult(strings.Join(lines, "\n")), nil, nil
}

type statusIn struct{}

// status shows the working tree of the client's workspace: the first root
// that is a devtool repository, asked for through the round trip, or the
// server's own repository for a client without roots.
func (t *tools) status(ctx context.Context, req *mcp.CallToolRequest, in statusIn) (*mcp.CallToolResult, any, error) {
	dir := t.repo.Dir
	roots, ok := req.Params.InputResponses["roots"].(*mcp.ListRootsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.RootsV2 != nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil
		}
	} else {
		for _, r := range roots.Roots {
			if d, ok := strings.CutPrefix(r.URI, "file://"); ok && vcs.IsRepo(d) {
				dir = d
				break
			}
		}
	}
	names, err := t.repo.Status(ctx, dir)
	if err != nil {
		return nil, nil, err
	}
	return textResult(dir + ":\n" + strings.Join(names, "\n")), nil, nil
}
