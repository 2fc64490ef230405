// Package migrategateuse calls a gate of another package
// (migrategatelib): its fix changes the calls, and its own wrapper, to
// pass the request and a key and to return the result that asks.
package migrategateuse

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	lib "migrategatelib"
)

type SeriesIn struct{ Series string }

func reply(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func deleteSeries(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	confirmed, err := lib.ConfirmDestructive(ctx, req.Session, "delete_series", in.Series) // want `ConfirmDestructive \(package .*migrategatelib\) asks the client directly, which sessions that negotiate protocol 2026-07-28 refuse: the fix of its package makes it take the call's request and a key and return the result that asks, so this call must return that result from the handler \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if !confirmed {
		return reply("cancelled"), nil, nil
	}
	return reply("deleted " + in.Series), nil, nil
}

// A wrapper of this package between the gate and a handler changes too.
func confirmClean(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	return lib.ConfirmDestructive(ctx, ss, "clean_tombstones", "")
}

func cleanTombstones(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if ok, err := confirmClean(ctx, req.Session); err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("cleaned"), nil, nil
}
