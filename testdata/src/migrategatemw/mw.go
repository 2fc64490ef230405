// Package migrategatemw calls another package's gate from a receiving
// middleware, which the fix cannot change: the call keeps the old gate,
// which its package keeps beside its round-trip version, so this package
// builds as it is.
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
		confirmed, err := lib.ConfirmPurge(ctx, ss, method) // want `ConfirmPurge \(package .*migrategatelib\) asks the client directly, .*call ConfirmPurgeRoundTrip, its round-trip version, .*; no automatic fix: ConfirmPurge is called from a receiving middleware \(the handler in destructive\): go-sdk runs its bridge for older clients inside every middleware, .* \(round-trip\)`
		if err != nil || !confirmed {
			return nil, errors.New("cancelled")
		}
		return next(ctx, method, req)
	}
}
