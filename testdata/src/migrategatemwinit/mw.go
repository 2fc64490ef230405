// Package migrategatemwinit calls another package's gate in the init of
// an if in a receiving middleware: the fix does not split the if, so the
// call keeps the old gate, which its package keeps beside its round-trip
// version, and this package builds as it is.
package migrategatemwinit

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	lib "migrategatelib"
)

func destructiveInit(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		ss, _ := req.GetSession().(*mcp.ServerSession)
		if confirmed, err := lib.ConfirmPurge(ctx, ss, method); err != nil || !confirmed { // want `ConfirmPurge \(package .*migrategatelib\) asks the client directly, .*; no automatic fix: ConfirmPurge is called from a receiving middleware \(the handler in destructiveInit\): go-sdk runs its bridge for older clients inside every middleware, .* \(round-trip\)`
			return nil, errors.New("cancelled")
		}
		return next(ctx, method, req)
	}
}
