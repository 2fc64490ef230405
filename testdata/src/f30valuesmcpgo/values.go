// Package f30valuesmcpgo holds decisions written as values (issue 30 §1)
// for mcp-go: the same logic as the if forms.
package f30valuesmcpgo

import (
	"context"
	"errors"

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

// yesIfUnsupported says yes when the client cannot elicit.
func yesIfUnsupported(ctx context.Context, s *server.MCPServer) (bool, error) {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return errors.Is(err, server.ErrElicitationNotSupported), nil // want `yesIfUnsupported returns true when MCPServer.RequestElicitation fails with server.ErrElicitationNotSupported, as it does when the user accepts: every call that gets that error goes ahead without asking; fail closed \(return what a decline returns\), or move to the round trip so the question is asked \(fail-open\)`
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// yesUnlessCancelled says yes on every error but one.
func yesUnlessCancelled(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return !errors.Is(err, context.Canceled) // want `yesUnlessCancelled returns true when MCPServer.RequestElicitation fails.*\(fail-open\)`
	}
	return res.Action == mcp.ElicitationResponseActionAccept
}

// retryThenAllow asks three times and then goes ahead.
func retryThenAllow(ctx context.Context, s *server.MCPServer) bool {
	for i := 0; i < 3; i++ {
		res, err := s.RequestElicitation(ctx, request("Go ahead?"))
		if err != nil {
			continue
		}
		return res.Action == mcp.ElicitationResponseActionAccept
	}
	return true // want `retryThenAllow returns true when MCPServer.RequestElicitation fails.*; no automatic fix: the return is shared with other paths \(fail-open\)`
}

// retryThenAllowErr: the same with an error gate.
func retryThenAllowErr(ctx context.Context, s *server.MCPServer) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		res, err := s.RequestElicitation(ctx, request("Go ahead?"))
		if err != nil {
			lastErr = err
			continue
		}
		if res.Action != mcp.ElicitationResponseActionAccept {
			return errors.New("declined")
		}
		return nil
	}
	_ = lastErr
	return nil // want `retryThenAllowErr returns a nil error when MCPServer.RequestElicitation fails.*; no automatic fix: the return is shared with other paths \(fail-open\)`
}

// Near misses.

// noIfUnsupported says no when the client cannot elicit, and fails on
// other errors.
func noIfUnsupported(ctx context.Context, s *server.MCPServer) (bool, error) {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// isUnsupportedWithErr returns the test with the error: not nil.
func isUnsupportedWithErr(ctx context.Context, s *server.MCPServer) (bool, error) {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return errors.Is(err, server.ErrElicitationNotSupported), err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// retryThenRefuse asks three times and then refuses.
func retryThenRefuse(ctx context.Context, s *server.MCPServer) bool {
	for i := 0; i < 3; i++ {
		res, err := s.RequestElicitation(ctx, request("Go ahead?"))
		if err != nil {
			continue
		}
		return res.Action == mcp.ElicitationResponseActionAccept
	}
	return false
}
