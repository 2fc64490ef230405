// Package mglegacy is an mcp-go server that stays on direct requests for the
// deprecation window: it is built with WithLegacyServerInitiatedRequests and
// served only over stdio, as a local companion of the HTTP servers.
package mglegacy

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

// Config is read from the environment.
type Config struct {
	HostAPI string
}

// ConfigFromEnv reads the configuration.
func ConfigFromEnv() Config {
	return Config{HostAPI: os.Getenv("MGLEGACY_HOST_API")}
}

// New builds the server; it keeps the direct requests working for clients
// of every protocol over stdio.
func New(cfg Config) *server.MCPServer {
	s := server.NewMCPServer("mglegacy", "0.8.0",
		server.WithLegacyServerInitiatedRequests(),
		server.WithElicitation(),
		server.WithToolCapabilities(false),
	)
	s.AddTool(mcp.NewTool("shutdown_host", mcp.WithString("host", mcp.Required())), shutdownHost)
	s.AddTool(mcp.NewTool("erase_disk", mcp.WithString("disk", mcp.Required())), eraseDisk)
	s.AddTool(mcp.NewTool("pay_invoice", mcp.WithString("invoice", mcp.Required())), payInvoice)
	s.AddTool(mcp.NewTool("archive_logs", mcp.WithString("service", mcp.Required())), archiveLogs)
	s.AddTool(mcp.NewTool("approve_deploy", mcp.WithString("build", mcp.Required())), approveDeploy)
	s.AddTool(mcp.NewTool("accept_terms"), acceptTerms)
	s.AddTool(mcp.NewTool("billing_portal"), openBillingPortal)
	s.AddTool(mcp.NewTool("restart_service", mcp.WithString("service", mcp.Required())), restartService)
	s.AddTool(mcp.NewTool("reserve_handle"), reserveHandle)
	return s
}

// Run serves the server over stdio.
func Run(cfg Config) error {
	return server.ServeStdio(New(cfg))
}

// hostCall performs an operation through the host agent's API.
func hostCall(ctx context.Context, op, target string) error {
	body := fmt.Sprintf(`{"op":%q,"target":%q}`, op, target)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, os.Getenv("MGLEGACY_HOST_API"), bytes.NewBufferString(body))
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
