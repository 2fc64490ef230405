// Command server serves a "purge" tool over stdio behind a receiving
// middleware that asks for confirmation through ../gate, the way
// prometheus-mcp-server's destructiveToolMiddleware does.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rtproof/gosdk/middleware/gate"
)

var destructiveTools = map[string]bool{"purge": true}

func destructiveToolMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != "tools/call" {
			return next(ctx, method, req)
		}
		params, ok := req.GetParams().(*mcp.CallToolParamsRaw)
		if !ok || !destructiveTools[params.Name] {
			return next(ctx, method, req)
		}
		serverSession, ok := req.GetSession().(*mcp.ServerSession)
		if !ok || serverSession == nil {
			return next(ctx, method, req)
		}
		confirmed, err := gate.ConfirmDestructive(ctx, serverSession, params.Name, fmt.Sprintf("Confirm %q operation", params.Name))
		if err != nil {
			return next(ctx, method, req)
		}
		if !confirmed {
			return &mcp.CallToolResult{
				IsError: true,
				Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("Operation %q cancelled by user", params.Name)}},
			}, nil
		}
		return next(ctx, method, req)
	}
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "middleware", Version: "v0.0.1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "purge", Description: "Purge the data"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "purged"}}}, nil, nil
	})
	s.AddReceivingMiddleware(destructiveToolMiddleware)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
