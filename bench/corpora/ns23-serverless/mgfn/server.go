// Package mgfn is an mcp-go server deployed as a cloud function: Handle
// builds the server from the environment for each invocation and serves it
// with a stateless streamable HTTP server. Nothing is kept between calls.
package mgfn

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Config is read from the function's environment.
type Config struct {
	Name   string
	OpsAPI string
}

// ConfigFromEnv reads the configuration the platform injects.
func ConfigFromEnv() Config {
	return Config{Name: os.Getenv("FUNCTION_NAME"), OpsAPI: os.Getenv("OPS_API_URL")}
}

// New builds the server for one invocation.
func New(cfg Config) *server.MCPServer {
	s := server.NewMCPServer(cfg.Name, "3.0.0", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("purge_queue", mcp.WithString("queue", mcp.Required())), purgeQueue)
	s.AddTool(mcp.NewTool("drain_node", mcp.WithString("node", mcp.Required())), drainNode)
	s.AddTool(mcp.NewTool("scale_down", mcp.WithString("service", mcp.Required())), scaleDown)
	s.AddTool(mcp.NewTool("connect_slack"), connectSlack)
	s.AddTool(mcp.NewTool("charge_usage", mcp.WithNumber("cents", mcp.Required())), chargeUsage)
	s.AddTool(mcp.NewTool("summarize_ticket", mcp.WithString("body", mcp.Required())), summarizeTicket)
	s.AddTool(mcp.NewTool("summarize_thread", mcp.WithString("body", mcp.Required())), summarizeThread)
	s.AddTool(mcp.NewTool("workspace_roots"), workspaceRoots)
	s.AddTool(mcp.NewTool("session_roots"), sessionRoots)
	s.AddTool(mcp.NewTool("tag_ticket", mcp.WithString("ticket", mcp.Required())), collectTags)
	s.AddTool(mcp.NewTool("connect_api"), apiToken)
	s.AddTool(mcp.NewTool("vault_login"), vaultLogin)
	s.AddTool(mcp.NewTool("retire_host", mcp.WithString("host", mcp.Required())), retireHost)
	s.AddTool(mcp.NewTool("rotate_webhook"), rotateWebhook)
	s.AddTool(mcp.NewTool("import_repo"), importRepo)
	return s
}

// Handle is the cloud function's entry point.
func Handle(w http.ResponseWriter, r *http.Request) {
	srv := server.NewStreamableHTTPServer(New(ConfigFromEnv()), server.WithStateLess(true))
	srv.ServeHTTP(w, r)
}

// opsCall performs an operation through the operations API.
func opsCall(ctx context.Context, op, target string) error {
	body := fmt.Sprintf(`{"op":%q,"target":%q}`, op, target)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, os.Getenv("OPS_API_URL"), bytes.NewBufferString(body))
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
