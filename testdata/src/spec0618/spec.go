// Package spec0618 is checked with -spec=2025-06-18: only boolean
// defaults, no arrays, no $schema.
package spec0618

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var s = map[string]any{
	"$schema": "https://json-schema.org/draft/2020-12/schema", // want `\$schema.*\(schema\)`
	"type":    "object",
	"properties": map[string]any{
		"agree": map[string]any{"type": "boolean", "default": true},
		"name":  map[string]any{"type": "string", "default": "Ada"},                                                     // want `default.*\(schema\)`
		"tags":  map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": []string{"a", "b"}}}, // want `array.*\(schema\)`
	},
}

func ask(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", RequestedSchema: s})
}
