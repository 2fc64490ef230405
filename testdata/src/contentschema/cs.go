package contentschema

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

var booking = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"email":  map[string]any{"type": "string", "format": "email"},
		"nights": map[string]any{"type": "integer", "minimum": 1},
		"extras": map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": []string{"breakfast", "parking"}}},
		"notes":  map[string]any{"type": "string"},
		"agree":  map[string]any{"type": "boolean"},
	},
	"required": []string{"email", "nights", "agree"},
}

const emailKey = "email"

func gosdk(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: booking})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
	case "decline":
		return errors.New("declined")
	case "cancel":
		return errors.New("cancelled")
	}
	email := res.Content["e-mail"].(string) // want `res.Content\["e-mail"\]: the requested schema has no property "e-mail" \(did you mean "email"\?\).*\(content-schema\)`
	ok := res.Content[emailKey].(string)
	nights := res.Content["nights"].(int)           // want `res.Content\["nights"\].\(int\) never succeeds: JSON numbers decode as float64.*\(content-schema\)`
	extras := res.Content["extras"].([]string)      // want `never succeeds: multi-select answers decode as \[\]any.*\(content-schema\)`
	notes := res.Content["notes"].(string)          // want `panics when the user leaves "notes" empty.*\(content-schema\)`
	if n, ok := res.Content["notes"].(string); ok { // comma-ok: fine
		fmt.Println(n)
	}
	agree := res.Content["agree"].(string) // want `never succeeds: a boolean property decodes as bool.*\(content-schema\)`
	key := "nights"
	f := res.Content[key].(float64)
	var dynamic string
	fmt.Println(res.Content[dynamic]) // a key computed at run time: silent
	fmt.Println(email, ok, nights, extras, notes, agree, f)
	return nil
}

// A map stored, then read.
func stored(ctx context.Context, ss *sdk.ServerSession) {
	res, _ := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: booking}) // want `asks for "agree", a box the user ticks.*\(content-schema\)`
	if res.Action != "accept" {                                                            // want `only checked for "accept".*\(actions\)`
		return
	}
	m := res.Content
	fmt.Println(m["nigths"]) // want `no property "nigths" \(did you mean "nights"\?\).*\(content-schema\)`
}

// A schema built at run time: silent.
func dynamicSchema(ctx context.Context, ss *sdk.ServerSession, s map[string]any) {
	res, _ := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: s})
	if res.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return
	}
	fmt.Println(res.Content["anything"].(int))
}

var req = mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "m", RequestedSchema: booking}}

func mcpgo(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Book", RequestedSchema: booking}}) // want `asks for "agree", a box the user ticks.*\(content-schema\)`
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return errors.New("bad content")
		}
		n := data["nights"].(int64) // want `data\["nights"\].\(int64\) never succeeds: JSON numbers decode as float64.*\(content-schema\)`
		e := data["emial"]          // want `no property "emial" \(did you mean "email"\?\).*\(content-schema\)`
		fmt.Println(n, e)
	case mcp.ElicitationResponseActionDecline:
	case mcp.ElicitationResponseActionCancel:
	}
	return nil
}

// The 2026-07-28 round trip: the answer is matched to the request by key.
func roundTrip(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	res, ok := req.Params.InputResponses["book"].(*sdk.ElicitResult) // want `asks for "agree", a box the user ticks.*\(content-schema\)`
	if !ok {
		return &sdk.CallToolResult{InputRequests: sdk.InputRequestMap{
			"book": &sdk.ElicitParams{Message: "Book", RequestedSchema: booking},
		}}, nil
	}
	switch res.Action { // names every action: handled
	case "accept":
		fmt.Println(res.Content["nights"].(int)) // want `never succeeds: JSON numbers decode as float64.*\(content-schema\)`
	case "decline", "cancel":
	}
	return nil, nil
}

func roundTripMCPGo(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer := server.ElicitationResponse(request.Params.InputResponses, "stay") // want `asks for "agree", a box the user ticks.*\(content-schema\)`
	if answer == nil {
		return server.NewInputRequestBuilder("").Elicit("stay", mcp.ElicitationParams{Message: "Stay", RequestedSchema: booking}).ToolResult(), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
		return nil, errors.New("no")
	}
	data, _ := answer.Content.(map[string]any)
	fmt.Println(data["nigths"]) // want `no property "nigths".*\(content-schema\)`
	return nil, nil
}

// Helpers that read the answer are checked at the call, against the
// caller's schema (through a fact).
func nightsOf(res *sdk.ElicitResult) int { // want nightsOf:`readsContent\(2\)`
	_ = res.Content["emial"]
	return res.Content["nights"].(int)
}

func viaHelper(ctx context.Context, ss *sdk.ServerSession) int {
	res, _ := ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: booking})
	if res.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return 0
	}
	return nightsOf(res) // want `nightsOf reads Content\["emial"\], which the requested schema does not declare.*\(content-schema\)` `nightsOf asserts Content\["nights"\].\(int\), which never succeeds: JSON numbers decode as float64.*\(content-schema\)`
}
