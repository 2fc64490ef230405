// Package assist is the mcp-go port of the TypeScript "assistant" tools that
// use the client's model (sampling) and its roots.
package assist

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/ported/internal/store"
)

var srv = server.NewMCPServer("assist-go", "0.2.0")

func init() {
	srv.AddTool(mcp.NewTool("summarize", mcp.WithString("text")), summarizeRT)
	srv.AddTool(mcp.NewTool("headline", mcp.WithString("text")), headlineRT)
	srv.AddTool(mcp.NewTool("roots"), rootsRT)
	srv.AddTool(mcp.NewTool("index_roots"), indexRoots)
	srv.AddTool(mcp.NewTool("outline", mcp.WithString("text")), legacyOutline)
}

// Serve serves over stdio.
func Serve() error {
	return server.ServeStdio(srv)
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

func ask(text string, maxTokens int) mcp.CreateMessageParams {
	return mcp.CreateMessageParams{
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent(text)}},
		MaxTokens: maxTokens,
	}
}

func textOf(content interface{}) (string, bool) {
	switch c := content.(type) {
	case mcp.TextContent:
		return c.Text, true
	case *mcp.TextContent:
		return c.Text, true
	}
	return "", false
}

// summarizeRT is summarize() on the round trip.
func summarizeRT(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	input := request.GetString("text", "")
	res := server.SamplingResponse(request.Params.InputResponses, "summary")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("summarizing needs a client that supports sampling"), nil
		}
		return server.NewInputRequestBuilder("").Sample("summary", ask("Summarize:\n"+input, 300)).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return nil, err
	}
	if s, ok := textOf(content); ok {
		return mcp.NewToolResultText(s), nil
	}
	return mcp.NewToolResultError("the model answered with something other than text"), nil
}

// headlineRT is headline() on the round trip.
func headlineRT(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	input := request.GetString("text", "")
	res := server.SamplingResponse(request.Params.InputResponses, "headline")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("headlines need a client that supports sampling"), nil
		}
		return server.NewInputRequestBuilder("").Sample("headline", ask("Write a headline for:\n"+input, 40)).ToolResult(), nil
	}
	tc, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model answered with something other than text"), nil
	}
	store.Put("headline", input, tc.Text)
	return mcp.NewToolResultText(tc.Text), nil
}

// rootsRT is listRoots() on the round trip.
func rootsRT(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.RootsResponse(request.Params.InputResponses, "roots")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Roots == nil {
			return mcp.NewToolResultText("The client shares no roots."), nil
		}
		return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}

// indexRoots is indexRoots(); it reused the sampling check of the tool next to it.
func indexRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.RootsResponse(request.Params.InputResponses, "index_roots")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("indexing needs a capable client"), nil
		}
		return server.NewInputRequestBuilder("").Roots("index_roots").ToolResult(), nil
	}
	for _, r := range res.Roots {
		store.Put("indexed", r.URI, "queued")
	}
	return mcp.NewToolResultText(fmt.Sprintf("Queued %d roots for indexing.", len(res.Roots))), nil
}

// legacyOutline keeps the session's own sampling call for clients of older
// protocols, and uses the round trip for the others.
func legacyOutline(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	input := request.GetString("text", "")
	if !server.IsModernRequest(ctx) {
		session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithSampling)
		if !ok {
			return mcp.NewToolResultError("this session cannot sample"), nil
		}
		res, err := session.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: ask("Outline:\n"+input, 400)})
		if err != nil {
			return nil, err
		}
		if s, ok := textOf(res.Content); ok {
			return mcp.NewToolResultText(s), nil
		}
		return nil, errors.New("the model answered with something other than text")
	}
	res := server.SamplingResponse(request.Params.InputResponses, "outline")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("outlines need a client that supports sampling"), nil
		}
		return server.NewInputRequestBuilder("").Sample("outline", ask("Outline:\n"+input, 400)).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return nil, err
	}
	if s, ok := textOf(content); ok {
		return mcp.NewToolResultText(s), nil
	}
	return nil, errors.New("the model answered with something other than text")
}
