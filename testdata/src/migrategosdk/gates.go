package migrategosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Confirm is the confirmation gate real servers write: a helper that asks
// and returns whether to go ahead. Its request names the handlers and the
// middleware that reach it; the migration of a gate is written by hand
// (docs/round-trip.md).
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:`elicitWrapper\(2:Message\) mode=form` Confirm:`decision\(0=true,none=false,ServerSession.Elicit,always\)`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; reached from deleteSeries, the handler in gate; no automatic fix: the request is made outside a tool, prompt or resource handler, with no result to return it in; see the docs for migrating a confirmation helper with its callers \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func deleteSeries(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	ok, err := Confirm(ctx, req.Session, "Delete the series?")
	if err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("deleted"), nil, nil
}

func gate(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		ss, _ := req.GetSession().(*mcp.ServerSession)
		if ok, err := Confirm(ctx, ss, "Run "+method+"?"); err != nil || !ok {
			return nil, errors.New("not confirmed")
		}
		return next(ctx, method, req)
	}
}

// A request outside any handler (a server's main, after Connect): there is
// no result to return it in.
func configure(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Configure?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*: return the request from the tool, prompt or resource handler that needs the answer, in its result's InputRequests, and read the answer from InputResponses .*; no automatic fix: the request is made outside a tool, prompt or resource handler, with no result to return it in; see the docs for migrating a confirmation helper with its callers \(round-trip\)`
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errors.New("not configured")
	}
	return nil
}
