// Package sensdescgosdk: a field whose name says it describes a secret (its
// label, name, ID, count, length, expiry or a hint) is not a secret (issue
// 30 §3), in camelCase, snake_case and kebab-case; the secrets themselves
// stay reported. go-sdk.
package sensdescgosdk

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Map literals: one near miss per describing word, then the secrets.
var rotate = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"password_hint":    map[string]any{"type": "string", "description": "a hint to help you remember your password"},
		"secretLabel":      map[string]any{"type": "string", "title": "Label of the secret"},
		"apiKeyName":       map[string]any{"type": "string", "description": "the name you gave your API key"},
		"api_key_id":       map[string]any{"type": "string"},
		"tokenCount":       map[string]any{"type": "string"},
		"password-length":  map[string]any{"type": "string"},
		"tokenExpiry":      map[string]any{"type": "string"},
		"token_expires_at": map[string]any{"type": "string", "format": "date-time"},
		"label":            map[string]any{"type": "string", "title": "A label for your access token"},
		"newPassword":      map[string]any{"type": "string"},                          // want `form field "newPassword" asks for a secret.*\(sensitive\)`
		"accessToken":      map[string]any{"type": "string"},                          // want `form field "accessToken" asks for a secret.*\(sensitive\)`
		"value":            map[string]any{"type": "string", "title": "Your API key"}, // want `form field "value" asks for a secret \(its title mentions "api key"\).*\(sensitive\)`
		// A describing name does not outweigh an explicit mark.
		"pin_hint": map[string]any{"type": "string", "format": "password"}, // want `form field "pin_hint" asks for a secret \(format "password"\).*\(sensitive\)` `format "password" is not allowed.*\(schema\)`
	},
}

func rotateKey(ctx context.Context, ss *sdk.ServerSession) {
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Rotate your key", RequestedSchema: rotate})
}

// jsonschema.Schema literals.
func rename(ctx context.Context, ss *sdk.ServerSession) {
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Rename", RequestedSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"client_secret_name": {Type: "string", Description: "the name of the client secret"},
			"access-key-id":      {Type: "string"},
			"client_secret":      {Type: "string"}, // want `form field "client_secret" asks for a secret.*\(sensitive\)`
		},
	}})
}

// For[T]: the property names come from the json tags.
type Token struct {
	Label     string `json:"tokenLabel" jsonschema:"a label for the token"`
	ExpiresAt string `json:"token_expires_at"`
	Length    string `json:"secretLength"`
	APIKey    string `json:"api_key"` // want `form field "api_key" asks for a secret.*\(sensitive\)`
}

func token(ctx context.Context, ss *sdk.ServerSession) {
	s, _ := jsonschema.For[Token](nil)
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Token", RequestedSchema: s})
}
