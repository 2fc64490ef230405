// Package assist is the port of the TypeScript "assistant" server: tools that
// borrow the client's model (sampling) and look at the client's roots.
package assist

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/ported/internal/store"
)

var srv = mcp.NewServer(&mcp.Implementation{Name: "assist", Version: "0.9.0"}, &mcp.ServerOptions{
	RootsListChangedHandler: onRootsChanged,
})

func init() {
	srv.AddReceivingMiddleware(requireSampling)
	mcp.AddTool(srv, &mcp.Tool{Name: "summarize_direct"}, summarizeDirect)
	mcp.AddTool(srv, &mcp.Tool{Name: "draft"}, draftRT)
	mcp.AddTool(srv, &mcp.Tool{Name: "plan"}, planWithTools)
	mcp.AddTool(srv, &mcp.Tool{Name: "translate"}, translateRT)
	mcp.AddTool(srv, &mcp.Tool{Name: "workspace_roots"}, listRootsRT)
}

// Serve serves over stdio.
func Serve(ctx context.Context) error {
	return srv.Run(ctx, &mcp.StdioTransport{})
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// requireSampling is the TS `requireCapability("sampling")` middleware: every
// tool of this server needs the client's model.
func requireSampling(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Sampling == nil {
				return nil, errors.New("the tools of this server need a client that supports sampling")
			}
		}
		return next(ctx, method, req)
	}
}

// summarizeDirect is summarize() as first ported: `await session.createMessage(...)`.
func summarizeDirect(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	input, _ := args["text"].(string)
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarize in three sentences:\n" + input}}},
	})
	if err != nil {
		return nil, nil, err
	}
	if tc, ok := res.Content.(*mcp.TextContent); ok {
		return textResult(tc.Text), nil, nil
	}
	return nil, nil, errors.New("the model answered with something other than text")
}

// draftRT is draft() on the round trip.
func draftRT(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	topic, _ := args["topic"].(string)
	res, ok := req.Params.InputResponses["draft"].(*mcp.CreateMessageResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"draft": &mcp.CreateMessageParams{
			MaxTokens: 800,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Draft a short blog post about " + topic}}},
		}}}, nil, nil
	}
	tc, isText := res.Content.(*mcp.TextContent)
	if !isText {
		return nil, nil, errors.New("the model answered with something other than text")
	}
	store.Put("draft", topic, tc.Text)
	return textResult(tc.Text), nil, nil
}

// planWithTools is plan(): the model may look tickets up while it plans.
func planWithTools(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	goal, _ := args["goal"].(string)
	res, ok := req.Params.InputResponses["plan"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"plan": &mcp.CreateMessageWithToolsParams{
			MaxTokens: 800,
			Messages:  []*mcp.SamplingMessageV2{{Role: "user", Content: []mcp.Content{&mcp.TextContent{Text: "Plan the work for: " + goal}}}},
			Tools: []*mcp.Tool{{
				Name:        "lookup_ticket",
				Description: "Look a ticket up by its key",
				InputSchema: map[string]interface{}{"type": "object", "properties": map[string]interface{}{"key": map[string]interface{}{"type": "string"}}},
			}},
		}}}, nil, nil
	}
	var parts []string
	for _, c := range res.Content {
		if tc, isText := c.(*mcp.TextContent); isText {
			parts = append(parts, tc.Text)
		}
	}
	return textResult(strings.Join(parts, "\n")), nil, nil
}

// translateRT is translate(); the middleware already refused clients without sampling.
func translateRT(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	input, _ := args["text"].(string)
	lang, _ := args["lang"].(string)
	res, ok := req.Params.InputResponses["translation"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"translation": &mcp.CreateMessageParams{
			MaxTokens: 500,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Translate into " + lang + ":\n" + input}}},
		}}}, nil, nil
	}
	for _, c := range res.Content {
		if tc, isText := c.(*mcp.TextContent); isText {
			return textResult(tc.Text), nil, nil
		}
	}
	return nil, nil, errors.New("the model answered with something other than text")
}

// listRootsRT is workspaceRoots() on the round trip.
func listRootsRT(ctx context.Context, req *mcp.CallToolRequest, args map[string]interface{}) (*mcp.CallToolResult, interface{}, error) {
	res, ok := req.Params.InputResponses["roots"].(*mcp.ListRootsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
			return textResult("The client shares no roots."), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil
	}
	var uris []string
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return textResult(strings.Join(uris, "\n")), nil, nil
}

// onRootsChanged is the TS `server.onRootsChanged(async () => ...)` hook.
func onRootsChanged(ctx context.Context, req *mcp.RootsListChangedRequest) {
	res, err := req.Session.ListRoots(ctx, nil)
	if err != nil {
		log.Printf("roots changed, but listing them failed: %v", err)
		return
	}
	store.Put("roots", req.Session.ID(), fmt.Sprint(len(res.Roots)))
}
