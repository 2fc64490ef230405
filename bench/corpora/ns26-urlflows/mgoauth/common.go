// Package mgoauth connects third-party accounts and takes API keys through
// url-mode elicitation with mcp-go, in the round-trip style of protocol
// 2026-07-28.
package mgoauth

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
	flows = flowstore.New()
	codec = statecodec.New([]byte(os.Getenv("URLFLOWS_STATE_KEY")))

	// capsBySession keeps what each client declared at initialize.
	capsBySession sync.Map
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

// canOpenURL reports whether this request's client declared url mode.
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

func connectURL(provider, flowID string) string {
	return "https://connect.urlflows.example/" + provider + "/start?flow=" + flowID
}

// finishConnect handles a connect answer from the flow's record.
func finishConnect(provider, user string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		id, ok := flows.Latest(user, provider)
		if st, _ := flows.Status(id); !ok || st != flowstore.Done {
			return mcp.NewToolResultText("Still waiting for " + provider + ": finish signing in, then call again."), nil
		}
		return mcp.NewToolResultText(provider + " connected"), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText(provider + " was not connected."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Connecting " + provider + " was cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// NewServer builds the connections server.
func NewServer() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(func(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
		if s := server.ClientSessionFromContext(ctx); s != nil {
			capsBySession.Store(s.SessionID(), message.Params.Capabilities)
		}
	})
	s := server.NewMCPServer("connections", "1.0.0", server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("connect_google"), connectGoogle)
	s.AddTool(mcp.NewTool("connect_google_v0"), connectGoogleNoID)
	s.AddTool(mcp.NewTool("connect_microsoft"), connectMicrosoftClaimsDone)
	s.AddTool(mcp.NewTool("connect_salesforce"), connectSalesforceFormCaps)
	s.AddTool(mcp.NewTool("connect_hubspot"), connectHubspotKeptCaps)
	s.AddTool(mcp.NewTool("connect_zendesk"), connectZendeskNoResultType)
	s.AddTool(mcp.NewTool("pick_pipedrive_workspace"), pickPipedriveWorkspace)
	s.AddTool(mcp.NewTool("connect_airtable"), connectAirtableMissingFails)
	s.AddTool(mcp.NewTool("connect_clickup"), connectClickUpRawElicitation)
	s.AddTool(mcp.NewTool("connect_gong"), connectGongBuilderState)
	s.AddTool(mcp.NewTool("connect_okta"), connectOktaCannotAskProceeds)
	s.AddTool(mcp.NewTool("connect_okta_tenant"), chooseTenantThenLogin)
	s.AddTool(mcp.NewTool("store_api_key"), apiKeyEntry)
	s.AddTool(mcp.NewTool("store_api_key_form"), apiKeyEntryForm)
	s.AddTool(mcp.NewTool("store_api_key_prefill"), apiKeyEntryCredInURL)
	return s
}

// NewGuardedServer builds the server whose every tool needs url mode: its
// middleware refuses other clients before any handler runs.
func NewGuardedServer() *server.MCPServer {
	s := server.NewMCPServer("connections-guarded", "1.0.0", server.WithToolHandlerMiddleware(requireURLMode))
	s.AddTool(mcp.NewTool("connect_trello"), connectTrelloGuarded)
	return s
}
