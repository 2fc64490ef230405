package capsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// callerCaps is the guard the migration writes, in a helper: the
// request's capabilities on a 2026-07-28 request, the session's for an
// older one (issue 36 §2: reported falsely as the session's).
func callerCaps(ctx context.Context) *mcp.ClientCapabilities {
	var caps *mcp.ClientCapabilities
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
		caps = info.ClientCapabilities
	} else if session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		c := session.GetClientCapabilities()
		caps = &c
	}
	return caps
}

func guardedModern(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	if caps := callerCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
}

// bySwitch errors without elicitation, asks in url mode in the case that
// tests url mode, and asks a form in the default: each request is
// guarded for its mode.
func bySwitch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "login") != nil {
		return mcp.NewToolResultText("signed in"), nil
	}
	caps := callerCaps(ctx)
	switch {
	case caps == nil || caps.Elicitation == nil:
		return mcp.NewToolResultError("this tool needs elicitation"), nil
	case caps.Elicitation.URL != nil:
		return server.NewInputRequestBuilder("").Elicit("login", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Sign in", URL: "https://example.com/login"}).ToolResult(), nil
	default:
		return server.NewInputRequestBuilder("").Elicit("login", form).ToolResult(), nil
	}
}

// eraFlag sets a flag from the request's capabilities on 2026-07-28 and
// from the session's for an older client: guarded either way (issue 36
// §2: reported falsely before).
func eraFlag(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "job") != nil {
		return mcp.NewToolResultText("scheduled"), nil
	}
	var canAsk bool
	if server.IsModernRequest(ctx) {
		info := server.RequestProtocolInfoFromContext(ctx)
		canAsk = info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil
	} else if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		canAsk = s.GetClientCapabilities().Elicitation != nil
	}
	if !canAsk {
		return mcp.NewToolResultError("scheduling needs a client that can confirm"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("job", form).ToolResult(), nil
}

// sessionFlag: the flag is set from the session's capabilities on every
// protocol, so a 2026-07-28 request is judged by its session's.
func sessionFlag(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "job") != nil {
		return mcp.NewToolResultText("scheduled"), nil
	}
	canAsk := false
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		canAsk = s.GetClientCapabilities().Elicitation != nil
	}
	if !canAsk {
		return mcp.NewToolResultError("scheduling needs a client that can confirm"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("job", form).ToolResult(), nil // want `elicitation request "job" is guarded by the session's capabilities, not this request's.*\(capabilities\)`
}

// eraSwitch sets the flag in the cases of a tagless switch: the default
// follows the protocol test, so it runs for older clients only.
func eraSwitch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "job") != nil {
		return mcp.NewToolResultText("scheduled"), nil
	}
	var canAsk bool
	switch {
	case server.IsModernRequest(ctx):
		info := server.RequestProtocolInfoFromContext(ctx)
		canAsk = info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil
	default:
		if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
			canAsk = s.GetClientCapabilities().Elicitation != nil
		}
	}
	if !canAsk {
		return mcp.NewToolResultError("scheduling needs a client that can confirm"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("job", form).ToolResult(), nil
}

// canAskForm is eraFlag's test in a helper, the era told by `info != nil
// && info.Modern`: the request's capabilities on 2026-07-28, the
// session's otherwise (issue 36 §2: reported falsely as the session's).
func canAskForm(ctx context.Context) bool {
	var can bool
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
		can = info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil
	} else if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		can = s.GetClientCapabilities().Elicitation != nil
	}
	return can
}

func eraHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "job") != nil {
		return mcp.NewToolResultText("scheduled"), nil
	}
	if !canAskForm(ctx) {
		return mcp.NewToolResultError("scheduling needs a client that can confirm"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("job", form).ToolResult(), nil
}

// canAskLoose is its near miss: the nil test is of something else than
// the protocol's value, so the else also runs for 2026-07-28 requests
// when cfg is nil, and there it reads the session's.
func canAskLoose(ctx context.Context, cfg *struct{ Strict bool }) bool {
	var can bool
	info := server.RequestProtocolInfoFromContext(ctx)
	if cfg != nil && info.Modern {
		can = info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil
	} else if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		can = s.GetClientCapabilities().Elicitation != nil
	}
	return can
}

func looseHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "job") != nil {
		return mcp.NewToolResultText("scheduled"), nil
	}
	if !canAskLoose(ctx, nil) {
		return mcp.NewToolResultError("scheduling needs a client that can confirm"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("job", form).ToolResult(), nil // want `elicitation request "job" is guarded by the session's capabilities, not this request's.*\(capabilities\)`
}
