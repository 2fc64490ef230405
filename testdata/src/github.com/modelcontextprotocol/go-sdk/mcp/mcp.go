// Package mcp is a stub of github.com/modelcontextprotocol/go-sdk/mcp (v1.8.0)
// for analysistest. It declares only what elicitlint's fixtures use; the test
// TestStubsMatchRealSDK proves each declaration here matches the real module.
package mcp

import (
	"context"
	"encoding/json"

	// The real package imports jsonschema-go, which makes it relevant to
	// the analyzer's prefilter; TestSDKPackagesNotChecked needs that.
	_ "github.com/google/jsonschema-go/jsonschema"
)

type Meta map[string]any

type Params interface{ isParams() }

type Session interface{ ID() string }

type ServerSession struct{}

func (ss *ServerSession) ID() string { return "" }

func (ss *ServerSession) Elicit(ctx context.Context, params *ElicitParams) (*ElicitResult, error) {
	return nil, nil
}

type ClientSession struct{}

func (cs *ClientSession) ID() string { return "" }

type Server struct{}

type RequestExtra struct{}

type ServerRequest[P Params] struct {
	Session *ServerSession
	Params  P
	Extra   *RequestExtra
}

type ClientRequest[P Params] struct {
	Session *ClientSession
	Params  P
}

type (
	CallToolRequest         = ServerRequest[*CallToolParamsRaw]
	GetPromptRequest        = ServerRequest[*GetPromptParams]
	ReadResourceRequest     = ServerRequest[*ReadResourceParams]
	InitializedRequest      = ServerRequest[*InitializedParams]
	RootsListChangedRequest = ServerRequest[*RootsListChangedParams]
	ElicitRequest           = ClientRequest[*ElicitParams]
)

func (ss *ServerSession) CreateMessage(ctx context.Context, params *CreateMessageParams) (*CreateMessageResult, error) {
	return nil, nil
}

func (ss *ServerSession) CreateMessageWithTools(ctx context.Context, params *CreateMessageWithToolsParams) (*CreateMessageWithToolsResult, error) {
	return nil, nil
}

func (ss *ServerSession) ListRoots(ctx context.Context, params *ListRootsParams) (*ListRootsResult, error) {
	return nil, nil
}

func (ss *ServerSession) Ping(ctx context.Context, params *PingParams) error { return nil }

func (ss *ServerSession) Log(ctx context.Context, params *LoggingMessageParams) error { return nil }

type Request interface {
	GetSession() Session
	GetParams() Params
}

type Result interface {
	GetMeta() map[string]any
}

type MethodHandler func(ctx context.Context, method string, req Request) (result Result, err error)

type Middleware func(MethodHandler) MethodHandler

func (s *Server) AddReceivingMiddleware(middleware ...Middleware) {}

type ServerOptions struct {
	InitializedHandler        func(context.Context, *InitializedRequest)
	RootsListChangedHandler   func(context.Context, *RootsListChangedRequest)
	SupportedProtocolVersions []string
}

type Implementation struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

func NewServer(impl *Implementation, options *ServerOptions) *Server { return nil }

func SupportedProtocolVersions() []string { return nil }

// The client's capabilities, per request (ClientCapabilities) and per
// session (InitializeParams), and the protocol version.

type ClientCapabilities struct {
	Roots struct {
		ListChanged bool `json:"listChanged,omitempty"`
	} `json:"roots,omitempty"`
	RootsV2     *RootCapabilities        `json:"-"`
	Sampling    *SamplingCapabilities    `json:"sampling,omitempty"`
	Elicitation *ElicitationCapabilities `json:"elicitation,omitempty"`
}

type RootCapabilities struct {
	ListChanged bool `json:"listChanged,omitempty"`
}

type SamplingCapabilities struct {
	Tools *SamplingToolsCapabilities `json:"tools,omitempty"`
}

type SamplingToolsCapabilities struct{}

type ElicitationCapabilities struct {
	Form *FormElicitationCapabilities `json:"form,omitempty"`
	URL  *URLElicitationCapabilities  `json:"url,omitempty"`
}

type FormElicitationCapabilities struct{}

type URLElicitationCapabilities struct{}

type InitializeParams struct {
	Meta            `json:"_meta,omitempty"`
	Capabilities    *ClientCapabilities `json:"capabilities"`
	ClientInfo      *Implementation     `json:"clientInfo"`
	ProtocolVersion string              `json:"protocolVersion"`
}

func (ss *ServerSession) InitializeParams() *InitializeParams { return nil }

func (r *ServerRequest[P]) ClientCapabilities() *ClientCapabilities { return nil }

func (r *ServerRequest[P]) ProtocolVersion() string { return "" }

func (r *ServerRequest[P]) GetSession() Session { return nil }

func (r *ServerRequest[P]) GetParams() Params { return nil }

type ToolChoice struct {
	Mode string `json:"mode,omitempty"`
}

type InitializedParams struct {
	Meta `json:"_meta,omitempty"`
}

func (x *InitializedParams) isParams() {}

type RootsListChangedParams struct {
	Meta `json:"_meta,omitempty"`
}

func (x *RootsListChangedParams) isParams() {}

type PingParams struct {
	Meta `json:"_meta,omitempty"`
}

func (x *PingParams) isParams() {}

type LoggingLevel string

type LoggingMessageParams struct {
	Meta   `json:"_meta,omitempty"`
	Data   any          `json:"data"`
	Level  LoggingLevel `json:"level"`
	Logger string       `json:"logger,omitempty"`
}

func (x *LoggingMessageParams) isParams() {}

type ReadResourceParams struct {
	Meta           `json:"_meta,omitempty"`
	URI            string           `json:"uri"`
	InputResponses InputResponseMap `json:"inputResponses,omitempty"`
	RequestState   string           `json:"requestState,omitempty"`
}

func (x *ReadResourceParams) isParams() {}

type ResourceContents struct {
	URI      string `json:"uri"`
	MIMEType string `json:"mimeType,omitempty"`
	Text     string `json:"text,omitempty"`
}

type ReadResourceResult struct {
	Meta          `json:"_meta,omitempty"`
	Contents      []*ResourceContents `json:"contents"`
	InputRequests InputRequestMap     `json:"inputRequests,omitempty"`
	RequestState  string              `json:"requestState,omitempty"`
}

type Role string

type SamplingMessage struct {
	Content Content `json:"content"`
	Role    Role    `json:"role"`
}

type SamplingMessageV2 struct {
	Content []Content `json:"content"`
	Role    Role      `json:"role"`
}

type CreateMessageResult struct {
	Meta       `json:"_meta,omitempty"`
	Content    Content `json:"content"`
	Model      string  `json:"model"`
	Role       Role    `json:"role"`
	StopReason string  `json:"stopReason,omitempty"`
}

func (*CreateMessageResult) isInputResponse() {}

type CreateMessageWithToolsParams struct {
	Meta         `json:"_meta,omitempty"`
	MaxTokens    int64                `json:"maxTokens"`
	Messages     []*SamplingMessageV2 `json:"messages"`
	SystemPrompt string               `json:"systemPrompt,omitempty"`
	Tools        []*Tool              `json:"tools,omitempty"`
	ToolChoice   *ToolChoice          `json:"toolChoice,omitempty"`
}

func (x *CreateMessageWithToolsParams) isParams()       {}
func (x *CreateMessageWithToolsParams) isInputRequest() {}

type CreateMessageWithToolsResult struct {
	Meta       `json:"_meta,omitempty"`
	Content    []Content `json:"content"`
	Model      string    `json:"model"`
	Role       Role      `json:"role"`
	StopReason string    `json:"stopReason,omitempty"`
}

func (*CreateMessageWithToolsResult) isInputResponse() {}

type ListRootsParams struct {
	Meta `json:"_meta,omitempty"`
}

func (x *ListRootsParams) isParams()       {}
func (x *ListRootsParams) isInputRequest() {}

type Root struct {
	Meta `json:"_meta,omitempty"`
	Name string `json:"name,omitempty"`
	URI  string `json:"uri"`
}

type ElicitParams struct {
	Meta            `json:"_meta,omitempty"`
	Mode            string `json:"mode"`
	Message         string `json:"message"`
	RequestedSchema any    `json:"requestedSchema,omitempty"`
	URL             string `json:"url,omitempty"`
	ElicitationID   string `json:"elicitationId,omitempty"`
}

func (x *ElicitParams) isParams()       {}
func (x *ElicitParams) isInputRequest() {}

type ElicitResult struct {
	Meta    `json:"_meta,omitempty"`
	Action  string         `json:"action"`
	Content map[string]any `json:"content,omitempty"`
}

func (*ElicitResult) isInputResponse() {}

type InputRequest interface{ isInputRequest() }

type InputRequestMap map[string]InputRequest

type InputResponse interface{ isInputResponse() }

type InputResponseMap map[string]InputResponse

type CallToolParamsRaw struct {
	Meta           `json:"_meta,omitempty"`
	Name           string           `json:"name"`
	Arguments      json.RawMessage  `json:"arguments,omitempty"`
	InputResponses InputResponseMap `json:"inputResponses,omitempty"`
	RequestState   string           `json:"requestState,omitempty"`
}

func (x *CallToolParamsRaw) isParams() {}

type Content interface{}

type CallToolResult struct {
	Meta              `json:"_meta,omitempty"`
	Content           []Content       `json:"content"`
	StructuredContent any             `json:"structuredContent,omitempty"`
	IsError           bool            `json:"isError,omitempty"`
	InputRequests     InputRequestMap `json:"inputRequests,omitempty"`
	RequestState      string          `json:"requestState,omitempty"`
}

type TextContent struct {
	Text string
	Meta Meta
}

type Tool struct {
	Meta        `json:"_meta,omitempty"`
	Description string `json:"description,omitempty"`
	Name        string `json:"name"`
}

type ToolHandler func(context.Context, *CallToolRequest) (*CallToolResult, error)

type ToolHandlerFor[In, Out any] func(_ context.Context, request *CallToolRequest, input In) (result *CallToolResult, output Out, _ error)

func (s *Server) AddTool(t *Tool, h ToolHandler) {}

func AddTool[In, Out any](s *Server, t *Tool, h ToolHandlerFor[In, Out]) {}

type GetPromptParams struct {
	Meta           `json:"_meta,omitempty"`
	Arguments      map[string]string `json:"arguments,omitempty"`
	Name           string            `json:"name"`
	InputResponses InputResponseMap  `json:"inputResponses,omitempty"`
	RequestState   string            `json:"requestState,omitempty"`
}

func (x *GetPromptParams) isParams() {}

type PromptMessage struct {
	Content Content `json:"content"`
}

type GetPromptResult struct {
	Meta          `json:"_meta,omitempty"`
	Description   string           `json:"description,omitempty"`
	Messages      []*PromptMessage `json:"messages"`
	InputRequests InputRequestMap  `json:"inputRequests,omitempty"`
	RequestState  string           `json:"requestState,omitempty"`
}

type CreateMessageParams struct {
	Meta         `json:"_meta,omitempty"`
	MaxTokens    int64              `json:"maxTokens"`
	Messages     []*SamplingMessage `json:"messages"`
	SystemPrompt string             `json:"systemPrompt,omitempty"`
}

func (x *CreateMessageParams) isParams()       {}
func (x *CreateMessageParams) isInputRequest() {}

type ListRootsResult struct {
	Meta  `json:"_meta,omitempty"`
	Roots []*Root `json:"roots"`
}

func (*ListRootsResult) isInputResponse() {}

type ElicitationCompleteParams struct {
	Meta          `json:"_meta,omitempty"`
	ElicitationID string `json:"elicitationId"`
}

func (ss *ServerSession) NotifyElicitationComplete(ctx context.Context, params *ElicitationCompleteParams) error {
	return nil
}

func URLElicitationRequiredError(elicitations []*ElicitParams) error { return nil }

type ClientOptions struct {
	ElicitationHandler func(context.Context, *ElicitRequest) (*ElicitResult, error)
}

// bridge stands for the SDK's own code that makes elicitations (its bridge
// for older clients, its client calling the elicitation handler): the
// SDK's packages are not checked (TestSDKPackagesNotChecked).
func bridge(ctx context.Context, ss *ServerSession) {
	ss.Elicit(ctx, &ElicitParams{Message: ""})
}

// Transports.

type Connection interface {
	SessionID() string
}

type Transport interface {
	Connect(ctx context.Context) (Connection, error)
}

type StdioTransport struct {
	MaxLineLength int
}

func (t *StdioTransport) Connect(context.Context) (Connection, error) { return nil, nil }

func (s *Server) Run(ctx context.Context, t Transport) error { return nil }
