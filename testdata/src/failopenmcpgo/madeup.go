package failopenmcpgo

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// purgeMadeUp makes up an accepted answer when the request fails.
func purgeMadeUp(ctx context.Context, s *server.MCPServer) (*mcp.CallToolResult, error) {
	res, err := s.RequestElicitation(ctx, request("Purge?"))
	if err != nil {
		log.Printf("cannot ask: %v", err)
		res = &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept}}
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	wipe(ctx) // want `purgeMadeUp reaches wipe\(...\) when MCPServer.RequestElicitation fails, as only an accepted answer should.*\(fail-open\)`
	return mcp.NewToolResultText("purged"), nil
}

// purgeMadeUpCancel is its near miss: the answer made up is a cancel.
func purgeMadeUpCancel(ctx context.Context, s *server.MCPServer) (*mcp.CallToolResult, error) {
	res, err := s.RequestElicitation(ctx, request("Purge?"))
	if err != nil {
		log.Printf("cannot ask: %v", err)
		res = &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionCancel}}
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	wipe(ctx)
	return mcp.NewToolResultText("purged"), nil
}
