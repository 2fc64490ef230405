// Package migrategatemw calls another package's gate from a receiving
// middleware. go-sdk runs its bridge for older clients inside the
// middleware chain, so the fix moves the call to the gate's round-trip
// version on tools/call requests of protocol 2026-07-28 only, and keeps
// the direct request for every other (migrategatemwinit is the near
// miss).
package migrategatemw

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	lib "migrategatelib"
)

func destructive(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != "tools/call" {
			return next(ctx, method, req)
		}
		ss, _ := req.GetSession().(*mcp.ServerSession)
		confirmed, err := lib.ConfirmPurge(ctx, ss, method) // want `ConfirmPurge \(package .*migrategatelib\) asks the client directly, .*call ConfirmPurgeRoundTrip, its round-trip version, .*return that result from the handler \(round-trip\)`
		if err != nil || !confirmed {
			return nil, errors.New("cancelled")
		}
		return next(ctx, method, req)
	}
}
