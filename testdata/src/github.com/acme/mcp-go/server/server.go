// Package server stands for a fork of github.com/mark3labs/mcp-go/server
// under another module path, to test -forks.
package server

import (
	"context"

	"github.com/acme/mcp-go/mcp"
)

type MCPServer struct{}

type ClientSession interface {
	SessionID() string
}

type SessionWithElicitation interface {
	ClientSession
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

func (s *MCPServer) RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return nil, nil
}

func (s *MCPServer) RequestURLElicitation(ctx context.Context, session ClientSession, elicitationID string, url string, message string) (*mcp.ElicitationResult, error) {
	return nil, nil
}

func ClientSessionFromContext(ctx context.Context) ClientSession { return nil }

type InputRequestBuilder struct{}

func NewInputRequestBuilder(requestState string) *InputRequestBuilder { return nil }

func (b *InputRequestBuilder) Elicit(id string, params mcp.ElicitationParams) *InputRequestBuilder {
	return b
}

func (b *InputRequestBuilder) ToolResult() *mcp.CallToolResult { return nil }

func ElicitationResponse(responses mcp.InputResponses, id string) *mcp.ElicitationResult { return nil }
