package migrategosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A variable only the error check uses: the guard runs a copy of the
// check for a client that cannot be asked, so the variable stays.
func labelled(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	label := "deleting the index"
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Delete the index?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return reply(fmt.Sprintf("%s: %v", label, err)), nil, nil
	}
	if res.Action != "accept" {
		return reply("kept"), nil, nil
	}
	return reply("deleted"), nil, nil
}

// A test for a sentinel before the error check: both run for a client
// that cannot be asked, and for an answer the schema rejects.
func timedOut(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Rebuild the index?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if errors.Is(err, context.DeadlineExceeded) {
		return reply("no answer in time"), nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("kept"), nil, nil
	}
	return reply("rebuilt"), nil, nil
}
