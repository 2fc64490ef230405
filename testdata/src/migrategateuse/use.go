// Package migrategateuse calls gates of another package
// (migrategatelib). ConfirmPurge has its round-trip version in the source
// already: the fix switches the calls, and this package's own wrapper, to
// it, passing the request and a key and returning the result that asks.
// ConfirmDestructive has none yet (its package's fix adds it): its calls
// are left as they are until it is there, so that this package builds
// whether or not that fix is applied.
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
	confirmed, err := lib.ConfirmPurge(ctx, req.Session, in.Series) // want `ConfirmPurge \(package .*migrategatelib\) asks the client directly, which sessions that negotiate protocol 2026-07-28 refuse: call ConfirmPurgeRoundTrip, its round-trip version, which takes the call's request and a key and returns the result that asks, and return that result from the handler \(round-trip\)`
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
	return lib.ConfirmPurge(ctx, ss, "tombstones")
}

func cleanTombstones(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if ok, err := confirmClean(ctx, req.Session); err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("cleaned"), nil, nil
}

// ConfirmDestructive has no round-trip version in the source yet: no
// finding here, and the call stays as it is (the gate's own finding, in
// its package, carries the fix that adds the version).
func compact(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	ok, err := lib.ConfirmDestructive(ctx, req.Session, "compact", in.Series)
	if err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("compacted"), nil, nil
}

// describeFirst calls a function of a package elicitlint does not
// summarise before its request: refused, naming the pattern that
// vouches for it.
func describeFirst(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	what := lib.Describe(in.Series)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop " + what + "?"}) // want "ServerSession.Elicit fails .*; no automatic fix: `lib.Describe\\(in.Series\\)` before the request runs again on the call that brings the answer, which elicitlint cannot see into \\(if it only reads, vouch for it with -replay-safe='migrategatelib.Describe'\\); until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("kept"), nil, nil
	}
	return reply("dropped"), nil, nil
}
