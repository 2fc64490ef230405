package migrategates

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A gate tested where it is called, in an if's condition that evaluates
// it first: the call moves into the if's init, and the condition tests
// its result.

func confirmBulk(ctx context.Context, ss *mcp.ServerSession, what string) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Close all of " + what + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; reached from bulkClose, bulkArchive \(round-trip\)`
	if err != nil {
		return false
	}
	switch res.Action {
	case "accept":
		return true
	case "decline", "cancel":
		return false
	}
	return false
}

func bulkClose(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if in.Series == "" {
		return reply("nothing to close"), nil, nil
	}
	if !confirmBulk(ctx, req.Session, in.Series) {
		return reply("not closed"), nil, nil
	}
	return reply("closed " + in.Series), nil, nil
}

// bulkArchive tests it in an else if, with more after it.
func bulkArchive(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if in.Series == "" {
		return reply("nothing to archive"), nil, nil
	} else if confirmBulk(ctx, req.Session, in.Series) && in.Series != "keep" {
		return reply("archived " + in.Series), nil, nil
	}
	return reply("not archived"), nil, nil
}

// The near miss: the gate is evaluated after another test, which may
// skip it.
func confirmPrune(ctx context.Context, ss *mcp.ServerSession, what string) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Prune " + what + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: the call of confirmPrune at line \d+ is inside an expression; .*\(round-trip\)`
	if err != nil {
		return false
	}
	switch res.Action {
	case "accept":
		return true
	case "decline", "cancel":
		return false
	}
	return false
}

func bulkPrune(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if in.Series != "" && !confirmPrune(ctx, req.Session, in.Series) {
		return reply("not pruned"), nil, nil
	}
	return reply("pruned"), nil, nil
}

func registerCond(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "close"}, bulkClose)
	mcp.AddTool(s, &mcp.Tool{Name: "archive"}, bulkArchive)
	mcp.AddTool(s, &mcp.Tool{Name: "prune"}, bulkPrune)
}
