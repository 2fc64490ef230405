// Package mgsample holds the mcp-go tools that ask the client's model
// (sampling) and the client's roots, directly and through the round trip,
// with generic decoding of what the model returns.
package mgsample

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/generics/kit"
)

var (
	summaries  = kit.NewStore[string, string]()
	workspaces = kit.NewStore[string, []string]()
	plans      = kit.NewStore[string, string]()
	tones      = kit.NewStore[string, string]()
)

// NewServer builds the server and registers the tools of this package.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("sample", "1.0.0", server.WithRoots())
	s.AddTool(mcp.NewTool("digest"), DigestHandler)
	s.AddTool(mcp.NewTool("workspace"), RootsHandler)
	s.AddTool(mcp.NewTool("workspace_checked"), WorkspaceHandler)
	s.AddTool(mcp.NewTool("plan"), PlanHandler)
	s.AddTool(mcp.NewTool("research"), ResearchHandler)
	s.AddTool(mcp.NewTool("tone"), ToneHandler)
	s.AddNotificationHandler(mcp.MethodNotificationRootsListChanged, func(ctx context.Context, n mcp.JSONRPCNotification) {
		onRootsChanged(ctx, s)
	})
	return s
}

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

func userMessage(text string) []mcp.SamplingMessage {
	return []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.TextContent{Type: "text", Text: text}}}
}

// DigestHandler asks the client's model for a one-line digest.
func DigestHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	doc := req.GetString("doc", "")
	res := server.SamplingResponse(req.Params.InputResponses, "digest")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("a digest needs a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("digest", mcp.CreateMessageParams{
			Messages:  userMessage("Write a one-line digest of: " + req.GetString("text", "")),
			MaxTokens: 60,
		}).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("the digest could not be read: " + err.Error()), nil
	}
	t, ok := content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the digest was not text"), nil
	}
	summaries.Put(doc+"/digest", t.Text)
	return mcp.NewToolResultText(t.Text), nil
}

// RootsHandler lists the client's workspace roots.
func RootsHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.RootsResponse(req.Params.InputResponses, "workspace_roots")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("listing the workspace needs a capable client"), nil
		}
		return server.NewInputRequestBuilder("").Roots("workspace_roots").ToolResult(), nil
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	workspaces.Put(req.GetString("user", ""), uris)
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}

// WorkspaceHandler lists the client's workspace roots.
func WorkspaceHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.RootsResponse(req.Params.InputResponses, "workspace_checked")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Roots == nil {
			return mcp.NewToolResultError("listing the workspace needs a client that shares its roots"), nil
		}
		return server.NewInputRequestBuilder("").Roots("workspace_checked").ToolResult(), nil
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	workspaces.Put(req.GetString("user", "")+"/checked", uris)
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}

// onRootsChanged refreshes the workspace when the client's roots change.
func onRootsChanged(ctx context.Context, s *server.MCPServer) {
	res, err := s.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		log.Printf("cannot list roots: %v", err)
		return
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	workspaces.Put("current", uris)
}

// SessionRoots lists the roots of the session in ctx.
func SessionRoots(ctx context.Context) ([]string, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return nil, errors.New("the session cannot list roots")
	}
	res, err := sess.ListRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, err
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return uris, nil
}

// PlanHandler asks the client's model for a plan, letting it look things up.
func PlanHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	goal := req.GetString("goal", "")
	res := server.SamplingResponse(req.Params.InputResponses, "plan")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("planning needs a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("plan", mcp.CreateMessageParams{
			Messages:  userMessage("Plan how to reach this goal: " + goal),
			MaxTokens: 500,
			Tools:     []mcp.Tool{mcp.NewTool("search_docs")},
		}).ToolResult(), nil
	}
	t, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the plan was not text"), nil
	}
	plans.Put(goal, t.Text)
	return mcp.NewToolResultText(t.Text), nil
}

// ResearchHandler asks the client's model to research a question, letting
// it look things up when the client allows tools.
func ResearchHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	question := req.GetString("question", "")
	res := server.SamplingResponse(req.Params.InputResponses, "research")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Sampling == nil || caps.Sampling.Tools == nil {
			return mcp.NewToolResultError("research needs a client that can sample with tools"), nil
		}
		return server.NewInputRequestBuilder("").Sample("research", mcp.CreateMessageParams{
			Messages:  userMessage("Research: " + question),
			MaxTokens: 800,
			Tools:     []mcp.Tool{mcp.NewTool("search_docs")},
		}).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("the answer could not be read: " + err.Error()), nil
	}
	t, ok := content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the answer was not text"), nil
	}
	plans.Put(question, t.Text)
	return mcp.NewToolResultText(t.Text), nil
}

var toneSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"tone": map[string]any{"type": "string", "title": "Tone", "description": "For example formal, casual or playful"},
	},
	"required": []string{"tone"},
}

// ToneHandler asks the user which tone to write in.
func ToneHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := req.GetString("user", "")
	res := server.SamplingResponse(req.Params.InputResponses, "tone")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("choosing a tone needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("tone", mcp.ElicitationParams{
			Message:         "Which tone should I write in?",
			RequestedSchema: toneSchema,
		}).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("the tone could not be read: " + err.Error()), nil
	}
	tones.Put(user, fmt.Sprint(content))
	return mcp.NewToolResultText("Tone set."), nil
}
