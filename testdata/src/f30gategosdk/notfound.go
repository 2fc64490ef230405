package f30gategosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// rpcError is a JSON-RPC error as a transport reports it.
type rpcError struct{ Code int }

func (e *rpcError) Error() string { return "rpc error" }

const methodNotFound = -32601

// confirmUnlessUnsupported goes ahead when the client answers that it has
// no such method: the test reads the error the request returned, through
// errors.As, and is not an operator's setting (issue 36 §2).
func confirmUnlessUnsupported(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
	if err != nil {
		var rpcErr *rpcError
		if errors.As(err, &rpcErr) && rpcErr.Code == methodNotFound {
			return true, nil // want `confirmUnlessUnsupported returns true when ServerSession.Elicit fails.*\(fail-open\)`
		}
		return false, err
	}
	return res.Action == "accept", nil
}

// closedUnlessUnsupported refuses on every error: right.
func closedUnlessUnsupported(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
	if err != nil {
		var rpcErr *rpcError
		if errors.As(err, &rpcErr) && rpcErr.Code == methodNotFound {
			return false, nil
		}
		return false, err
	}
	return res.Action == "accept", nil
}
