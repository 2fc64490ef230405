package migrategatelib

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ConfirmPurge is a gate that an earlier -fix gave its round-trip
// version: ConfirmPurgeRoundTrip below is what the fix wrote. The old
// function stays reported, with no fix of its own, and its fact names the
// sibling, which the callers' packages switch to (migrategateuse).
func ConfirmPurge(ctx context.Context, session *mcp.ServerSession, what string) (bool, error) { // want ConfirmPurge:`decision\(0=true,none=false,ServerSession\.Elicit,always\)`
	result, err := session.Elicit(ctx, &mcp.ElicitParams{Message: fmt.Sprintf("Purge %s?", what), RequestedSchema: purgeSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: ConfirmPurgeRoundTrip, its round-trip version, is declared already; ConfirmPurge stays for the callers that keep the direct request, and can go once none does.* \(round-trip\)`
	if err != nil {
		log.Printf("elicitation failed: %v", err)
		return false, err
	}
	return result.Action == "accept", nil
}

var purgeSchema = map[string]any{"type": "object", "properties": map[string]any{"sure": map[string]any{"type": "boolean"}}}

// ConfirmPurgeRoundTrip is ConfirmPurge on the round trip of protocol 2026-07-28:
// it takes the call's request and a key, and returns the result that
// asks, which the caller returns from its handler (nil once the answer
// is in the request). ConfirmPurge stays for the callers that keep the direct
// request.
func ConfirmPurgeRoundTrip(ctx context.Context, req *mcp.CallToolRequest, key string, what string) (bool, *mcp.CallToolResult, error) { // want ConfirmPurgeRoundTrip:`keyedAsk\(2\)`
	result, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: fmt.Sprintf("Purge %s?", what), RequestedSchema: purgeSchema}}}, nil
		}
		err := errors.New("client does not support elicitation")
		log.Printf("elicitation failed: %v", err)
		return false, nil, err
	}
	if err := validateElicitResult(purgeSchema, result); err != nil {
		log.Printf("elicitation failed: %v", err)
		return false, nil, err
	}
	return result.Action == "accept", nil, nil
}

// validateElicitResult checks an accepted answer against the schema it
// was requested with and fills in the schema's defaults, as
// ServerSession.Elicit did: the answer is client input, and the SDK does
// not check it on the round trip.
func validateElicitResult(schema any, res *mcp.ElicitResult) error {
	if res == nil || res.Content == nil || schema == nil {
		return nil // only an accepted answer has content
	}
	data, err := json.Marshal(schema)
	if err != nil {
		return err
	}
	var s *jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil || s == nil {
		return err
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		return err
	}
	if err := resolved.Validate(res.Content); err != nil {
		return errors.New("elicitation result content does not match requested schema: " + err.Error())
	}
	if err := resolved.ApplyDefaults(&res.Content); err != nil {
		return errors.New("failed to apply schema defaults to elicitation result: " + err.Error())
	}
	return nil
}

// Describe reads what it describes. Its package makes requests itself, so
// it is not summarised: its callers cannot see into it.
func Describe(what string) string {
	log.Printf("describing %s", what)
	return fmt.Sprintf("the %s series", what)
}
