// Package roundtripspec holds API that protocol 2026-07-28 removed,
// reported with -spec=2026-07-28 only.
package roundtripspec

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func needAuth(id string) error { // want needAuth:`elicitWrapper\(0:ElicitationID\) mode=url`
	return gosdk.URLElicitationRequiredError([]*gosdk.ElicitParams{{Mode: "url", Message: "Sign in", URL: "https://example.com/auth", ElicitationID: id}}) // want `URLElicitationRequiredError is not part of protocol 2026-07-28 \(-spec=2026-07-28\): return the url-mode request in the result's InputRequests instead.*\(round-trip\)`
}

func needAuthMCPGo(id string) error { // want needAuthMCPGo:`elicitWrapper\(0:ElicitationID\) mode=url`
	return mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{Mode: mcp.ElicitationModeURL, Message: "Sign in", URL: "https://example.com/auth", ElicitationID: id}}} // want `URLElicitationRequiredError is not part of protocol 2026-07-28.*\(round-trip\)`
}

func done(ctx context.Context, ss *gosdk.ServerSession, s *server.MCPServer, session server.ClientSession, id string) {
	_ = ss.NotifyElicitationComplete(ctx, &gosdk.ElicitationCompleteParams{ElicitationID: id}) // want `ServerSession.NotifyElicitationComplete is not part of protocol 2026-07-28 \(-spec=2026-07-28\): a client of that version learns that the out-of-band step is done when it calls again with the answer.*\(round-trip\)`
	_ = s.SendElicitationComplete(ctx, session, id)                                            // want `MCPServer.SendElicitationComplete is not part of protocol 2026-07-28.*\(round-trip\)`
}
