// Package migrategatelib holds a confirmation gate that other packages
// call: its fix changes its signature, and its AskGateFact tells the
// callers' packages how to change their calls (migrategateuse).
package migrategatelib

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ConfirmDestructive goes ahead when it cannot ask: the fix keeps that
// (the fail-open check reports it), and for a client that declared
// elicitation it now asks through the round trip.
func ConfirmDestructive(ctx context.Context, session *mcp.ServerSession, action, detail string) (bool, error) {
	schema := json.RawMessage(`{"type": "object", "properties": {"confirm": {"type": "boolean"}}}`)
	result, err := session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*: return the request from the tool, prompt or resource handler that needs the answer.* \(round-trip\)`
		Mode:            "form",
		Message:         fmt.Sprintf("Confirm destructive action: %s\n\n%s", action, detail),
		RequestedSchema: schema,
	})
	if err != nil {
		log.Printf("elicitation not supported by client, proceeding with %s: %v", action, err)
		return true, nil
	}
	return result.Action == "accept", nil
}
