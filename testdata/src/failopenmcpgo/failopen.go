// Package failopenmcpgo holds the fail-open check's cases for mcp-go.
package failopenmcpgo

import (
	"context"
	"errors"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

func request(msg string) mcp.ElicitationRequest { // want request:`elicitWrapper\(0:Message\) mode=form`
	return mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: msg, RequestedSchema: confirmSchema}}
}

func wipe(ctx context.Context)            {}
func reload(ctx context.Context, n int)   {}
func exportAll(ctx context.Context) error { return nil }

var errDeclined = errors.New("declined")

// confirm goes ahead when the client cannot be asked.
func confirm(ctx context.Context, s *server.MCPServer) (bool, error) {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return true, nil // want `confirm returns true when MCPServer.RequestElicitation fails, as it does when the user accepts: on sessions that negotiate protocol 2026-07-28 the direct request always fails, so every call goes ahead without asking; fail closed \(return what a decline returns\), or move to the round trip so the question is asked \(fail-open\)`
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// notSupported goes ahead on the SDK's own errors: ErrElicitationNotSupported,
// and on 2026-07-28 sessions ErrServerInitiatedRequestUnsupported.
func notSupported(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if errors.Is(err, server.ErrElicitationNotSupported) || errors.Is(err, server.ErrServerInitiatedRequestUnsupported) {
		log.Printf("client cannot elicit, going ahead")
		return nil // want `notSupported returns a nil error when MCPServer.RequestElicitation fails with server.ErrElicitationNotSupported or server.ErrServerInitiatedRequestUnsupported, as it does when the user accepts: every call that gets that error goes ahead without asking; fail closed \(return what a decline returns\), or move to the round trip so the question is asked \(fail-open\)`
	}
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	default:
		return errors.New("cancelled")
	}
}

// urlGate: the url-mode request fails the same way.
func urlGate(ctx context.Context, s *server.MCPServer, session server.ClientSession) error {
	res, err := s.RequestURLElicitation(ctx, session, "id-1", "https://example.com/connect", "Connect your account")
	if err != nil {
		return nil // want `urlGate returns a nil error when MCPServer.RequestURLElicitation fails.*\(fail-open\)`
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

// register adds handlers as closures, the way mcp-go servers do.
func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("wipe"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Wipe everything?"))
		if err != nil {
			log.Printf("cannot ask: %v", err)
		} else if res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when MCPServer.RequestElicitation fails, as only an accepted answer should:.*\(fail-open\)`
		return mcp.NewToolResultText("wiped"), nil
	})
	s.AddTool(mcp.NewTool("reload"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Reload?"))
		if err != nil {
			reload(ctx, 1) // want `the function passed to s.AddTool calls reload\(...\) when MCPServer.RequestElicitation fails, as it does when the user accepts:.*\(fail-open\)`
			return mcp.NewToolResultText("reloaded without asking"), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			reload(ctx, 2)
			return mcp.NewToolResultText("reloaded"), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultError("declined"), nil
		default:
			return mcp.NewToolResultError("cancelled"), nil
		}
	})
	// The round trip: a missing answer wipes on the first call.
	s.AddTool(mcp.NewTool("wipe2"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res == nil || res.Action == mcp.ElicitationResponseActionAccept {
			wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when InputResponses has no answer "wipe", as only an accepted answer should: the first call has none yet.*\(fail-open\)`
			return mcp.NewToolResultText("wiped"), nil
		}
		return mcp.NewToolResultText("kept"), nil
	})
	// Near misses: a tool error result, the request returned when the
	// answer is missing, an operator's setting.
	s.AddTool(mcp.NewTool("export"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Export?"))
		if err != nil {
			return mcp.NewToolResultError("could not ask: " + err.Error()), nil
		}
		if res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("not exported"), nil
		}
		if err := exportAll(ctx); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("exported"), nil
	})
	s.AddTool(mcp.NewTool("wipe3"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			wipe(ctx)
			return mcp.NewToolResultText("wiped"), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("kept"), nil
		default:
			return mcp.NewToolResultText("cancelled"), nil
		}
	})
}

type config struct{ AllowUnconfirmed bool }

func settingGated(ctx context.Context, s *server.MCPServer, cfg config) error {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if errors.Is(err, server.ErrElicitationNotSupported) && cfg.AllowUnconfirmed {
		return nil
	}
	if err != nil {
		return err
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

// viaSession uses the session's own method.
func viaSession(ctx context.Context) bool {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return false
	}
	res, err := sess.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return true // want `viaSession returns true when SessionWithElicitation.RequestElicitation fails.*\(fail-open\)`
	}
	return res.Action == mcp.ElicitationResponseActionAccept
}
