// Package mcp is a stub of github.com/modelcontextprotocol/go-sdk/mcp (v1.8.0)
// for analysistest. It declares only what elicitlint's fixtures use; the test
// TestStubsMatchRealSDK proves each declaration here matches the real module.
package mcp

import (
	"context"
	"encoding/json"
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
	CallToolRequest = ServerRequest[*CallToolParamsRaw]
	ElicitRequest   = ClientRequest[*ElicitParams]
)

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

func URLElicitationRequiredError(elicitations []*ElicitParams) error { return nil }

type ClientOptions struct {
	ElicitationHandler func(context.Context, *ElicitRequest) (*ElicitResult, error)
}
