// Package gate is a confirmation gate shaped like prometheus-mcp-server's
// internal/elicitation.ConfirmDestructive: it asks the user directly, and
// goes ahead when the question cannot be asked.
package gate

import (
	"context"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ConfirmDestructive asks the user to confirm a destructive action. It
// returns true when the user accepts, or when the client cannot be asked.
func ConfirmDestructive(ctx context.Context, session *mcp.ServerSession, action, detail string) (bool, error) {
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"confirm": map[string]any{"type": "boolean", "description": "Confirm this destructive action"},
		},
	}
	result, err := session.Elicit(ctx, &mcp.ElicitParams{
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
