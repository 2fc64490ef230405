// Package golegacy is a go-sdk server that stays on the protocols before
// 2026-07-28 for its deprecation window: every server it builds is pinned to
// 2025-11-25 and 2025-06-18, and it serves them itself, over stdio or behind
// a stateful streamable HTTP handler. Its tools still ask directly.
package golegacy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Config is read from the environment.
type Config struct {
	Addr  string
	Stdio bool
	DBAPI string
}

// ConfigFromEnv reads the configuration.
func ConfigFromEnv() Config {
	return Config{Addr: os.Getenv("LEGACY_ADDR"), Stdio: os.Getenv("LEGACY_STDIO") == "1", DBAPI: os.Getenv("LEGACY_DB_API")}
}

// New builds a server pinned to the protocols where direct requests work.
func New(cfg Config) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "golegacy", Version: "0.9.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "drop_index", Description: "Drop an index"}, dropIndex)
	mcp.AddTool(s, &mcp.Tool{Name: "truncate_table", Description: "Truncate a table"}, truncateTable)
	mcp.AddTool(s, &mcp.Tool{Name: "reserve_nights", Description: "Reserve nights"}, nightsDirect)
	mcp.AddTool(s, &mcp.Tool{Name: "book_guest", Description: "Book a guest"}, bookGuest)
	mcp.AddTool(s, &mcp.Tool{Name: "oauth_connect", Description: "Connect an account"}, oauthConnect)
	mcp.AddTool(s, &mcp.Tool{Name: "notify_release", Description: "Tell the user about a release"}, notifyOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_replica", Description: "Wipe a replica"}, wipeReplica)
	mcp.AddTool(s, &mcp.Tool{Name: "rename_room", Description: "Rename a room"}, renameRoom)
	mcp.AddTool(s, &mcp.Tool{Name: "explain_query", Description: "Explain a query"}, sampleDirect)
	return s
}

// Serve runs the server over stdio, or behind a stateful HTTP handler.
func Serve(ctx context.Context, cfg Config) error {
	if cfg.Stdio {
		return New(cfg).Run(ctx, &mcp.StdioTransport{})
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return New(cfg) }, nil))
	return http.ListenAndServe(cfg.Addr, mux)
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// dbCall runs an operation through the database admin API.
func dbCall(ctx context.Context, op, target string) error {
	body := fmt.Sprintf(`{"op":%q,"target":%q}`, op, target)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, os.Getenv("LEGACY_DB_API"), bytes.NewBufferString(body))
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
