// Package mcp is a stub of github.com/mark3labs/mcp-go/mcp (v1.2.1) for
// analysistest. TestStubsMatchRealSDK proves each declaration here matches
// the real module.
package mcp

type MCPMethod string

type ProgressToken any

type Meta struct {
	ProgressToken ProgressToken
}

type Request struct {
	Method string `json:"method"`
}

type Result struct {
	Meta       *Meta      `json:"_meta,omitempty"`
	ResultType ResultType `json:"resultType,omitempty"`
}

type ResultType string

const (
	ResultTypeComplete      ResultType = "complete"
	ResultTypeInputRequired ResultType = "input_required"
)

const MethodElicitationCreate MCPMethod = "elicitation/create"

const MethodSamplingCreateMessage MCPMethod = "sampling/createMessage"

const MethodListRoots MCPMethod = "roots/list"

type Role string

const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

type Annotated struct{}

type Content interface {
	isContent()
}

type TextContent struct {
	Annotated
	Meta *Meta  `json:"_meta,omitempty"`
	Type string `json:"type"`
	Text string `json:"text"`
}

func (TextContent) isContent() {}

type SamplingMessage struct {
	Role    Role `json:"role"`
	Content any  `json:"content"`
}

type CreateMessageRequest struct {
	Request
	CreateMessageParams `json:"params"`
}

type CreateMessageParams struct {
	Messages     []SamplingMessage `json:"messages"`
	SystemPrompt string            `json:"systemPrompt,omitempty"`
	MaxTokens    int               `json:"maxTokens"`
	Tools        []Tool            `json:"tools,omitempty"`
	ToolChoice   *ToolChoice       `json:"toolChoice,omitempty"`
}

type ToolChoiceMode string

type ToolChoice struct {
	Mode ToolChoiceMode `json:"mode,omitempty"`
}

// The client's capabilities and the protocol versions.

type ClientCapabilities struct {
	Roots *struct {
		ListChanged bool `json:"listChanged,omitempty"`
	} `json:"roots,omitempty"`
	Sampling    *SamplingCapability    `json:"sampling,omitempty"`
	Elicitation *ElicitationCapability `json:"elicitation,omitempty"`
}

type SamplingCapability struct {
	Tools *struct{} `json:"tools,omitempty"`
}

type ElicitationCapability struct {
	Form *struct{} `json:"form,omitempty"`
	URL  *struct{} `json:"url,omitempty"`
}

// The initialize handshake, as the server's hooks see it.

type InitializeRequest struct {
	Request
	Params InitializeParams `json:"params"`
}

type InitializeParams struct {
	ProtocolVersion string             `json:"protocolVersion"`
	Capabilities    ClientCapabilities `json:"capabilities"`
	ClientInfo      Implementation     `json:"clientInfo"`
}

type InitializeResult struct {
	Result
	ProtocolVersion string `json:"protocolVersion"`
}

type Implementation struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

const (
	ProtocolVersion20260728 = "2026-07-28"
	ProtocolVersion20251125 = "2025-11-25"
	ProtocolVersion20250618 = "2025-06-18"
)

const LATEST_PROTOCOL_VERSION = ProtocolVersion20260728

const LATEST_LEGACY_PROTOCOL_VERSION = ProtocolVersion20251125

func IsModernProtocol(version string) bool { return version >= ProtocolVersion20260728 }

func LegacyProtocolVersions() []string { return nil }

func NewToolResultErrorf(format string, a ...any) *CallToolResult { return nil }

func NewToolResultErrorFromErr(text string, err error) *CallToolResult { return nil }

type CreateMessageResult struct {
	Result
	SamplingMessage
	Model      string `json:"model"`
	StopReason string `json:"stopReason,omitempty"`
}

func ParseSamplingContent(content any) (any, error) { return content, nil }

type ListRootsRequest struct {
	Request
}

type ListRootsParams struct{}

type Root struct {
	URI  string `json:"uri"`
	Name string `json:"name,omitempty"`
}

type ListRootsResult struct {
	Result
	Roots []Root `json:"roots"`
}

type Notification struct {
	Method string             `json:"method"`
	Params NotificationParams `json:"params,omitzero"`
}

type NotificationParams struct {
	Meta             map[string]any `json:"_meta,omitempty"`
	AdditionalFields map[string]any `json:"-"`
}

type JSONRPCNotification struct {
	JSONRPC string `json:"jsonrpc"`
	Notification
}

type ElicitationRequest struct {
	Request
	Params ElicitationParams `json:"params"`
}

type ElicitationParams struct {
	Meta            *Meta  `json:"_meta,omitempty"`
	Mode            string `json:"mode,omitempty"`
	Message         string `json:"message"`
	RequestedSchema any    `json:"requestedSchema,omitempty"`
	ElicitationID   string `json:"elicitationId,omitempty"`
	URL             string `json:"url,omitempty"`
}

type ElicitationResult struct {
	Result
	ElicitationResponse
}

type ElicitationResponse struct {
	Action  ElicitationResponseAction `json:"action"`
	Content any                       `json:"content,omitempty"`
}

type ElicitationResponseAction string

const (
	ElicitationResponseActionAccept  ElicitationResponseAction = "accept"
	ElicitationResponseActionDecline ElicitationResponseAction = "decline"
	ElicitationResponseActionCancel  ElicitationResponseAction = "cancel"
)

const (
	ElicitationModeForm = "form"
	ElicitationModeURL  = "url"
)

type URLElicitationRequiredError struct {
	Elicitations []ElicitationParams `json:"elicitations"`
}

func (e URLElicitationRequiredError) Error() string { return "" }

type InputRequest struct {
	Method      MCPMethod            `json:"method"`
	Elicitation *ElicitationParams   `json:"-"`
	Sampling    *CreateMessageParams `json:"-"`
	Roots       *ListRootsParams     `json:"-"`
}

type InputRequests map[string]InputRequest

type InputResponse struct {
	Elicitation *ElicitationResult   `json:"-"`
	Sampling    *CreateMessageResult `json:"-"`
	Roots       *ListRootsResult     `json:"-"`
}

func (r *InputResponse) DecodeFor(method MCPMethod) error { return nil }

type InputResponses map[string]InputResponse

func NewElicitationInputRequest(params ElicitationParams) InputRequest { return InputRequest{} }

func NewSamplingInputRequest(params CreateMessageParams) InputRequest { return InputRequest{} }

func NewRootsInputRequest() InputRequest { return InputRequest{} }

type MultiRoundTripParams struct {
	InputResponses InputResponses `json:"inputResponses,omitempty"`
	RequestState   string         `json:"requestState,omitempty"`
}

type CallToolParams struct {
	Name      string `json:"name"`
	Arguments any    `json:"arguments,omitempty"`
	MultiRoundTripParams
}

type CallToolRequest struct {
	Request
	Params CallToolParams `json:"params"`
}

func (r CallToolRequest) GetArguments() map[string]any { return nil }

func (r CallToolRequest) BindArguments(target any) error { return nil }

func (r CallToolRequest) GetString(key string, defaultValue string) string { return defaultValue }

func (r CallToolRequest) RequireString(key string) (string, error) { return "", nil }

func (r CallToolRequest) GetInt(key string, defaultValue int) int { return defaultValue }

func (r CallToolRequest) GetBool(key string, defaultValue bool) bool { return defaultValue }

type GetPromptParams struct {
	Name      string            `json:"name"`
	Arguments map[string]string `json:"arguments,omitempty"`
	MultiRoundTripParams
}

type GetPromptRequest struct {
	Request
	Params GetPromptParams `json:"params"`
}

type ReadResourceParams struct {
	URI string `json:"uri"`
	MultiRoundTripParams
}

type ReadResourceRequest struct {
	Request
	Params ReadResourceParams `json:"params"`
}

type ResourceContents interface{}

type ReadResourceResult struct {
	MultiRoundTripResult
	Contents []ResourceContents `json:"contents"`
}

type MultiRoundTripResult struct {
	InputRequests InputRequests `json:"inputRequests,omitempty"`
	RequestState  string        `json:"requestState,omitempty"`
}

type CallToolResult struct {
	Result
	MultiRoundTripResult
	Content []Content `json:"content"`
	IsError bool      `json:"isError,omitempty"`
}

func NewToolResultText(text string) *CallToolResult { return nil }

func NewToolResultError(text string) *CallToolResult { return nil }

type GetPromptResult struct {
	Result
	MultiRoundTripResult
	Description string `json:"description,omitempty"`
}

type Tool struct {
	Name string `json:"name"`
}

type ToolOption func(*Tool)

type Prompt struct {
	Name string `json:"name"`
}

type PromptOption func(*Prompt)

func NewPrompt(name string, opts ...PromptOption) Prompt { return Prompt{Name: name} }

type Resource struct {
	Annotated
	URI string `json:"uri"`
}

type ResourceOption func(*Resource)

func NewResource(uri string, name string, opts ...ResourceOption) Resource { return Resource{URI: uri} }

type LoggingMessageNotification struct {
	Notification
}

func NewTool(name string, opts ...ToolOption) Tool { return Tool{Name: name} }

func NewTextContent(text string) TextContent { return TextContent{Type: "text", Text: text} }
