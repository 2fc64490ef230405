// Package migrategatemw calls another package's gate from a receiving
// middleware, which the fix cannot change: once the gate's package is
// fixed, this package does not build until the call is migrated by hand.
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
		confirmed, err := lib.ConfirmDestructive(ctx, ss, method, "") // want `ConfirmDestructive \(package .*migrategatelib\) asks the client directly, .*; no automatic fix: ConfirmDestructive is called from a receiving middleware \(the handler in destructive\): go-sdk runs its bridge for older clients inside every middleware, .*; once .*migrategatelib is fixed this package does not build until the call is migrated by hand \(round-trip\)`
		if err != nil || !confirmed {
			return nil, errors.New("cancelled")
		}
		return next(ctx, method, req)
	}
}
