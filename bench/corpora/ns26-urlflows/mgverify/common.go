// Package mgverify verifies users' identity and age through url-mode
// elicitation with mcp-go, in the round-trip style, with sampling and
// roots for the documents involved.
package mgverify

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns26/urlflows/flowstore"
	"example.com/ns26/urlflows/statecodec"
)

var (
	checks = flowstore.New()
	codec  = statecodec.New([]byte(os.Getenv("URLFLOWS_STATE_KEY")))

	verifiedMu sync.Mutex
	verified   = map[string]string{} // user -> level
	orders     = map[string][]string{}
)

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

func canOpenURL(ctx context.Context) bool {
	caps := clientCaps(ctx)
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

func userOf(ctx context.Context) string {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		return s.SessionID()
	}
	return ""
}

func verifyURL(flowID string) string {
	return "https://verify.urlflows.example/start?flow=" + flowID
}

// recordVerification files the user's verification level.
func recordVerification(user, level string) {
	verifiedMu.Lock()
	defer verifiedMu.Unlock()
	verified[user] = level
}

// placeOrder records an order of an age-restricted item.
func placeOrder(user, item string) {
	verifiedMu.Lock()
	defer verifiedMu.Unlock()
	orders[user] = append(orders[user], item)
}

// finishCheck handles a verification answer from the provider's record.
func finishCheck(user, kind string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		id, ok := checks.Latest(user, kind)
		if st, _ := checks.Status(id); !ok || st != flowstore.Done {
			return mcp.NewToolResultText("Still waiting for the verification provider; call again once you are through."), nil
		}
		recordVerification(user, kind)
		return mcp.NewToolResultText("Identity verified."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Not verified."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Verification cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// NewServer builds the verification server.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("verify", "1.0.0")
	s.AddTool(mcp.NewTool("verify_identity"), verifyIdentity)
	s.AddTool(mcp.NewTool("verify_identity_v1"), verifyIdentityPrefixState)
	s.AddTool(mcp.NewTool("verify_identity_v2"), verifyIdentityStateUser)
	s.AddTool(mcp.NewTool("verify_identity_v3"), verifyIdentityPresenceCheck)
	s.AddTool(mcp.NewTool("verify_identity_v4"), verifyIdentityNoURL)
	s.AddTool(mcp.NewTool("verify_identity_otp"), verifyIdentityOTPForm)
	s.AddTool(mcp.NewTool("verify_identity_dob"), verifyIdentityDOBForm)
	s.AddTool(mcp.NewTool("verify_identity_loop"), verifyForeverAsk)
	s.AddTool(mcp.NewTool("verify_documents"), verifyMultiSelectDocs)
	s.AddTool(mcp.NewTool("share_verification"), shareVerificationNoDefault)
	s.AddTool(mcp.NewTool("summarize_document"), summarizeDocument)
	s.AddTool(mcp.NewTool("summarize_document_ok"), summarizeDocumentOK)
	s.AddTool(mcp.NewTool("upload_id"), listWorkspaceRoots)
	s.AddTool(mcp.NewTool("upload_id_v0"), listWorkspaceRootsLegacy)
	s.AddTool(mcp.NewTool("buy_restricted"), buyRestricted)
	s.AddTool(mcp.NewTool("buy_restricted_safe"), buyRestrictedClosed)
	return s
}
