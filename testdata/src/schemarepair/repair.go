// Package schemarepair holds the schema check's repair: go-sdk rejects
// titled multi-select items that carry "type", and the finding's fix
// deletes the member, wherever it sits in its literal.
package schemarepair

import "github.com/modelcontextprotocol/go-sdk/mcp"

var ownLine = &mcp.ElicitParams{
	Message: "Pick",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"tags": map[string]any{
				"type": "array",
				"items": map[string]any{
					"type":  "string", // want `property "tags": titled multi-select items must not carry "type": go-sdk rejects that at run time; keep only "anyOf" \(schema\)`
					"anyOf": []any{map[string]any{"const": "a", "title": "A"}},
				},
			},
		},
	},
}

var firstOnLine = &mcp.ElicitParams{
	Message: "Pick",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"tags": map[string]any{"type": "array", "items": map[string]any{"type": "string", "anyOf": []any{map[string]any{"const": "a", "title": "A"}}}}, // want `titled multi-select items must not carry "type".*\(schema\)`
		},
	},
}

var lastOnLine = &mcp.ElicitParams{
	Message: "Pick",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"tags": map[string]any{"type": "array", "items": map[string]any{"anyOf": []any{map[string]any{"const": "a", "title": "A"}}, "type": "string"}}, // want `titled multi-select items must not carry "type".*\(schema\)`
		},
	},
}

// Aligned values: deleting the line would leave the other misaligned for
// gofmt, so there is no fix.
var aligned = &mcp.ElicitParams{
	Message: "Pick",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"tags": map[string]any{
				"type": "array",
				"items": map[string]any{
					"ui":   "chips",  // want `keyword "ui" is not part of the 2025-11-25 elicitation schema for titled multi-select items; clients may ignore it \(schema\)`
					"type": "string", // want `titled multi-select items must not carry "type".*\(schema\)`
					"anyOf": []any{
						map[string]any{"const": "a", "title": "A"},
					},
				},
			},
		},
	},
}
