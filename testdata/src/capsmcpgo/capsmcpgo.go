// Package capsmcpgo holds the capabilities check's fixtures for mcp-go.
package capsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var form = mcp.ElicitationParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object"}}

// noTest asks without a test: the fix reads the capabilities of the call
// (the request's own on 2026-07-28, the session's before) and tests them.
func noTest(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", mcp.ElicitationParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil // want `form elicitation request "name" is sent without a test that the client declared elicitation: .* test server.RequestProtocolInfoFromContext\(ctx\).ClientCapabilities.Elicitation first, and return what the tool returns when it cannot ask \(capabilities\)`
}

// clientCaps is the request's capabilities, and the session's for an
// older client: the test both protocols need.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		c := s.GetClientCapabilities()
		return &c
	}
	return nil
}

func guarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	caps := clientCaps(ctx)
	if caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
}

// inline tests the request's own capabilities in place.
func inline(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info := server.RequestProtocolInfoFromContext(ctx)
	if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Sampling == nil {
		return mcp.NewToolResultError("no sampling"), nil
	}
	return server.NewInputRequestBuilder("").Sample("capital", mcp.CreateMessageParams{MaxTokens: 10}).ToolResult(), nil
}

// fromSession reads only the session's client info.
func fromSession(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	if !ok {
		return mcp.NewToolResultError("no session"), nil
	}
	if caps := s.GetClientCapabilities(); caps.Roots == nil {
		return mcp.NewToolResultError("no roots"), nil
	}
	return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil // want `roots request "roots" is guarded by the session's capabilities, not this request's: .*\(capabilities\)`
}

// urlOnForm tests elicitation and sends url mode.
func urlOnForm(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	caps := clientCaps(ctx)
	if caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("cannot ask"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("login", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Sign in", URL: "https://example.com/login", ElicitationID: "x"}). // want `url-mode elicitation request "login" is guarded by a test of elicitation that a client declaring only form mode passes .* test server.RequestProtocolInfoFromContext\(ctx\).ClientCapabilities.Elicitation.URL \(capabilities\)`
		ToolResult(), nil
}

// urlTested tests url mode through a helper.
func canURL(ctx context.Context) bool {
	caps := clientCaps(ctx)
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

func urlTested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canURL(ctx) {
		return mcp.NewToolResultError("cannot ask"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("login", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Sign in", URL: "https://example.com/login", ElicitationID: "x"}).
		ToolResult(), nil
}

// tools sends sampling with tools where only sampling is tested.
func tools(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	caps := clientCaps(ctx)
	if caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultError("no sampling"), nil
	}
	return server.NewInputRequestBuilder("").
		Sample("plan", mcp.CreateMessageParams{MaxTokens: 10, Tools: []mcp.Tool{{Name: "search"}}}). // want `sampling request "plan" sends tools, but only the sampling capability is tested: .*\(capabilities\)`
		ToolResult(), nil
}

// planRequest builds sampling params with tools on every call.
func planRequest() mcp.CreateMessageParams {
	p := mcp.CreateMessageParams{MaxTokens: 10}
	p.Tools = []mcp.Tool{{Name: "search"}}
	return p
}

// draftRequest adds tools only when asked to: which call sends them is
// not known here.
func draftRequest(withTools bool) mcp.CreateMessageParams {
	p := mcp.CreateMessageParams{MaxTokens: 10}
	if withTools {
		p.Tools = []mcp.Tool{{Name: "search"}}
	}
	return p
}

// toolsByHelper sends the helper's params, tools included, where only
// sampling is tested.
func toolsByHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	caps := clientCaps(ctx)
	if caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultError("no sampling"), nil
	}
	return server.NewInputRequestBuilder("").
		Sample("plan", planRequest()). // want `sampling request "plan" sends tools, but only the sampling capability is tested: .*\(capabilities\)`
		ToolResult(), nil
}

// toolsByHelperMaybe is its near miss: the helper may send no tools.
func toolsByHelperMaybe(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	caps := clientCaps(ctx)
	if caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultError("no sampling"), nil
	}
	return server.NewInputRequestBuilder("").
		Sample("draft", draftRequest(false)).
		ToolResult(), nil
}

// mapLiteral files the request in a map literal of the low-level API.
func mapLiteral(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{
		Result: mcp.Result{ResultType: mcp.ResultTypeInputRequired},
		MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: mcp.InputRequests{
			"roots": mcp.NewRootsInputRequest(), // want `roots request "roots" is sent without a test .*\(capabilities\)`
		}},
	}, nil
}

// canAskFallback answers with the request's capabilities when it has
// them and with the session's for an older client, each in a return of
// its own: the test both protocols need, as clientCaps.
func canAskFallback(ctx context.Context) bool {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities.Elicitation != nil
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return caps.Elicitation != nil
	}
	return false
}

func guardedByFallback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	if !canAskFallback(ctx) {
		return mcp.NewToolResultError("cannot ask"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", mcp.ElicitationParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil
}

// canAskSession is its near miss: the session's capabilities alone.
func canAskSession(ctx context.Context) bool {
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return caps.Elicitation != nil
	}
	return false
}

func guardedBySession(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	if !canAskSession(ctx) {
		return mcp.NewToolResultError("cannot ask"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", mcp.ElicitationParams{Message: "Your name?", RequestedSchema: map[string]any{"type": "object"}}).ToolResult(), nil // want `form elicitation request "name" is guarded by the session's capabilities, not this request's: .*\(capabilities\)`
}
