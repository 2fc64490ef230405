// Package gofn is a go-sdk MCP server deployed as a cloud function: every
// HTTP request builds its own server from the environment and is served by a
// stateless streamable HTTP handler. Nothing survives between two calls, so
// whatever a tool needs from its first round travels in RequestState.
package gofn

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/serverless/statecodec"
)

// Config is read from the function's environment on every invocation.
type Config struct {
	Name     string
	AdminAPI string
	Codec    *statecodec.Codec
}

// ConfigFromEnv reads the configuration the platform injects.
func ConfigFromEnv() Config {
	name := os.Getenv("FUNCTION_NAME")
	if name == "" {
		name = "gofn"
	}
	return Config{Name: name, AdminAPI: os.Getenv("ADMIN_API_URL"), Codec: statecodec.FromEnv()}
}

// tools carries the configuration into the handlers that need it.
type tools struct{ cfg Config }

// New builds the server for one invocation.
func New(cfg Config) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: cfg.Name, Version: "1.4.0"}, nil)
	t := &tools{cfg: cfg}
	mcp.AddTool(s, &mcp.Tool{Name: "purge_cache", Description: "Purge a CDN cache"}, purgeCache)
	mcp.AddTool(s, &mcp.Tool{Name: "drop_table", Description: "Drop a table"}, dropTable)
	mcp.AddTool(s, &mcp.Tool{Name: "export_users", Description: "Export the user list"}, exportUsers)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_preview", Description: "Deploy a preview"}, t.deployPreview)
	mcp.AddTool(s, &mcp.Tool{Name: "tag_release", Description: "Tag a release"}, tagRelease)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize_logs", Description: "Summarize logs"}, summarizeLogs)
	mcp.AddTool(s, &mcp.Tool{Name: "draft_release_notes", Description: "Draft release notes"}, draftReleaseNotes)
	mcp.AddTool(s, &mcp.Tool{Name: "rename_bucket", Description: "Rename a bucket"}, renameBucket)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_github", Description: "Link a GitHub account"}, t.connectGitHub)
	mcp.AddTool(s, &mcp.Tool{Name: "reset_password", Description: "Reset a service password"}, resetPassword)
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_namespace", Description: "Delete a namespace"}, wipeNamespace)
	mcp.AddTool(s, &mcp.Tool{Name: "raise_quota", Description: "Raise a quota"}, raiseQuota)
	mcp.AddTool(s, &mcp.Tool{Name: "renew_certificate", Description: "Renew a certificate"}, renewCertificate)
	s.AddPrompt(&mcp.Prompt{Name: "triage", Description: "Triage issues"}, triagePrompt)
	s.AddResource(&mcp.Resource{URI: "report://weekly", Name: "weekly"}, weeklyReport)
	s.AddResource(&mcp.Resource{URI: "report://monthly", Name: "monthly"}, monthlyReport)
	return s
}

// handler builds a fresh server per request and keeps no session.
var handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
	return New(ConfigFromEnv())
}, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})

// Handle is the cloud function's entry point.
func Handle(w http.ResponseWriter, r *http.Request) {
	handler.ServeHTTP(w, r)
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// yesNo asks nothing but yes or no: the action is the answer.
var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// adminCall performs an operation through the platform's admin API.
func adminCall(ctx context.Context, op, target string) error {
	body := fmt.Sprintf(`{"op":%q,"target":%q}`, op, target)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, os.Getenv("ADMIN_API_URL"), bytes.NewBufferString(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s", op, target, resp.Status)
	}
	return nil
}

// flowLinked asks the auth service whether the out-of-band flow finished.
func flowLinked(ctx context.Context, flow string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://auth.example.com/flows/"+flow, nil)
	if err != nil {
		return false, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// callerOf names the user the platform authenticated for this request.
func callerOf(req *mcp.CallToolRequest) string {
	if req.Extra != nil && req.Extra.Header != nil {
		return req.Extra.Header.Get("X-Authenticated-User")
	}
	return ""
}
