package projimpl

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The action returned as a string is checked at the caller.
func caller(ctx context.Context, ss *mcp.ServerSession) error {
	a, err := Decide(ctx, ss)
	if err != nil {
		return err
	}
	if a == "decline" { // want `elicitation result is not handled for "cancel".*\(actions\)`
		return errors.New("declined")
	}
	return nil
}
