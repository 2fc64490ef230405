// Package migrategatetest holds a gate that the round-trip fix migrates
// with its callers, and tests that call it: the fix leaves test files as
// they are, so once it has run they no longer build, and the finding at
// each test's first call of a changed function says so. gate.go.golden
// is the fix; the package is listed as broken in the real-SDK proof,
// which shows that go vet then fails on the tests.
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
