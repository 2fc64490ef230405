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
	Method      MCPMethod          `json:"method"`
	Elicitation *ElicitationParams `json:"-"`
}

type InputRequests map[string]InputRequest

type InputResponse struct {
	Elicitation *ElicitationResult `json:"-"`
}

func (r *InputResponse) DecodeFor(method MCPMethod) error { return nil }

type InputResponses map[string]InputResponse

func NewElicitationInputRequest(params ElicitationParams) InputRequest { return InputRequest{} }

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

type MultiRoundTripResult struct {
	InputRequests InputRequests `json:"inputRequests,omitempty"`
	RequestState  string        `json:"requestState,omitempty"`
}

type CallToolResult struct {
	Result
	MultiRoundTripResult
	IsError bool `json:"isError,omitempty"`
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

func NewTool(name string, opts ...ToolOption) Tool { return Tool{Name: name} }
