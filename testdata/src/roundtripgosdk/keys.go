package roundtripgosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A key read that no request uses, with a near miss.
func city(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["destinaton"].(*mcp.ElicitResult) // want `answer "destinaton" is never requested: no InputRequests key in this package is "destinaton" \(did you mean "destination"\?\).*\(round-trip\)`
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"destination": &mcp.ElicitParams{Message: "Where to?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}, // want `request "destination" is never read from InputResponses in this package \(did you mean "destinaton"\?\).*\(round-trip\)`
		}}, nil
	}
	return reply(res.Action), nil
}

// forever asks on every call and never looks at the answer.
func forever(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler returns InputRequests on every path and never reads InputResponses.*\(round-trip\)`
	if ctx == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name, please?", RequestedSchema: nameSchema}}}, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}, nil
}

// delegated asks and lets a helper read the answer: silent.
func delegated(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if name := answered(req); name != "" {
		return reply(name), nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}, nil
}

func answered(req *mcp.CallToolRequest) string {
	res, ok := req.Params.InputResponses["user_name"].(*mcp.ElicitResult)
	if !ok {
		return ""
	}
	switch res.Action {
	case "accept":
		if name, ok := res.Content["name"].(string); ok {
			return name
		}
		return "?"
	case "decline":
		return "-"
	case "cancel":
		return ""
	}
	return ""
}

// askOnly returns requests on every path but takes no request: it is a
// helper, not a handler, and the caller reads the answers. Silent.
func askOnly() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user_name": &mcp.ElicitParams{Message: "Your name?", RequestedSchema: nameSchema}}}
}

// reserve asks for two answers and reads them through a helper that takes
// the key: the keys read are the constants its callers pass. "slot" is
// requested and read nowhere in the package (the go-sdk conformance
// server reads its answers this way).
func reserve(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	date := acceptedContent(req.Params.InputResponses, "date")
	if date == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"date": &mcp.ElicitParams{Message: "Which day?", RequestedSchema: nameSchema},
			"slot": &mcp.ElicitParams{Message: "Which time?", RequestedSchema: nameSchema}, // want `request "slot" is never read from InputResponses in this package: its answer is ignored, so the handler asks again on every call; read the answer under the same key \(round-trip\)`
		}}, nil
	}
	return reply("booked"), nil
}

// rebook reads both of its keys, one through a local variable: silent.
func rebook(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key := "new_time"
	day, at := acceptedContent(req.Params.InputResponses, "new_day"), acceptedContent(req.Params.InputResponses, key)
	if day == nil || at == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"new_day":  &mcp.ElicitParams{Message: "Which day?", RequestedSchema: nameSchema},
			"new_time": &mcp.ElicitParams{Message: "Which time?", RequestedSchema: nameSchema},
		}}, nil
	}
	return reply("rebooked"), nil
}

// cancelBooking reads, through the helper, a key no request uses: it is
// reported at the call that names it.
func cancelBooking(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if acceptedContent(req.Params.InputResponses, "confirm_cancel") == nil { // want `answer "confirm_cancel" is never requested.*\(round-trip\)`
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"confirm_cancellation": &mcp.ElicitParams{Message: "Cancel the booking?", RequestedSchema: nameSchema}, // want `request "confirm_cancellation" is never read.*\(round-trip\)`
		}}, nil
	}
	return reply("cancelled"), nil
}

func acceptedContent(responses mcp.InputResponseMap, key string) map[string]any {
	r, ok := responses[key].(*mcp.ElicitResult)
	if !ok {
		return nil
	}
	switch r.Action {
	case "accept":
		return r.Content
	case "decline", "cancel":
	}
	return nil
}
