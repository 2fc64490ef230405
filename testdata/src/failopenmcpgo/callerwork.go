package failopenmcpgo

import (
	"context"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A gate whose go-ahead a caller acts on by writing shared state (a
// package's slice, under a lock), not by calling work.

var (
	drawerMu  sync.Mutex
	drawerLog []string
)

func sessionCanElicit(ctx context.Context) bool {
	s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	if !ok {
		return false
	}
	return s.GetClientCapabilities().Elicitation != nil
}

// openIfDeclared waves a client without elicitation through.
func openIfDeclared(ctx context.Context, s *server.MCPServer) (bool, error) {
	if !sessionCanElicit(ctx) {
		return true, nil // want `openIfDeclared returns true when the client did not declare elicitation.*\(fail-open\)`
	}
	res, err := s.RequestElicitation(ctx, request("Open the drawer?"))
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

// logIfDeclared is its near miss: its caller only replies on the
// go-ahead, and writes nothing.
func logIfDeclared(ctx context.Context, s *server.MCPServer) (bool, error) {
	if !sessionCanElicit(ctx) {
		return true, nil
	}
	res, err := s.RequestElicitation(ctx, request("Show the log?"))
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

func registerDrawer(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("open_drawer"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ok, err := openIfDeclared(ctx, s)
		if err != nil {
			return nil, err
		}
		if !ok {
			return mcp.NewToolResultText("drawer stays shut"), nil
		}
		drawerMu.Lock()
		drawerLog = append(drawerLog, "opened")
		drawerMu.Unlock()
		return mcp.NewToolResultText("drawer open"), nil
	})
	s.AddTool(mcp.NewTool("show_log"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ok, err := logIfDeclared(ctx, s)
		if err != nil || !ok {
			return mcp.NewToolResultText("no"), nil
		}
		return mcp.NewToolResultText("the log is empty"), nil
	})
}
