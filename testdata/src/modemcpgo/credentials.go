package modemcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// url-mode URLs that carry a credential or a presigned signature in their
// query, through each way mcp-go takes a url-mode request.
func presigned(ctx context.Context, s *server.MCPServer, session server.ClientSession, token, state string) {
	id := newID()
	s.RequestURLElicitation(ctx, session, id, "https://storage.googleapis.com/b/o?X-Goog-Signature=abc&X-Goog-Credential=svc", "Download")                                                                                // want `url-mode URL carries "X-Goog-Signature" in its query.*\(mode\)`
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "m", ElicitationID: id, URL: fmt.Sprintf("https://app.example/login?access_token=%s", token)}}) // want `url-mode URL carries "access_token" in its query.*\(mode\)`
	server.NewInputRequestBuilder("").Elicit("link", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "m", ElicitationID: id, URL: "https://app.example/link?id=" + id + "&password=" + token})               // want `url-mode URL carries "password" in its query.*\(mode\)`
	// Near miss: an OAuth authorization URL with its state.
	s.RequestURLElicitation(ctx, session, id, "https://auth.example/authorize?response_type=code&state="+state, "Sign in")
}

type account struct{ Email, APIKey, ID string }

// url-mode URLs built from personal data or a credential, and near misses.
func personal(ctx context.Context, s *server.MCPServer, session server.ClientSession, a account, apiKey string) {
	id := newID()
	s.RequestURLElicitation(ctx, session, id, fmt.Sprintf("https://crm.example/u?mail=%s", a.Email), "Open your profile") // want `url-mode URL is built from a.Email, personal data.*\(mode\)`
	s.RequestURLElicitation(ctx, session, id, "https://crm.example/k/"+apiKey, "Open")                                    // want `url-mode URL is built from apiKey, a credential.*\(mode\)`
	s.RequestURLElicitation(ctx, session, id, "https://crm.example/accounts/"+a.ID, "Open your account")
}
