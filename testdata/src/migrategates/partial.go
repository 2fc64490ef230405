package migrategates

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Gates with a caller that cannot move: the fix leaves the gate as it is
// for that caller and adds its round-trip version for the callers that
// can, so the package builds whichever way it is called.

// confirmWipe is unexported, but a receiving middleware calls it besides
// a handler: it would change in place if every caller moved.
func confirmWipe(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + what + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*: return the request from the tool, prompt or resource handler that needs the answer, .*; reached from wipe, the handler in wipeGuard \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func wipe(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	ok, err := confirmWipe(ctx, req.Session, in.Series)
	if err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("wiped"), nil, nil
}

func wipeGuard(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		ss, _ := req.GetSession().(*mcp.ServerSession)
		if ok, err := confirmWipe(ctx, ss, method); err != nil || !ok {
			return nil, errors.New("not confirmed")
		}
		return next(ctx, method, req)
	}
}

// confirmShred is used as a value besides its call in a handler: the
// value keeps the old function.
func confirmShred(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Shred " + what + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; reached from shred \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

var shredders = map[string]func(context.Context, *mcp.ServerSession, string) (bool, error){"default": confirmShred}

func shred(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if ok, err := confirmShred(ctx, req.Session, in.Series); err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("shredded"), nil, nil
}

// confirmTrim is unexported, its one caller moves, and no test names it:
// it changes in place, with no old function left (the near miss).
func confirmTrim(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Trim " + what + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; reached from trim \(round-trip\)`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

func trim(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if ok, err := confirmTrim(ctx, req.Session, in.Series); err != nil || !ok {
		return reply("kept"), nil, nil
	}
	return reply("trimmed"), nil, nil
}

func registerPartial(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "wipe"}, wipe)
	mcp.AddTool(s, &mcp.Tool{Name: "shred"}, shred)
	mcp.AddTool(s, &mcp.Tool{Name: "trim"}, trim)
	s.AddReceivingMiddleware(wipeGuard)
}
