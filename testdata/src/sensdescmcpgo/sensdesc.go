// Package sensdescmcpgo: a field whose name says it describes a secret (its
// label, name, ID, count, length, expiry or a hint) is not a secret (issue
// 30 §3), in camelCase, snake_case and kebab-case; the secrets themselves
// stay reported. mcp-go.
package sensdescmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func rotateKey(ctx context.Context, s *server.MCPServer) {
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Rotate your key",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"passwordHint":     map[string]any{"type": "string", "description": "a hint to help you remember your password"},
				"secret_label":     map[string]any{"type": "string", "title": "Label of the secret"},
				"api_key_name":     map[string]any{"type": "string", "description": "the name you gave your API key"},
				"apiKeyId":         map[string]any{"type": "string"},
				"token_count":      map[string]any{"type": "string"},
				"passwordLength":   map[string]any{"type": "string"},
				"token-expiry":     map[string]any{"type": "string"},
				"tokenExpiresAt":   map[string]any{"type": "string", "format": "date-time"},
				"label":            map[string]any{"type": "string", "title": "A label for your access token"},
				"password":         map[string]any{"type": "string"},                          // want `form field "password" asks for a secret.*\(sensitive\)`
				"refresh_token":    map[string]any{"type": "string"},                          // want `form field "refresh_token" asks for a secret.*\(sensitive\)`
				"cardNumber":       map[string]any{"type": "string"},                          // want `form field "cardNumber" asks for a secret.*\(sensitive\)`
				"value":            map[string]any{"type": "string", "title": "Your API key"}, // want `form field "value" asks for a secret \(its title mentions "api key"\).*\(sensitive\)`
				"pin_hint":         map[string]any{"type": "string", "writeOnly": true},       // want `form field "pin_hint" asks for a secret \("writeOnly": true\).*\(sensitive\)` `keyword "writeOnly" is not part.*\(schema\)`
				"clientSecretName": map[string]any{"type": "string", "description": "the name of the client secret"},
			},
		},
	}})
}
