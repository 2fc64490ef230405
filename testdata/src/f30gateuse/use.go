// Package f30gateuse calls f30gatelib's gate, which it knows by its fact.
package f30gateuse

import (
	"context"
	"log"

	"f30gatelib"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DropIn struct{ Table string }

func drop(table string) {}

func dropTable(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	ok, err := f30gatelib.Confirm(ctx, req.Session, "Drop "+in.Table+"?")
	if err != nil {
		log.Printf("cannot ask: %v", err)
	} else if !ok {
		return nil, "kept", nil
	}
	drop(in.Table) // want `dropTable reaches drop\(...\) when f30gatelib.Confirm fails, as only an accepted answer should: it fails when its ServerSession.Elicit request does.*\(fail-open\)`
	return nil, "dropped", nil
}

// A wrapper in this package gets the fact too.
func confirmDrop(ctx context.Context, ss *mcp.ServerSession, table string) (bool, error) {
	return f30gatelib.Confirm(ctx, ss, "Drop "+table+"?")
}

func dropClosed(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmDrop(ctx, req.Session, in.Table)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, "kept", nil
	}
	drop(in.Table)
	return nil, "dropped", nil
}
