package rtmw

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// requireElicitation refuses tool calls from clients that cannot be asked,
// before any tool handler runs.
func requireElicitation(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("this server's tools need a client that can ask its user")
			}
		}
		return next(ctx, method, req)
	}
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var (
	storeMu sync.Mutex
	store   = map[string]string{}
	keyring = map[string]int{}
)

func wipeAll() {
	storeMu.Lock()
	clear(store)
	storeMu.Unlock()
}

// wipeHandler asks in the round trip; the server's middleware tests the capability.
func wipeHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"wipe": &mcp.ElicitParams{Message: "Wipe every stored value?", RequestedSchema: yesNo},
		}}, nil
	}
	switch res.Action {
	case "accept":
		wipeAll()
		return textResult("wiped"), nil
	case "decline", "cancel":
		return textResult("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// summaryPrompt asks for a topic; the middleware tests tool calls only.
func summaryPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["topic"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{
			"topic": &mcp.ElicitParams{
				Message: "Which topic should the summary cover?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"topic": map[string]any{"type": "string"}},
					"required":   []string{"topic"},
				},
			},
		}}, nil
	}
	switch res.Action {
	case "accept":
		topic, _ := res.Content["topic"].(string)
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarise " + topic}}}}, nil
	case "decline", "cancel":
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarise everything"}}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// exportHandler is registered only on the plain server, which has no middleware.
func exportHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["export"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"export": &mcp.ElicitParams{Message: "Export all values to the shared bucket?", RequestedSchema: yesNo},
		}}, nil
	}
	switch res.Action {
	case "accept":
		storeMu.Lock()
		store["exported"] = "yes"
		storeMu.Unlock()
		return textResult("exported"), nil
	case "decline", "cancel":
		return textResult("not exported"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func rotateKeys() {
	storeMu.Lock()
	keyring["generation"]++
	storeMu.Unlock()
}

// rotateHandler asks, then rotates on any answer at all.
func rotateHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"rotate": &mcp.ElicitParams{Message: "Rotate the signing keys?", RequestedSchema: yesNo},
		}}, nil
	}
	rotateKeys()
	return textResult("rotated"), nil
}

// reindexHandler asks on the first round only, and fails a retry without the answer.
func reindexHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["reindex"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState == "" {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"reindex": &mcp.ElicitParams{Message: "Rebuild the index?", RequestedSchema: yesNo}},
				RequestState:  "asked",
			}, nil
		}
		return nil, errors.New("no answer to the reindex question")
	}
	switch res.Action {
	case "accept":
		storeMu.Lock()
		store["index"] = "rebuilt"
		storeMu.Unlock()
		return textResult("reindexed"), nil
	case "decline", "cancel":
		return textResult("index left as it is"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// reportResource asks before reading the report, with Contents nil.
func reportResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["period"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("reading the report needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{
			"period": &mcp.ElicitParams{
				Message: "Which month should the report cover?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"month": map[string]any{"type": "string"}},
					"required":   []string{"month"},
				},
			},
		}}, nil
	}
	month := "this month"
	switch res.Action {
	case "accept":
		if m, ok := res.Content["month"].(string); ok {
			month = m
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "report for " + month}}}, nil
}

// NewServers builds the guarded server and a plain one for internal use.
func NewServers() (guarded, plain *mcp.Server) {
	guarded = mcp.NewServer(&mcp.Implementation{Name: "rtmw", Version: "1.0.0"}, nil)
	guarded.AddReceivingMiddleware(requireElicitation)
	for _, mw := range []mcp.Middleware{RoundTripConfirm, LenientRoundTripConfirm, urlLoginMiddleware, stateSkipMiddleware, sealedStateMiddleware, digestStateMiddleware} {
		guarded.AddReceivingMiddleware(mw)
	}
	guarded.AddTool(&mcp.Tool{Name: "wipe", InputSchema: map[string]any{"type": "object"}}, wipeHandler)
	guarded.AddTool(&mcp.Tool{Name: "rotate", InputSchema: map[string]any{"type": "object"}}, rotateHandler)
	guarded.AddTool(&mcp.Tool{Name: "reindex", InputSchema: map[string]any{"type": "object"}}, reindexHandler)
	guarded.AddPrompt(&mcp.Prompt{Name: "summary"}, summaryPrompt)
	guarded.AddResource(&mcp.Resource{URI: "report://monthly", Name: "monthly"}, reportResource)
	registerSampling(guarded)

	plain = mcp.NewServer(&mcp.Implementation{Name: "rtmw-plain", Version: "1.0.0"}, nil)
	plain.AddReceivingMiddleware(askInlineMiddleware, sessionCapsMiddleware)
	plain.AddSendingMiddleware(logOutgoingElicit)
	plain.AddTool(&mcp.Tool{Name: "export", InputSchema: map[string]any{"type": "object"}}, exportHandler)
	return guarded, plain
}

// logOutgoingElicit is a sending middleware that logs every elicitation the
// server sends (on older sessions, where the SDK's bridge asks directly).
func logOutgoingElicit(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if er, ok := req.(*mcp.ElicitRequest); ok {
			log.Printf("asking the user: %q (mode %q)", er.Params.Message, er.Params.Mode)
		}
		return next(ctx, method, req)
	}
}
