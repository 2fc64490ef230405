// Package server is a stub of github.com/mark3labs/mcp-go/server (v1.2.1) for
// analysistest. TestStubsMatchRealSDK proves each declaration here matches
// the real module.
package server

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

var (
	ErrElicitationNotSupported           = errors.New("session does not support elicitation")
	ErrRootsNotSupported                 = errors.New("session does not support roots")
	ErrServerInitiatedRequestUnsupported = errors.New("server-initiated requests are not supported in protocol version 2026-07-28 or later: return an InputRequests map from the handler instead (multi round-trip requests, SEP-2322)")
)

type MCPServer struct{}

type ClientSession interface {
	SessionID() string
}

type SessionWithElicitation interface {
	ClientSession
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

type SessionWithSampling interface {
	ClientSession
	RequestSampling(ctx context.Context, request mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error)
}

type SessionWithRoots interface {
	ClientSession
	ListRoots(ctx context.Context, request mcp.ListRootsRequest) (*mcp.ListRootsResult, error)
}

func (s *MCPServer) RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return nil, nil
}

func (s *MCPServer) RequestURLElicitation(ctx context.Context, session ClientSession, elicitationID string, url string, message string) (*mcp.ElicitationResult, error) {
	return nil, nil
}

func (s *MCPServer) SendElicitationComplete(ctx context.Context, session ClientSession, elicitationID string) error {
	return nil
}

type ToolHandlerFunc func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error)

type PromptHandlerFunc func(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error)

type ResourceHandlerFunc func(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error)

type ToolHandlerMiddleware func(ToolHandlerFunc) ToolHandlerFunc

type NotificationHandlerFunc func(ctx context.Context, notification mcp.JSONRPCNotification)

func (s *MCPServer) RequestSampling(ctx context.Context, request mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	return nil, nil
}

func (s *MCPServer) RequestRoots(ctx context.Context, request mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	return nil, nil
}

func (s *MCPServer) AddNotificationHandler(method string, handler NotificationHandlerFunc) {}

func (s *MCPServer) SendLogMessageToClient(ctx context.Context, notification mcp.LoggingMessageNotification) error {
	return nil
}

func (s *MCPServer) AddTool(tool mcp.Tool, handler ToolHandlerFunc) {}

func ClientSessionFromContext(ctx context.Context) ClientSession { return nil }

type InputRequestBuilder struct{}

func NewInputRequestBuilder(requestState string) *InputRequestBuilder { return nil }

func (b *InputRequestBuilder) Elicit(id string, params mcp.ElicitationParams) *InputRequestBuilder {
	return b
}

func (b *InputRequestBuilder) ToolResult() *mcp.CallToolResult { return nil }

func (b *InputRequestBuilder) PromptResult() *mcp.GetPromptResult { return nil }

func ElicitationResponse(responses mcp.InputResponses, id string) *mcp.ElicitationResult { return nil }

func SamplingResponse(responses mcp.InputResponses, id string) *mcp.CreateMessageResult { return nil }

func RootsResponse(responses mcp.InputResponses, id string) *mcp.ListRootsResult { return nil }

func InputResponse(responses mcp.InputResponses, id string) (mcp.InputResponse, bool) {
	return mcp.InputResponse{}, false
}

func (b *InputRequestBuilder) Sample(id string, params mcp.CreateMessageParams) *InputRequestBuilder {
	return b
}

func (b *InputRequestBuilder) Roots(id string) *InputRequestBuilder { return b }

func (s *MCPServer) AddPrompt(prompt mcp.Prompt, handler PromptHandlerFunc) {}

func (s *MCPServer) AddResource(resource mcp.Resource, handler ResourceHandlerFunc) {}

type ServerOption func(*MCPServer)

func NewMCPServer(name, version string, opts ...ServerOption) *MCPServer { return nil }

func ServerFromContext(ctx context.Context) *MCPServer { return nil }

func ServeStdio(server *MCPServer, opts ...StdioOption) error { return nil }

type StdioOption func(*StdioServer)

type StdioServer struct{}

func WithLegacyServerInitiatedRequests() ServerOption { return nil }

func WithElicitation() ServerOption { return nil }

type OnAfterInitializeFunc func(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult)

type Hooks struct {
	OnAfterInitialize []OnAfterInitializeFunc
}

func (c *Hooks) AddAfterInitialize(hook OnAfterInitializeFunc) {}

func WithHooks(hooks *Hooks) ServerOption { return nil }

func WithToolHandlerMiddleware(toolHandlerMiddleware ToolHandlerMiddleware) ServerOption { return nil }

func NewStdioServer(server *MCPServer) *StdioServer { return nil }

type StreamableHTTPServer struct{}

type StreamableHTTPOption func(*StreamableHTTPServer)

func NewStreamableHTTPServer(server *MCPServer, opts ...StreamableHTTPOption) *StreamableHTTPServer {
	return nil
}

func WithStreamableHTTPProtocolVersions(versions ...string) StreamableHTTPOption { return nil }

func (s *StreamableHTTPServer) Start(addr string) error { return nil }

func WithStateLess(stateLess bool) StreamableHTTPOption { return nil }

func WithEndpointPath(endpointPath string) StreamableHTTPOption { return nil }

type SSEServer struct{}

type SSEOption func(*SSEServer)

func NewSSEServer(server *MCPServer, opts ...SSEOption) *SSEServer { return nil }

func WithBaseURL(baseURL string) SSEOption { return nil }

func (s *SSEServer) Start(addr string) error { return nil }

// The request's own protocol information, and the session's client info.

type RequestProtocolInfo struct {
	Modern             bool
	ProtocolVersion    string
	ClientInfo         *mcp.Implementation
	ClientCapabilities *mcp.ClientCapabilities
}

func RequestProtocolInfoFromContext(ctx context.Context) *RequestProtocolInfo { return nil }

func IsModernRequest(ctx context.Context) bool { return false }

func RequestProtocolVersion(ctx context.Context) string { return "" }

type SessionWithClientInfo interface {
	ClientSession
	GetClientInfo() mcp.Implementation
	SetClientInfo(clientInfo mcp.Implementation)
	GetClientCapabilities() mcp.ClientCapabilities
	SetClientCapabilities(clientCapabilities mcp.ClientCapabilities)
}

func (s *MCPServer) SendNotificationToAllClients(method string, params map[string]any) {}
