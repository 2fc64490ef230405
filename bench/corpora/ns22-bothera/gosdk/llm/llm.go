// Package llm is a go-sdk server that uses the client's model (sampling) and
// the client's roots, in both eras. It is served behind go-sdk's stateful
// streamable HTTP handler, which keeps current clients on 2025-11-25.
package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type TicketIn struct {
	Ticket string `json:"ticket"`
}

type ErrorIn struct {
	Message string `json:"message"`
}

type BuildIn struct {
	Build string `json:"build"`
}

var (
	mu      sync.Mutex
	indexed = map[string]bool{}
	notes   = map[string]string{}
	builds  = map[string]string{}
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func prompt(s string) []*mcp.SamplingMessage {
	return []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: s}}}
}

func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "llm", Version: "0.5.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize_ticket", Description: "Summarize a ticket"}, summarizeTicket)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize_ticket_fast", Description: "Summarize a ticket, quickly"}, summarizeTicketFast)
	mcp.AddTool(s, &mcp.Tool{Name: "draft_title", Description: "Draft a ticket title"}, draftTitle)
	mcp.AddTool(s, &mcp.Tool{Name: "draft_body", Description: "Draft a ticket body"}, draftBody)
	mcp.AddTool(s, &mcp.Tool{Name: "draft_notes", Description: "Draft release notes"}, draftNotes)
	mcp.AddTool(s, &mcp.Tool{Name: "plan_fix", Description: "Plan a fix, with tools"}, planFix)
	mcp.AddTool(s, &mcp.Tool{Name: "index_roots", Description: "Index the client's roots"}, indexRoots)
	mcp.AddTool(s, &mcp.Tool{Name: "index_roots_fast", Description: "Index the client's roots, quickly"}, indexRootsFast)
	mcp.AddTool(s, &mcp.Tool{Name: "explain_error", Description: "Explain an error"}, explainError)
	mcp.AddTool(s, &mcp.Tool{Name: "wait_for_build", Description: "Wait for a build"}, waitForBuild)
	return s
}

// Handler serves the server statefully over streamable HTTP.
func Handler() http.Handler {
	srv := NewServer()
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
}

// summarizeTicket samples directly, which the stateful handler keeps
// working, and checks what the model sent.
func summarizeTicket(ctx context.Context, req *mcp.CallToolRequest, in TicketIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 200, Messages: prompt("Summarize:\n" + in.Ticket)})
	if err != nil {
		return nil, nil, fmt.Errorf("sampling: %w", err)
	}
	t, ok := msg.Content.(*mcp.TextContent)
	if !ok {
		return nil, nil, errors.New("the model did not answer with text")
	}
	return text(t.Text), nil, nil
}

// summarizeTicketFast is the same, trusting the model to answer with text.
func summarizeTicketFast(ctx context.Context, req *mcp.CallToolRequest, in TicketIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 80, Messages: prompt("One sentence:\n" + in.Ticket)})
	if err != nil {
		return nil, nil, fmt.Errorf("sampling: %w", err)
	}
	return text(msg.Content.(*mcp.TextContent).Text), nil, nil
}

// draftTitle reads its sampling answer as the type CreateMessage returns.
func draftTitle(ctx context.Context, req *mcp.CallToolRequest, in TicketIn) (*mcp.CallToolResult, any, error) {
	msg, ok := req.Params.InputResponses["title"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("drafting needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"title": &mcp.CreateMessageParams{MaxTokens: 30, Messages: prompt("A title for:\n" + in.Ticket)},
		}}, nil, nil
	}
	if t, ok := msg.Content.(*mcp.TextContent); ok {
		return text(t.Text), nil, nil
	}
	return nil, nil, errors.New("the model did not answer with text")
}

// draftBody reads its sampling answer as the round trip delivers it.
func draftBody(ctx context.Context, req *mcp.CallToolRequest, in TicketIn) (*mcp.CallToolResult, any, error) {
	msg, ok := req.Params.InputResponses["body"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("drafting needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"body": &mcp.CreateMessageParams{MaxTokens: 400, Messages: prompt("A ticket body for:\n" + in.Ticket)},
		}}, nil, nil
	}
	var b strings.Builder
	for _, c := range msg.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	if b.Len() == 0 {
		return nil, nil, errors.New("the model did not answer with text")
	}
	return text(b.String()), nil, nil
}

// draftNotes moved to the round trip and lost the capability test that
// CreateMessage made.
func draftNotes(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	msg, ok := req.Params.InputResponses["notes"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"notes": &mcp.CreateMessageParams{MaxTokens: 500, Messages: prompt("Release notes for build " + in.Build)},
		}}, nil, nil
	}
	for _, c := range msg.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			mu.Lock()
			notes[in.Build] = t.Text
			mu.Unlock()
			return text(t.Text), nil, nil
		}
	}
	return nil, nil, errors.New("the model did not answer with text")
}

// planFix offers the model a tool, but tests only that the client samples.
func planFix(ctx context.Context, req *mcp.CallToolRequest, in ErrorIn) (*mcp.CallToolResult, any, error) {
	msg, ok := req.Params.InputResponses["plan"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("planning needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"plan": &mcp.CreateMessageWithToolsParams{
				MaxTokens: 800,
				Messages:  []*mcp.SamplingMessageV2{{Role: "user", Content: []mcp.Content{&mcp.TextContent{Text: "Plan a fix for: " + in.Message}}}},
				Tools:     []*mcp.Tool{{Name: "read_file", Description: "Read a file of the repository", InputSchema: map[string]any{"type": "object"}}},
			},
		}}, nil, nil
	}
	var b strings.Builder
	for _, c := range msg.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return text(b.String()), nil, nil
}

func indexAll(roots []*mcp.Root) {
	mu.Lock()
	defer mu.Unlock()
	for _, r := range roots {
		indexed[r.URI] = true
	}
}

// indexRoots asks for the roots through the round trip.
func indexRoots(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	list, ok := req.Params.InputResponses["roots"].(*mcp.ListRootsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
			return nil, nil, errors.New("indexing needs a client that shares its roots")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil
	}
	indexAll(list.Roots)
	return text(fmt.Sprintf("indexed %d roots", len(list.Roots))), nil, nil
}

// indexRootsFast takes the answer as given.
func indexRootsFast(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
			return nil, nil, errors.New("indexing needs a client that shares its roots")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots_fast": &mcp.ListRootsParams{}}}, nil, nil
	}
	list := req.Params.InputResponses["roots_fast"].(*mcp.ListRootsResult)
	indexAll(list.Roots)
	return text(fmt.Sprintf("indexed %d roots", len(list.Roots))), nil, nil
}

// explainError tells the user it is thinking while it asks the model.
func explainError(ctx context.Context, req *mcp.CallToolRequest, in ErrorIn) (*mcp.CallToolResult, any, error) {
	msg, ok := req.Params.InputResponses["explain"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("explaining needs a client that can sample")
		}
		return &mcp.CallToolResult{
			Content:       []mcp.Content{&mcp.TextContent{Text: "Asking your model to explain the error..."}},
			InputRequests: mcp.InputRequestMap{"explain": &mcp.CreateMessageParams{MaxTokens: 300, Messages: prompt("Explain: " + in.Message)}},
		}, nil, nil
	}
	for _, c := range msg.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			return text(t.Text), nil, nil
		}
	}
	return nil, nil, errors.New("the model did not answer with text")
}

// waitForBuild asks the client to call again while the build runs, with a
// state and no request.
func waitForBuild(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	mu.Lock()
	status, known := builds[in.Build]
	mu.Unlock()
	if !known {
		return nil, nil, errors.New("no such build")
	}
	if status == "running" {
		return &mcp.CallToolResult{RequestState: "waiting"}, nil, nil
	}
	return text("build " + in.Build + " is " + status), nil, nil
}
