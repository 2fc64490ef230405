// Package elicit wraps mcp-go v0.44.0's elicitation API for the ops server:
// one global MCPServer, thin wrappers and the confirmation gates.
package elicit

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var (
	srvOnce sync.Once
	srv     *server.MCPServer
)

// Server returns the process-wide MCP server.
func Server() *server.MCPServer {
	srvOnce.Do(func() {
		srv = server.NewMCPServer("ops", "2025.9.1",
			server.WithToolCapabilities(true),
			server.WithElicitation(),
			server.WithRecovery(),
		)
	})
	return srv
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// Form shows a form through the global server.
func Form(ctx context.Context, message string, schema map[string]any) (*mcp.ElicitationResult, error) {
	return Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: message, RequestedSchema: schema},
	})
}

// OpenURL sends the user to a page through the global server.
func OpenURL(ctx context.Context, id, url, message string) (*mcp.ElicitationResult, error) {
	return Server().RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id, url, message)
}

// Confirm asks a yes/no question. Transports without elicitation (SSE) go
// ahead, as they did before elicitation existed.
func Confirm(ctx context.Context, message string) (bool, error) {
	res, err := Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: message, RequestedSchema: yesNo},
	})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConfirmClosed is Confirm without the SSE escape hatch.
func ConfirmClosed(ctx context.Context, message string) (bool, error) {
	res, err := Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: message, RequestedSchema: yesNo},
	})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConfirmKnownClient skips the question for clients that never declared
// elicitation at initialize.
func ConfirmKnownClient(ctx context.Context, message string) (bool, error) {
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		if caps := s.GetClientCapabilities(); caps.Elicitation == nil {
			log.Printf("client %s cannot be asked; going ahead", s.GetClientInfo().Name)
			return true, nil
		}
	}
	res, err := Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: message, RequestedSchema: yesNo},
	})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConfirmAccepted is the one-line gate of the first release.
func ConfirmAccepted(ctx context.Context, message string) (bool, error) {
	res, err := Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: message, RequestedSchema: yesNo},
	})
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// Direct sends through the session itself, skipping the server's checks:
// kept for a client that rejected "mode" in 2025.
func Direct(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return nil, server.ErrElicitationNotSupported
	}
	return s.RequestElicitation(ctx, req)
}

// Pending keeps the last answer of a long-running conversation.
type Pending struct {
	mu     sync.Mutex
	answer *mcp.ElicitationResult
}

// Ask asks and keeps the answer for the conversation's next step.
func (p *Pending) Ask(ctx context.Context, message string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var err error
	p.answer, err = Server().RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message: message,
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"note": map[string]any{"type": "string"}},
			},
		},
	})
	return err
}

// Note returns the note of the last answer, whatever the user chose.
func (p *Pending) Note() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.answer == nil {
		return ""
	}
	m, _ := p.answer.Content.(map[string]any)
	s, _ := m["note"].(string)
	return s
}
