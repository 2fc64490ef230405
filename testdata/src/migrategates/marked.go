package migrategates

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Work before the call that elicitlint cannot see into (a method of an
// interface), which the author marks as replay-safe: the gate and its
// caller are migrated. marked.go.golden shows the rewrite.
type documents interface {
	Get(ctx context.Context, id string) (string, error)
}

var docs documents

func ConfirmRemove(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want ConfirmRemove:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` ConfirmRemove:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*: return the request from the tool, prompt or resource handler that needs the answer, .*; reached from removeDocument \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func removeDocument(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	//elicitlint:replay-safe Get only reads the document, so reading it again on the retry is harmless
	title, err := docs.Get(ctx, in.Series)
	if err != nil {
		return nil, nil, err
	}
	if ok, err := ConfirmRemove(ctx, req.Session, "Remove "+title+"?"); err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("removed"), nil, nil
}

// The same read, unmarked: elicitlint cannot tell that Get only reads.
func ConfirmArchive(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want ConfirmArchive:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` ConfirmArchive:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}) // want "ServerSession.Elicit fails .*; no automatic fix: `docs.Get\\(ctx, in.Series\\)` before the call of ConfirmArchive at line \\d+ runs again on the call that brings the answer; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func archiveDocument(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	title, err := docs.Get(ctx, in.Series)
	if err != nil {
		return nil, nil, err
	}
	if ok, err := ConfirmArchive(ctx, req.Session, "Archive "+title+"?"); err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("archived"), nil, nil
}

// A trailing mark covers its own line only: the read below it is not
// vouched for.
func ConfirmTrailing(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want ConfirmTrailing:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` ConfirmTrailing:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}) // want "ServerSession.Elicit fails .*; no automatic fix: `docs.Get\\(ctx, title\\)` before the call of ConfirmTrailing at line \\d+ runs again on the call that brings the answer; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func trailing(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	title, err := docs.Get(ctx, in.Series) //elicitlint:replay-safe Get only reads
	if err != nil {
		return nil, nil, err
	}
	if _, err := docs.Get(ctx, title); err != nil {
		return nil, nil, err
	}
	if ok, err := ConfirmTrailing(ctx, req.Session, "Move "+title+"?"); err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("moved"), nil, nil
}

func registerMarked(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "remove_document"}, removeDocument)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_document"}, archiveDocument)
	mcp.AddTool(s, &mcp.Tool{Name: "trailing"}, trailing)
}
