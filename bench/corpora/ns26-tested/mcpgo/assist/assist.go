// Package assist uses the client's model and roots through mcp-go.
package assist

import (
	"context"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func ask(text string) mcp.CreateMessageParams {
	return mcp.CreateMessageParams{MaxTokens: 200, Messages: []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent(text)}}}
}

// Service holds the tools.
type Service struct{ S *server.MCPServer }

func (v *Service) Summarize(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := v.S.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: ask("Summarize: " + request.GetString("text", ""))})
	if err != nil {
		return nil, err
	}
	if tc, ok := res.Content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(tc.Text), nil
	}
	return mcp.NewToolResultError("no text"), nil
}

func (v *Service) Title(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.SamplingResponse(request.Params.InputResponses, "title")
	if res == nil {
		info := server.RequestProtocolInfoFromContext(ctx)
		if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Sampling == nil {
			return mcp.NewToolResultError("needs a client with sampling"), nil
		}
		return server.NewInputRequestBuilder("").Sample("title", ask("A title for: "+request.GetString("text", ""))).ToolResult(), nil
	}
	if tc, ok := res.Content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(tc.Text), nil
	}
	return mcp.NewToolResultError("no text"), nil
}

func (v *Service) Tagline(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.SamplingResponse(request.Params.InputResponses, "tagline")
	if res == nil {
		info := server.RequestProtocolInfoFromContext(ctx)
		if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Sampling == nil {
			return mcp.NewToolResultError("needs a client with sampling"), nil
		}
		return server.NewInputRequestBuilder("").Sample("tagline", ask("A tagline for: "+request.GetString("text", ""))).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("unreadable answer"), nil
	}
	if tc, ok := content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(tc.Text), nil
	}
	return mcp.NewToolResultError("no text"), nil
}

func (v *Service) Workspace(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	roots := server.RootsResponse(request.Params.InputResponses, "roots")
	if roots == nil {
		info := server.RequestProtocolInfoFromContext(ctx)
		if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Roots == nil {
			return mcp.NewToolResultText("no roots; pass a path"), nil
		}
		return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("%d roots", len(roots.Roots))), nil
}

func (v *Service) Folders(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return mcp.NewToolResultError("no roots"), nil
	}
	roots, err := sess.ListRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprintf("%d folders", len(roots.Roots))), nil
}

func (v *Service) OnRootsChanged(ctx context.Context, n mcp.JSONRPCNotification) {
	roots, err := v.S.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		log.Printf("roots: %v", err)
		return
	}
	log.Printf("%d roots", len(roots.Roots))
}

// NewServer builds the assistant server.
func NewServer() (*server.MCPServer, *Service) {
	s := server.NewMCPServer("assist", "1.0.0")
	v := &Service{S: s}
	s.AddTool(mcp.NewTool("summarize"), v.Summarize)
	s.AddTool(mcp.NewTool("title"), v.Title)
	s.AddTool(mcp.NewTool("tagline"), v.Tagline)
	s.AddTool(mcp.NewTool("workspace"), v.Workspace)
	s.AddTool(mcp.NewTool("folders"), v.Folders)
	s.AddNotificationHandler(mcp.MethodNotificationRootsListChanged, v.OnRootsChanged)
	return s, v
}
