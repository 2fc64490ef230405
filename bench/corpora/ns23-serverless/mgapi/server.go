// Package mgapi is an HTTP-first mcp-go server: New builds it from a
// Config, and Mount puts it on a net/http mux behind streamable HTTP. The
// public endpoint keeps clients on the older protocols; the operators'
// endpoint was added later.
package mgapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns23/serverless/statecodec"
)

// Config is filled from the environment by main.
type Config struct {
	Name   string
	OpsAPI string
}

// ConfigFromEnv reads the configuration.
func ConfigFromEnv() Config {
	return Config{Name: os.Getenv("MGAPI_NAME"), OpsAPI: os.Getenv("MGAPI_OPS_API")}
}

var (
	stateKey = []byte(os.Getenv("MGAPI_STATE_KEY"))
	codec    = statecodec.FromEnv()
)

// New builds the server.
func New(cfg Config) *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberCaps)
	s := server.NewMCPServer(cfg.Name, "1.2.0", server.WithHooks(hooks), server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("approve_refund", mcp.WithString("order", mcp.Required())), approveRefund)
	s.AddTool(mcp.NewTool("suspend_user", mcp.WithString("user", mcp.Required())), suspendUser)
	s.AddTool(mcp.NewTool("invite_member", mcp.WithString("email", mcp.Required())), inviteMember)
	s.AddTool(mcp.NewTool("invite_guest", mcp.WithString("email", mcp.Required())), inviteGuest)
	s.AddTool(mcp.NewTool("release_hold", mcp.WithString("service", mcp.Required()), mcp.WithString("hold", mcp.Required())), releaseHold)
	s.AddTool(mcp.NewTool("release_hold_sealed", mcp.WithString("hold", mcp.Required())), releaseHoldSealed)
	s.AddTool(mcp.NewTool("migrate_schema", mcp.WithString("database", mcp.Required())), migrateSchema)
	s.AddTool(mcp.NewTool("provision_cluster", mcp.WithString("name", mcp.Required())), provisionCluster)
	s.AddTool(mcp.NewTool("cleanup_branches", mcp.WithString("repo", mcp.Required())), cleanupBranches)
	s.AddTool(mcp.NewTool("rebuild_index", mcp.WithString("index", mcp.Required())), rebuildIndex)
	s.AddTool(mcp.NewTool("link_jira"), linkJira)
	s.AddTool(mcp.NewTool("set_destination"), setDestination)
	s.AddTool(mcp.NewTool("pick_regions"), pickRegions)
	s.AddTool(mcp.NewTool("close_incident", mcp.WithString("incident", mcp.Required())), closeIncident)
	s.AddTool(mcp.NewTool("link_confluence"), linkConfluence)
	return s
}

// Mount serves the public endpoint, pinned to the older protocols, and the
// operators' endpoint.
func Mount(mux *http.ServeMux, cfg Config) {
	mux.Handle("/mcp", server.NewStreamableHTTPServer(New(cfg),
		server.WithStreamableHTTPProtocolVersions(mcp.LegacyProtocolVersions()...)))
	mux.Handle("/ops/mcp", server.NewStreamableHTTPServer(New(cfg)))
}

// opsCall performs an operation through the operations API.
func opsCall(ctx context.Context, op, target string) error {
	body := fmt.Sprintf(`{"op":%q,"target":%q}`, op, target)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, os.Getenv("MGAPI_OPS_API"), bytes.NewBufferString(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status)
	}
	return nil
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

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
