package modemcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

func newID() string { return "id" }

func cases(ctx context.Context, s *server.MCPServer, session server.ClientSession) error {
	id := newID()
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "m", RequestedSchema: schema}})
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "m"}})                                                           // want `form-mode elicitation has no RequestedSchema: mcp-go's Validate rejects it.*\(mode\)`
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "m", RequestedSchema: nil}})                                     // want `form-mode elicitation has no RequestedSchema.*\(mode\)`
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "m", URL: "https://example.com", RequestedSchema: schema}})      // want `form-mode elicitation sets URL.*\(mode\)`
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "m", URL: "https://example.com"}}) // want `url-mode elicitation has no ElicitationID: mcp-go's Validate rejects.*\(mode\)`
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "m", ElicitationID: id, URL: "https://example.com"}})
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Mode: "URL", Message: "m"}}) // want `elicitation mode "URL" is not valid.*\(mode\)`

	s.RequestURLElicitation(ctx, session, id, "https://example.com/pay", "Pay for the order")
	s.RequestURLElicitation(ctx, session, id, "http://example.com/pay", "Pay")          // want `URL "http://example.com/pay" uses http.*\(mode\)`
	s.RequestURLElicitation(ctx, session, "pay-flow", "https://example.com/pay", "Pay") // want `elicitationId "pay-flow" is a constant.*\(elicitation-id\)`
	s.RequestURLElicitation(ctx, session, id, "https://example.com/pay", "")            // want `elicitation message is empty.*\(message\)`

	var params mcp.ElicitationParams
	params.Message = "m"
	params.RequestedSchema = schema
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: params})

	b := server.NewInputRequestBuilder("")
	b.Elicit("a", mcp.ElicitationParams{Message: "", RequestedSchema: schema})                              // want `elicitation message is empty.*\(message\)`
	_ = mcp.NewElicitationInputRequest(mcp.ElicitationParams{Mode: "url", Message: "m", ElicitationID: id}) // want `url-mode elicitation has no URL.*\(mode\)`

	if id == "" {
		return mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{
			{Message: "m", URL: "https://example.com", ElicitationID: id}, // want `URLElicitationRequiredError element is not url mode: the spec allows only url-mode elicitations in this error; set Mode: mcp.ElicitationModeURL \(mode\)`
			{Message: "m"}, // want `URLElicitationRequiredError element is not url mode.*set Mode: mcp.ElicitationModeURL and a URL \(mode\)`
		}}
	}
	return mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{
		{Mode: mcp.ElicitationModeURL, Message: "m", URL: "https://example.com", ElicitationID: id},
	}}
}

// Elements held in variables.
func urlErrorsInVars(id string) error { // want urlErrorsInVars:`elicitWrapper\(0:ElicitationID\) mode=form`
	p := mcp.ElicitationParams{Message: "m", URL: "https://example.com/c", ElicitationID: id} // want `URLElicitationRequiredError element is not url mode.*\(mode\)`
	list := []mcp.ElicitationParams{p}
	return mcp.URLElicitationRequiredError{Elicitations: list}
}
