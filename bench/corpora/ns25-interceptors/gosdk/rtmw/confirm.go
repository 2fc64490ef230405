// Package rtmw confirms dangerous tool calls from go-sdk receiving
// middleware through the 2026-07-28 round trip: the middleware returns the
// question in InputRequests and reads the answer from InputResponses.
package rtmw

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var destructive = map[string]bool{"wipe": true, "export": true, "rotate": true}

var (
	auditMu  sync.Mutex
	auditLog []string
)

func audit(tool string) {
	auditMu.Lock()
	auditLog = append(auditLog, tool)
	auditMu.Unlock()
}

func refusedResult(why string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: why}}}
}

// confirmRT returns the decision, or the result that asks.
func confirmRT(call *mcp.CallToolRequest, key, msg string) (ok bool, ask *mcp.CallToolResult) {
	res, found := call.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

// RoundTripConfirm asks before every destructive tool.
func RoundTripConfirm(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if !isCall || !destructive[call.Params.Name] {
			return next(ctx, method, req)
		}
		ok, ask := confirmRT(call, "confirm_"+call.Params.Name, "Run "+call.Params.Name+"?")
		if ask != nil {
			return ask, nil
		}
		if !ok {
			return refusedResult("not confirmed"), nil
		}
		audit(call.Params.Name)
		return next(ctx, method, req)
	}
}

// confirmRTOpen is confirmRT that lets a client without elicitation through.
func confirmRTOpen(call *mcp.CallToolRequest, key, msg string) (ok bool, ask *mcp.CallToolResult) {
	res, found := call.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return true, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

// LenientRoundTripConfirm is RoundTripConfirm on the lenient gate.
func LenientRoundTripConfirm(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if !isCall || !destructive[call.Params.Name] {
			return next(ctx, method, req)
		}
		ok, ask := confirmRTOpen(call, "lenient_"+call.Params.Name, "Run "+call.Params.Name+"?")
		if ask != nil {
			return ask, nil
		}
		if !ok {
			return refusedResult("not confirmed"), nil
		}
		audit(call.Params.Name)
		return next(ctx, method, req)
	}
}

// askInlineMiddleware asks in place, without looking at what the client declared.
func askInlineMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if !isCall || !destructive[call.Params.Name] {
			return next(ctx, method, req)
		}
		key := "approve_" + call.Params.Name
		res, found := call.Params.InputResponses[key].(*mcp.ElicitResult)
		if !found {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				key: &mcp.ElicitParams{Message: "Approve " + call.Params.Name + "?", RequestedSchema: yesNo},
			}}, nil
		}
		switch res.Action {
		case "accept":
			audit(call.Params.Name)
			return next(ctx, method, req)
		case "decline", "cancel":
			return refusedResult("declined"), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// sessionCapsMiddleware tests what the session declared at initialize.
func sessionCapsMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if !isCall || !destructive[call.Params.Name] {
			return next(ctx, method, req)
		}
		key := "session_" + call.Params.Name
		res, found := call.Params.InputResponses[key].(*mcp.ElicitResult)
		if !found {
			ip := call.Session.InitializeParams()
			if ip == nil || ip.Capabilities == nil || ip.Capabilities.Elicitation == nil {
				return refusedResult("this tool needs a client that can ask its user"), nil
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				key: &mcp.ElicitParams{Message: "Run " + call.Params.Name + "?", RequestedSchema: yesNo},
			}}, nil
		}
		switch res.Action {
		case "accept":
			audit(call.Params.Name)
			return next(ctx, method, req)
		case "decline", "cancel":
			return refusedResult("declined"), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// signedIn records the sessions whose OAuth callback has arrived.
var signedIn sync.Map

// urlLoginMiddleware sends the user to sign in before any destructive tool,
// guarded by a test of form elicitation only.
func urlLoginMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if !isCall || !destructive[call.Params.Name] {
			return next(ctx, method, req)
		}
		key := "login_" + call.Params.Name
		res, found := call.Params.InputResponses[key].(*mcp.ElicitResult)
		if !found {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return refusedResult("sign in at https://auth.example.com first"), nil
			}
			id := rand.Text()
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				key: &mcp.ElicitParams{
					Mode:          "url",
					Message:       "Sign in to continue",
					URL:           "https://auth.example.com/login?flow=" + id,
					ElicitationID: id,
				},
			}}, nil
		}
		switch res.Action {
		case "accept":
			if _, ok := signedIn.Load(call.Session.ID()); !ok {
				return refusedResult("finish signing in, then call again"), nil
			}
			audit(call.Params.Name)
			return next(ctx, method, req)
		case "decline", "cancel":
			return refusedResult("not signed in"), nil
		}
		return nil, errors.New("unknown elicitation action")
	}
}
