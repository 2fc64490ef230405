// Package assist uses the client's model and roots.
package assist

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TextIn carries text to work on.
type TextIn struct {
	Text string `json:"text"`
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func prompt(s string) *mcp.CreateMessageParams {
	return &mcp.CreateMessageParams{MaxTokens: 200, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: s}}}}
}

func Summarize(ctx context.Context, req *mcp.CallToolRequest, in TextIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 200,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarize: " + in.Text}}},
	})
	if err != nil {
		return nil, nil, err
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return nil, nil, errors.New("the model did not answer with text")
	}
	return text(tc.Text), nil, nil
}

func Draft(ctx context.Context, req *mcp.CallToolRequest, in TextIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["draft"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("drafting needs a client with sampling")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"draft": prompt("Draft a reply to: " + in.Text)}}, nil, nil
	}
	if tc, ok := res.Content.(*mcp.TextContent); ok {
		return text(tc.Text), nil, nil
	}
	return nil, nil, errors.New("no text in the draft")
}

func Outline(ctx context.Context, req *mcp.CallToolRequest, in TextIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["outline"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return text("no model available; outline by hand"), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"outline": prompt("Outline: " + in.Text)}}, nil, nil
	}
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			return text(tc.Text), nil, nil
		}
	}
	return text("the model gave no text"), nil, nil
}

func Headline(ctx context.Context, req *mcp.CallToolRequest, in TextIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["headline"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return text("no model available"), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"headline": prompt("Headline for: " + in.Text)}}, nil, nil
	}
	if len(res.Content) == 0 {
		return text("no headline"), nil, nil
	}
	return text(res.Content[0].(*mcp.TextContent).Text), nil, nil
}

func Plan(ctx context.Context, req *mcp.CallToolRequest, in TextIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["plan"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return text("no model available"), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"plan": &mcp.CreateMessageWithToolsParams{
			MaxTokens: 400,
			Messages:  []*mcp.SamplingMessageV2{{Role: "user", Content: []mcp.Content{&mcp.TextContent{Text: "Plan: " + in.Text}}}},
			Tools:     []*mcp.Tool{{Name: "search", InputSchema: map[string]any{"type": "object"}}},
		}}}, nil, nil
	}
	return text(fmt.Sprintf("plan with %d parts", len(res.Content))), nil, nil
}

func ListWorkspace(ctx context.Context, req *mcp.CallToolRequest, _ TextIn) (*mcp.CallToolResult, any, error) {
	roots, err := req.Session.ListRoots(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	return text(fmt.Sprintf("%d roots", len(roots.Roots))), nil, nil
}

func Workspace(ctx context.Context, req *mcp.CallToolRequest, _ TextIn) (*mcp.CallToolResult, any, error) {
	roots, ok := req.Params.InputResponses["roots"].(*mcp.ListRootsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
			return text("no roots; pass a path"), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil
	}
	return text(fmt.Sprintf("%d roots", len(roots.Roots))), nil, nil
}

func OnRootsChanged(ctx context.Context, req *mcp.RootsListChangedRequest) {
	roots, err := req.Session.ListRoots(ctx, nil)
	if err != nil {
		log.Printf("roots: %v", err)
		return
	}
	log.Printf("now %d roots", len(roots.Roots))
}

func Translate(ctx context.Context, req *mcp.CallToolRequest, in TextIn) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.CreateMessage(ctx, prompt("Translate to French: "+in.Text))
		if err != nil {
			return nil, nil, err
		}
		if tc, ok := res.Content.(*mcp.TextContent); ok {
			return text(tc.Text), nil, nil
		}
		return nil, nil, errors.New("no translation")
	}
	res, ok := req.Params.InputResponses["translate"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("translating needs a client with sampling")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"translate": prompt("Translate to French: " + in.Text)}}, nil, nil
	}
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			return text(tc.Text), nil, nil
		}
	}
	return nil, nil, errors.New("no translation")
}

// NewServer builds the assistant server.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "assist", Version: "0"}, &mcp.ServerOptions{RootsListChangedHandler: OnRootsChanged})
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, Summarize)
	mcp.AddTool(s, &mcp.Tool{Name: "draft"}, Draft)
	mcp.AddTool(s, &mcp.Tool{Name: "outline"}, Outline)
	mcp.AddTool(s, &mcp.Tool{Name: "headline"}, Headline)
	mcp.AddTool(s, &mcp.Tool{Name: "plan"}, Plan)
	mcp.AddTool(s, &mcp.Tool{Name: "list_workspace"}, ListWorkspace)
	mcp.AddTool(s, &mcp.Tool{Name: "workspace"}, Workspace)
	mcp.AddTool(s, &mcp.Tool{Name: "translate"}, Translate)
	return s
}
