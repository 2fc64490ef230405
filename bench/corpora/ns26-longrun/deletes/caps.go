package deletes

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

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

func rememberCaps(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		capsBySession.Store(s.SessionID(), message.Params.Capabilities)
	}
}
