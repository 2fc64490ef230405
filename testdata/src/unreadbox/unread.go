// Package unreadbox holds forms that ask for a box the user ticks and
// then look only at the action (issue #38 §4): accepting with the box
// unticked goes ahead. Near misses read the box, in every way a handler
// reads an answer, or hand the answer to code the check cannot see.
package unreadbox

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirm = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean", "description": "Tick to delete"}},
	"required":   []string{"confirm"},
}

var withDefault = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean", "default": false}},
}

var reason = map[string]any{
	"type":       "object",
	"properties": map[string]any{"reason": map[string]any{"type": "string"}, "approve": map[string]any{"type": "boolean"}},
}

func wipe(context.Context) {}

// An if on the action alone.
func ifAccept(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: confirm}) // want `the form asks for "confirm", a box the user ticks, but the answer's Content\["confirm"\] is never read: accepting with the box unticked goes ahead as if it were ticked; read it and refuse unless it is true, or drop it from the form; no automatic fix: which of the two is yours to choose \(content-schema\)`
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		wipe(ctx)
	case "decline", "cancel":
		return errors.New("not confirmed")
	}
	return nil
}

// A gate that returns whether the user accepted.
func gate(ctx context.Context, ss *sdk.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Approve the transfer?", RequestedSchema: reason}) // want `asks for "approve", a box the user ticks.*\(content-schema\)`
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return res.Content["reason"] != nil, nil // another key read, not the box
	case "decline":
		return false, nil
	case "cancel":
		return false, errors.New("cancelled")
	}
	return false, nil
}

// mcp-go, the content asserted into a local map read for another key.
func mcpgo(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Approve?", RequestedSchema: reason}}) // want `asks for "approve".*\(content-schema\)`
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		m, ok := res.Content.(map[string]any)
		if !ok || len(m) == 0 {
			return errors.New("no answer")
		}
		_ = m["reason"]
		wipe(ctx)
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errors.New("refused")
	}
	return nil
}

// The round trip: the answer looked up by its key.
func roundTrip(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*sdk.ElicitResult) // want `asks for "confirm".*\(content-schema\)`
	if !ok {
		return &sdk.CallToolResult{InputRequests: sdk.InputRequestMap{"wipe": &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: confirm}}}, nil
	}
	switch res.Action {
	case "accept":
		wipe(ctx)
		return &sdk.CallToolResult{}, nil
	case "decline":
		return nil, errors.New("declined")
	default:
		return nil, errors.New("cancelled")
	}
}

// Near misses.

// The box read with the action.
func readBox(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		if ok, _ := res.Content["confirm"].(bool); !ok {
			return errors.New("not ticked")
		}
		wipe(ctx)
	case "decline", "cancel":
		return errors.New("not confirmed")
	}
	return nil
}

// The box read through a local map, by a constant key.
const boxKey = "approve"

func readViaMap(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Approve?", RequestedSchema: reason}})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if m, ok := res.Content.(map[string]any); ok && m[boxKey] == true {
			wipe(ctx)
		}
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errors.New("refused")
	}
	return nil
}

// The content decoded into a struct: what is read is not known.
func decoded(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		data, _ := json.Marshal(res.Content)
		var v struct{ Confirm bool }
		if json.Unmarshal(data, &v) != nil || !v.Confirm {
			return errors.New("not ticked")
		}
		wipe(ctx)
	case "decline", "cancel":
		return errors.New("not confirmed")
	}
	return nil
}

// The answer handed to a helper: silent.
func handedOn(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	if res.Action != "accept" && res.Action != "decline" && res.Action != "cancel" {
		return errors.New("unknown")
	}
	return decide(res)
}

func decide(res *sdk.ElicitResult) error { // want decide:`handlesResult\(0\)` decide:`readsContent\(1\)` decide:`errGate\(0:true\)`
	switch res.Action {
	case "accept":
		if res.Content["confirm"] == true {
			return nil
		}
		return errors.New("not ticked")
	case "decline":
		return errors.New("declined")
	default:
		return errors.New("cancelled")
	}
}

// Content read by a key computed at run time: silent.
func dynamicKey(ctx context.Context, ss *sdk.ServerSession, key string) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		if res.Content[key] != true {
			return errors.New("not ticked")
		}
	case "decline", "cancel":
		return errors.New("not confirmed")
	}
	return nil
}

// Content ranged over: silent.
func ranged(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		for _, v := range res.Content {
			if v != true {
				return errors.New("not ticked")
			}
		}
	case "decline", "cancel":
		return errors.New("not confirmed")
	}
	return nil
}

// A box with a default: the form offers a choice the work may not need.
func defaulted(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: withDefault})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		wipe(ctx)
	case "decline", "cancel":
		return errors.New("not confirmed")
	}
	return nil
}

// The answer returned whole: the caller reads it.
func returned(ctx context.Context, ss *sdk.ServerSession) (*sdk.ElicitResult, error) {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Delete everything?", RequestedSchema: confirm})
	if err != nil {
		return nil, err
	}
	if res.Action != "accept" && res.Action != "decline" && res.Action != "cancel" {
		return nil, errors.New("unknown")
	}
	return res, nil
}

// A url-mode request shows no form, whatever schema it carries.
func urlMode(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Mode: "url", Message: "Sign in to delete", URL: "https://example.com/auth", ElicitationID: id(), RequestedSchema: confirm}) // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		wipe(ctx)
	case "decline", "cancel":
		return errors.New("not confirmed")
	}
	return nil
}

// A mode chosen at run time: silent.
func someMode(ctx context.Context, ss *sdk.ServerSession, mode string) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Mode: mode, Message: "Delete everything?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		wipe(ctx)
	case "decline", "cancel":
		return errors.New("not confirmed")
	}
	return nil
}

func id() string { return "generated" }

var plan = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"plan":   map[string]any{"type": "string", "enum": []string{"keep", "delete"}},
		"region": map[string]any{"type": "string", "oneOf": []any{map[string]any{"const": "eu", "title": "Europe"}, map[string]any{"const": "us", "title": "United States"}}},
		"size":   map[string]any{"type": "string", "enum": []string{"s", "m"}, "default": "s"},
		"note":   map[string]any{"type": "string"},
	},
}

// A choice never read: accept goes ahead the same whatever is chosen.
func choice(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "What should happen to the data?", RequestedSchema: plan}) // want `the form asks the user to choose "plan", but the answer's Content\["plan"\] is never read: accepting goes ahead the same whatever they choose.*\(content-schema\)`
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		if res.Content["region"] == "eu" {
			wipe(ctx)
		}
	case "decline", "cancel":
		return errors.New("refused")
	}
	return nil
}

// mcp-go: a titled single-select (oneOf) never read; the enum with a
// default and the free text are not choices the work must act on.
func choiceMCP(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Where?", RequestedSchema: plan}}) // want `choose "region".*\(content-schema\)`
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if m, ok := res.Content.(map[string]any); ok && m["plan"] == "delete" {
			wipe(ctx)
		}
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errors.New("refused")
	}
	return nil
}

// mcp-go's round trip: the answer tested against nil, then only its
// action read.
func roundTripMCP(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "purge") // want `asks for "confirm".*\(content-schema\)`
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("purge", mcp.ElicitationParams{Message: "Purge everything?", RequestedSchema: confirm}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		wipe(ctx)
		return mcp.NewToolResultText("purged"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, errors.New("unknown action")
}

// roundTripMCPRead is its near miss: the box is read.
func roundTripMCPRead(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "purgeRead")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("purgeRead", mcp.ElicitationParams{Message: "Purge everything?", RequestedSchema: confirm}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if m, _ := res.Content.(map[string]any); m["confirm"] != true {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("purged"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, errors.New("unknown action")
}
