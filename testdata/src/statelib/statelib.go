// Package statelib seals and opens request state for the handlers of
// another package (stateuse): what its functions do with a state arrives
// there as facts.
package statelib

import (
	"crypto/cipher"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Sealer opens state sealed with an AEAD under a server key.
type Sealer struct{ AEAD cipher.AEAD }

// Open checks the state's integrity and returns what it holds.
func Open(aead cipher.AEAD, state string) ([]byte, error) { // want Open:`verifies-state`
	raw, err := base64.RawURLEncoding.DecodeString(state)
	if err != nil || len(raw) < aead.NonceSize() {
		return nil, errors.New("bad state")
	}
	return aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
}

// Valid is go-sdk's conformance server's check, exported.
func Valid(state string) bool { // want Valid:`weak-state-check\(a suffix test\)`
	return state != "" && !strings.HasSuffix(state, "-TAMPERED")
}

// Decode reads the state with no integrity check.
func Decode(state string) (map[string]any, error) { // want Decode:`parses-state`
	raw, err := base64.StdEncoding.DecodeString(state)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	return m, json.Unmarshal(raw, &m)
}

// DecodeInto reads the state into v with no integrity check.
func DecodeInto(state string, v any) error { // want DecodeInto:`parses-state`
	raw, err := base64.StdEncoding.DecodeString(state)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// OpenInto checks the state's integrity, then reads it into v.
func OpenInto(aead cipher.AEAD, state string, v any) error { // want OpenInto:`verifies-state`
	plain, err := Open(aead, state)
	if err != nil {
		return err
	}
	return json.Unmarshal(plain, v)
}

// Done is a result, so that this package uses the SDK.
func Done(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// Ask asks again with the state it is given: a result builder, which
// neither checks the state nor reads it.
func Ask(key string, params *mcp.ElicitParams, state string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: params}, RequestState: state}
}

// AskAgain is Ask for mcp-go's handlers.
func AskAgain(key string, params gomcp.ElicitationParams, state string) *gomcp.CallToolResult {
	return &gomcp.CallToolResult{MultiRoundTripResult: gomcp.MultiRoundTripResult{InputRequests: gomcp.InputRequests{key: gomcp.NewElicitationInputRequest(params)}, RequestState: state}}
}
