// Package migrategatetest holds gates that tests call. The fix leaves
// test files as they are, so it leaves the functions they call as they
// are too and adds their round-trip versions beside them, which the
// handlers switch to: the tests still build and test the old functions.
// That holds for an unexported gate a test names (purge), which would
// otherwise change in place. gate.go.golden is the fix; the real-SDK
// proof runs go vet, tests included, on it.
package migrategatetest

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"sure": map[string]any{"type": "boolean"}}}

type In struct{ Name string }

// Confirm skips the question when there is no session, as in tests.
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` Confirm:`elicitWrapper\(2:Message\) mode=form`
	if ss == nil {
		return true, nil
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: schema}) // want `ServerSession.Elicit fails .*; reached from remove \(round-trip\)`
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		sure, _ := res.Content["sure"].(bool)
		return sure, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, nil
}

// ConfirmDelete is a wrapper: its signature changes too.
func ConfirmDelete(ctx context.Context, ss *mcp.ServerSession, name string) (bool, error) { // want ConfirmDelete:`decision\(0=true,none=false,ServerSession\.Elicit,always\)`
	return Confirm(ctx, ss, "Delete "+name+"?")
}

// Label is not part of the migration: tests that call it are left alone.
func Label(name string) string { return "item " + name }

func remove(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	ok, err := ConfirmDelete(ctx, req.Session, in.Name)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed " + Label(in.Name)}}}, nil, nil
}

func register(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "remove"}, remove)
}

// purge is unexported, but the package's test calls it: it stays, and
// purgeRoundTrip is added for the handler.
func purge(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Purge " + what + "?", RequestedSchema: schema}) // want `ServerSession.Elicit fails .*; reached from purgeAll \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func purgeAll(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	ok, err := purge(ctx, req.Session, "everything")
	if err != nil || !ok {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "purged"}}}, nil, nil
}

func registerPurge(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "purge"}, purgeAll)
}
