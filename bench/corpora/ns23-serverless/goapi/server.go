// Package goapi is an HTTP-first go-sdk server: New builds it from a Config
// and cmd/serve mounts it on a net/http mux (statelessly) or runs it over
// stdio. A receiving middleware refuses tool calls from clients that cannot
// be asked, so most handlers here do not test the capability themselves.
package goapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/serverless/statecodec"
)

// Config is filled from the environment by main.
type Config struct {
	Name      string
	TeamAPI   string
	StateKey  []byte
	Stateless bool
}

// ConfigFromEnv reads the configuration.
func ConfigFromEnv() Config {
	return Config{
		Name:      os.Getenv("GOAPI_NAME"),
		TeamAPI:   os.Getenv("GOAPI_TEAM_API"),
		StateKey:  []byte(os.Getenv("GOAPI_STATE_KEY")),
		Stateless: os.Getenv("GOAPI_STATELESS") != "false",
	}
}

// API holds what the handlers share.
type API struct {
	cfg   Config
	codec *statecodec.Codec
}

// New builds the public server.
func New(cfg Config) *mcp.Server {
	a := &API{cfg: cfg, codec: statecodec.New(cfg.StateKey, 10*time.Minute)}
	s := mcp.NewServer(&mcp.Implementation{Name: cfg.Name, Version: "2.1.0"}, nil)
	s.AddReceivingMiddleware(requireElicitation)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_project", Description: "Archive a project"}, a.archiveProject)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer_ownership", Description: "Transfer a project"}, transferOwnership)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_env", Description: "Deploy a build"}, deployEnv)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_env_checked", Description: "Deploy a build"}, deployEnvChecked)
	mcp.AddTool(s, &mcp.Tool{Name: "charge_card", Description: "Charge the card on file"}, chargeCard)
	mcp.AddTool(s, &mcp.Tool{Name: "refund_order", Description: "Refund an order"}, a.refundOrder)
	mcp.AddTool(s, &mcp.Tool{Name: "restore_snapshot", Description: "Restore a snapshot"}, restoreSnapshot)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize_issue", Description: "Summarize an issue"}, summarizeIssue)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_contact", Description: "Collect contact details"}, collectContact)
	mcp.AddTool(s, &mcp.Tool{Name: "approve_budget", Description: "Approve a budget"}, approveBudget)
	mcp.AddTool(s, &mcp.Tool{Name: "export_members", Description: "Export the member list"}, exportGated)
	mcp.AddTool(s, &mcp.Tool{Name: "sync_mirror", Description: "Force-sync a mirror"}, syncMirror)
	mcp.AddTool(s, &mcp.Tool{Name: "resume_import", Description: "Resume an import"}, resumeImport)
	mcp.AddTool(s, &mcp.Tool{Name: "remove_member", Description: "Remove a member"}, removeMemberTool)
	return s
}

// NewAdmin builds the operators' server, mounted on an internal path.
func NewAdmin(cfg Config) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: cfg.Name + "-admin", Version: "2.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "admin_purge", Description: "Purge a tenant"}, adminPurge)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_backups", Description: "Purge old backups"}, purgeBackups)
	return s
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// teamCall performs an operation through the team service.
func teamCall(ctx context.Context, op, target string) error {
	body := fmt.Sprintf(`{"op":%q,"target":%q}`, op, target)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, os.Getenv("GOAPI_TEAM_API"), bytes.NewBufferString(body))
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

// callerOf names the user the gateway authenticated for this request.
func callerOf(req *mcp.CallToolRequest) string {
	if req.Extra != nil && req.Extra.Header != nil {
		return req.Extra.Header.Get("X-Authenticated-User")
	}
	return ""
}
